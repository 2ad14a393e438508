package cmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/user"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"github.com/padview/padview/api/statedir"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// fields --write and the TUI's Other tab add [fields] lines to the config
// file through this file: one writer, so that both write the same lines
// to the same table under the same rules.

// fieldsTable is the table [fields] lines are added to: the profile's
// ([profiles.NAME.fields]) when a profile was named (--profile,
// PADVIEW_PROFILE or default_profile), since the names are that service's;
// else the top level's [fields], which every profile reads, as
// Config.vocabulary reads them.
type fieldsTable struct {
	file    string // the config file padview reads
	profile string // "" for the top-level [fields]
}

func (s Settings) fieldsTable() fieldsTable {
	t := fieldsTable{file: s.ConfigPath}
	if s.namedBy != "" {
		t.profile = s.Profile
	}
	return t
}

// keys is the table's name as TOML keys.
func (t fieldsTable) keys() []string {
	if t.profile == "" {
		return []string{"fields"}
	}
	return []string{"profiles", t.profile, "fields"}
}

// header is the table's header line: "[profiles.partner.fields]".
func (t fieldsTable) header() string {
	keys := t.keys()
	for i, k := range keys {
		keys[i] = tomlKey(k)
	}
	return "[" + strings.Join(keys, ".") + "]"
}

// String names the table and the file: "[fields] in /home/…/config.toml".
func (t fieldsTable) String() string {
	return text.CleanText(t.header()) + " in " + text.CleanText(t.file)
}

// in is the table's mappings in c.
func (t fieldsTable) in(c Config) map[string]string {
	if t.profile == "" {
		return c.Fields
	}
	return c.Profiles[t.profile].Fields
}

// maxConfigBytes bounds the config file padview edits: a file larger than
// this is not one a person keeps by hand.
const maxConfigBytes = 1 << 20

// fieldsFile is the config file as fields --write found it, checked: the
// user's own regular file (or the user's own file a symbolic link leads
// to), that only its owner may write, that loads.
type fieldsFile struct {
	table fieldsTable
	real  string      // the file replaced: the config file, or the file its link leads to
	mode  fs.FileMode // its permissions, which the new file keeps; 0 when there is none yet
	data  []byte      // what it holds; nil when there is none
	cfg   Config      // data, read
}

// openFieldsFile checks the config file of t before anything is written to
// it (or looked up for it), as the uid me. A config file may be a symbolic
// link, as dotfiles often are: padview writes the file it leads to, when
// that file passes the same checks, and the link stays. Every refusal says
// what is wrong with which file and what to do; none changes anything.
func openFieldsFile(t fieldsTable, me int) (*fieldsFile, error) {
	f := &fieldsFile{table: t, real: t.file}
	fi, err := os.Lstat(t.file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return f, checkConfigDir(filepath.Dir(t.file), me) // a new file, 0600
	case err != nil:
		return nil, usagef("cannot read the config file %s: %v; nothing was written", t.file, err)
	case fi.Mode()&fs.ModeSymlink != 0:
		if f.real, err = filepath.EvalSymlinks(t.file); err != nil {
			return nil, usagef("the config file %s is a symbolic link that leads nowhere padview can read (%v): "+
				"point it at your config file, or remove it; nothing was written", t.file, err)
		}
		if fi, err = os.Lstat(f.real); err != nil {
			return nil, usagef("cannot read %s, where the config file %s leads: %v; nothing was written", f.real, t.file, err)
		}
	}
	if err := checkConfigFile(f.real, fi, me); err != nil {
		return nil, err
	}
	if err := checkConfigDir(filepath.Dir(f.real), me); err != nil {
		return nil, err
	}
	if f.data, err = readConfig(f.real); err != nil {
		return nil, err
	}
	if f.cfg, err = parseConfig(t.file, f.data); err != nil {
		return nil, usagef("%v; padview adds nothing to a config file it cannot read, and nothing was written", err)
	}
	if err := f.cfg.ProfileError(t.profile); t.profile != "" && err != nil {
		return nil, usagef("%v; padview adds nothing to a profile it cannot read, and nothing was written", err)
	}
	f.mode = fi.Mode().Perm()
	return f, nil
}

// checkConfigFile refuses a config file padview should not replace: not
// a regular file, another user's, writable by others, or read-only.
func checkConfigFile(path string, fi fs.FileInfo, me int) error {
	addYourself := "or add the lines to it yourself"
	switch perm := fi.Mode().Perm(); {
	case !fi.Mode().IsRegular():
		return usagef("refusing to write %s: it is not a regular file (%s); nothing was written", path, fi.Mode().Type())
	case isForeign(fi, me):
		uid, _ := ownerOf(fi)
		return usagef("refusing to write %s: it belongs to %s, not to you (%s), and padview writes only a config file of your own; "+
			"take it back with `sudo chown %s %s` if it is yours, %s; nothing was written", path, uidName(uid), uidName(me), userName(me), shellQuote(path), addYourself)
	case unixModes && perm&0o022 != 0:
		return usagef("refusing to write %s: other users may write to it (mode %04o), so it may have been changed; "+
			"if you trust what it holds, run `chmod go-w %s`, %s; nothing was written", path, perm, shellQuote(path), addYourself)
	case unixModes && perm&0o200 == 0:
		return usagef("refusing to write %s: it is read-only (mode %04o); make it writable with `chmod u+w %s`, %s; nothing was written",
			path, perm, shellQuote(path), addYourself)
	}
	return nil
}

// checkConfigDir refuses a directory the config file cannot be replaced in
// (the new file is made beside it and renamed over it): another user's,
// writable by others, or not writable. A directory that does not exist
// yet is made, private (0700).
func checkConfigDir(dir string, me int) error {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return usagef("cannot use the config directory %s: %v; nothing was written", dir, err)
	case !fi.IsDir():
		return usagef("refusing to write in %s: it is not a directory; nothing was written", dir)
	case isForeign(fi, me):
		uid, _ := ownerOf(fi)
		return usagef("refusing to write in %s: the directory belongs to %s, not to you (%s), who could replace the config file in it; "+
			"keep your config file in a directory of your own (%s names one); nothing was written", dir, uidName(uid), uidName(me), EnvConfigDir)
	case unixModes && fi.Mode().Perm()&0o022 != 0:
		return usagef("refusing to write in %s: other users may write to the directory (mode %04o) and could replace the config file; "+
			"run `chmod go-w %s`; nothing was written", dir, fi.Mode().Perm(), shellQuote(dir))
	case unixModes && fi.Mode().Perm()&0o200 == 0:
		return usagef("cannot write in %s: the directory is read-only for you (mode %04o), and padview replaces the config file "+
			"in one step through a new file beside it; run `chmod u+w %s`, or add the lines yourself; nothing was written",
			dir, fi.Mode().Perm(), shellQuote(dir))
	}
	return nil
}

// isForeign reports whether another user than me owns fi.
func isForeign(fi fs.FileInfo, me int) bool {
	uid, ok := ownerOf(fi)
	return ok && uid != me
}

// readConfig reads the config file, at most maxConfigBytes.
func readConfig(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usagef("cannot read the config file %s: %v; nothing was written", path, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxConfigBytes+1))
	switch {
	case err != nil:
		return nil, usagef("cannot read the config file %s: %v; nothing was written", path, err)
	case len(b) > maxConfigBytes:
		return nil, usagef("the config file %s is larger than %d bytes, more than padview edits; add the lines yourself; nothing was written", path, maxConfigBytes)
	}
	return b, nil
}

// fieldsSkip is a suggested line not added: the table maps its name
// already (to has), or an earlier line of the same name was added.
type fieldsSkip struct {
	vocab.Mapping
	has string
}

// plan splits lines into those to add and those to skip: a name the
// table has (TOML keys are compared exactly), or one an earlier line
// takes.
func (f *fieldsFile) plan(lines []vocab.Mapping) (add []vocab.Mapping, skip []fieldsSkip) {
	have := f.table.in(f.cfg)
	taken := map[string]string{}
	for _, m := range lines {
		if p, ok := have[m.Name]; ok {
			skip = append(skip, fieldsSkip{m, p})
			continue
		}
		if p, ok := taken[m.Name]; ok {
			if p != m.Path {
				skip = append(skip, fieldsSkip{m, p})
			}
			continue
		}
		taken[m.Name] = m.Path
		add = append(add, m)
	}
	return add, skip
}

// write adds lines to the table and replaces the file in one step (a new
// file beside it, flushed, renamed over it: statedir.WriteFile), keeping
// every other byte, and the file's mode. What it would write is read back
// first: unless the result loads and says exactly what the file said plus
// these lines, nothing is written.
func (f *fieldsFile) write(lines []vocab.Mapping) error {
	text := make([]string, len(lines))
	for i, m := range lines {
		text[i] = m.Line()
	}
	out := addToTable(f.data, f.table.keys(), f.table.header(), text)
	want := f.cfg
	table := maps.Clone(f.table.in(f.cfg))
	if table == nil {
		table = map[string]string{}
	}
	for _, m := range lines {
		table[m.Name] = m.Path
	}
	if f.table.profile == "" {
		want.Fields = table
	} else {
		want.Profiles = maps.Clone(want.Profiles)
		if want.Profiles == nil {
			want.Profiles = map[string]Profile{}
		}
		p := want.Profiles[f.table.profile]
		p.Fields = table
		want.Profiles[f.table.profile] = p
	}
	got, err := parseConfig(f.table.file, out)
	got.broken, want.broken = nil, nil // another profile's mistake moves down with the lines, and stays
	if err == nil && !reflect.DeepEqual(got, want) {
		err = errors.New("the file would not read back as it was with the lines added")
	}
	if err != nil {
		lines := " " + text[0] + ";" // one line (the TUI's) stays on one line
		if len(text) > 1 {
			lines = "\n  " + strings.Join(text, "\n  ") + "\n"
		}
		return usagef("padview cannot add to %s as the file is written (%v); add to the table yourself:%s nothing was written",
			f.table, err, lines)
	}
	d, err := statedir.At(filepath.Dir(f.real), true)
	if err == nil {
		err = d.WriteFile(filepath.Base(f.real), out)
	}
	if err != nil {
		return exitWith(ExitFailure, "%s; the config file is as it was", writeFailure(f.real, err))
	}
	if f.mode != 0 && f.mode != 0o600 { // WriteFile makes it 0600; a 0644 file stays 0644
		if err := os.Chmod(f.real, f.mode); err != nil {
			return exitWith(ExitFailure, "wrote %s, but could not give it back its mode %04o: %v", f.real, f.mode, err)
		}
	}
	f.data, f.cfg = out, got
	return nil
}

// writeFailure words a failed write of the config file.
func writeFailure(path string, err error) string {
	cannot := "cannot write " + path
	switch statedir.CauseOf(err) {
	case statedir.DiskFull, statedir.QuotaFull:
		return cannot + ": the disk is full; free some space and try again"
	case statedir.FileTooLarge:
		return cannot + ": it is as large as this process may make a file (ulimit -f); raise the limit and try again"
	case statedir.ReadOnlyFS:
		return cannot + ": the file system is read-only"
	case statedir.Denied:
		return cannot + ": permission denied; make it and its directory writable for you"
	}
	return fmt.Sprintf("%s: %v", cannot, err)
}

// uidName names a uid: "uid 1001 (bob)".
func uidName(uid int) string {
	s := "uid " + strconv.Itoa(uid)
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil && u.Username != "" {
		s += " (" + text.CleanText(u.Username) + ")"
	}
	return s
}

// userName is the user uid as a chown command takes it.
func userName(uid int) string {
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil && u.Username != "" {
		return shellQuote(u.Username)
	}
	return strconv.Itoa(uid)
}

// shellQuote makes a path safe to paste into a shell.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
