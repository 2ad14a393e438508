package statedir

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/padview/padview/api/osfile"
)

// Dir is a state directory that passed the checks (see the package doc);
// each of its file operations checks the directory again.
type Dir struct {
	path   string
	chosen bool // named by the user: never narrowed
}

// Open is the state directory Locate finds, created private (0700) when
// missing, and checked.
func Open(getenv func(string) string) (*Dir, error) {
	path, chosen, err := Locate(getenv)
	if err != nil {
		return nil, err
	}
	return At(path, chosen)
}

// Find is the state directory Locate finds when it exists, checked; an
// error satisfying errors.Is(err, fs.ErrNotExist) when it does not. It
// creates nothing: for commands that only read.
func Find(getenv func(string) string) (*Dir, error) {
	path, chosen, err := Locate(getenv)
	if err != nil {
		return nil, err
	}
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	return use(path, chosen, fi)
}

// At is the state directory at path, created private (0700) when missing
// (with any missing parents), and checked. chosen says the user named it:
// padview then never changes its mode. When padview's own directory is
// readable by others, it is made private.
func At(path string, chosen bool) (*Dir, error) {
	path = filepath.Clean(path)
	if err := os.MkdirAll(path, 0o700); err != nil {
		return nil, fmt.Errorf("creating the state directory: %w", err)
	}
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	return use(path, chosen, fi)
}

func use(path string, chosen bool, fi fs.FileInfo) (*Dir, error) {
	if err := checkDir(path, fi); err != nil {
		return nil, err
	}
	if hasOwners && !chosen && fi.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(path, 0o700); err != nil {
			return nil, fmt.Errorf("the state directory %s is readable by others and cannot be made private: %w", path, err)
		}
	}
	return &Dir{path: path, chosen: chosen}, nil
}

// Path is the directory's path.
func (d *Dir) Path() string { return d.path }

// File is the path of the state file name in the directory.
func (d *Dir) File(name string) string { return filepath.Join(d.path, name) }

// name checks that name is a file directly in the directory, and the
// directory again: a long session must not miss a directory that became a
// link or writable by others after it was opened.
func (d *Dir) name(name string) (string, error) {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) || filepath.Base(name) != name {
		return "", fmt.Errorf("state file %q: a state file is named without a directory", name)
	}
	fi, err := os.Lstat(d.path)
	if err != nil {
		return "", err
	}
	if err := checkDir(d.path, fi); err != nil {
		return "", err
	}
	return d.File(name), nil
}

// OpenFile opens the state file name with flag (os.O_RDONLY, os.O_RDWR,
// os.O_CREATE, os.O_APPEND, …; a file it creates is 0600). It refuses,
// with an *UnsafeError, a symbolic link (never followed), anything but a
// regular file, and a file another user owns or may write to; a file
// readable by others is made private (0600).
func (d *Dir) OpenFile(name string, flag int) (*os.File, error) {
	path, err := d.name(name)
	if err != nil {
		return nil, err
	}
	if openFlags == 0 { // no O_NOFOLLOW here: look first
		if fi, err := os.Lstat(path); err == nil {
			if err := checkFile(path, fi); err != nil {
				return nil, err
			}
		}
	}
	f, err := os.OpenFile(path, flag|openFlags, 0o600)
	if err != nil {
		// O_NOFOLLOW fails on a link (ELOOP, or EMLINK on some BSDs): say why.
		if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return nil, checkFile(path, fi)
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = checkFile(path, fi)
	}
	if err == nil && hasOwners && fi.Mode().Perm()&0o077 != 0 {
		if cerr := f.Chmod(0o600); cerr != nil {
			err = fmt.Errorf("%s is readable by others and cannot be made private: %w", path, cerr)
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// Prepare makes sure the state file name exists and is safe (as
// OpenFile), creating it empty (0600) when missing, and returns its path:
// for a file another library opens by name, such as a database.
func (d *Dir) Prepare(name string) (string, error) {
	f, err := d.OpenFile(name, os.O_RDWR|os.O_CREATE)
	if err != nil {
		return "", err
	}
	return f.Name(), f.Close()
}

// Secure applies OpenFile's rules to the state file name before another
// library opens it by name (a database's -wal and -shm files): a link,
// another user's file or one others may write to is refused, one others
// may read is made private (0600); a missing file passes. It opens the
// file and closes it again, so it must come before that library opens the
// file in this process: closing any descriptor of a file drops the
// process's POSIX locks on it.
func (d *Dir) Secure(name string) error {
	f, err := d.OpenFile(name, os.O_RDONLY)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return f.Close()
}

// Check applies OpenFile's rules to the state file name without opening
// it: for a file another library has open (a database's journal, say),
// which only Lstat may look at (see Secure). A missing file passes.
// Unlike OpenFile it changes no mode: a file readable by others is
// refused.
func (d *Dir) Check(name string) error {
	path, err := d.name(name)
	if err != nil {
		return err
	}
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := checkFile(path, fi); err != nil {
		return err
	}
	if hasOwners && fi.Mode().Perm()&0o077 != 0 {
		return &UnsafeError{Path: path, Problem: fmt.Sprintf("others may read it (mode %04o)", fi.Mode().Perm()),
			Fix: "run `chmod 600 " + quote(path) + "`"}
	}
	return nil
}

// ReadFile reads the state file name, at most limit bytes (a longer file
// is an error: not one padview wrote), with OpenFile's checks. A missing
// file is an error satisfying errors.Is(err, fs.ErrNotExist).
func (d *Dir) ReadFile(name string, limit int64) ([]byte, error) {
	f, err := d.OpenFile(name, os.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s is larger than the %d bytes padview writes there", f.Name(), limit)
	}
	return b, nil
}

// WriteFile replaces the state file name with data in one step
// (osfile.Write): data goes to a new temporary file beside it, made with
// exclusive create (0600), flushed to disk, and renamed over name, so
// that a reader sees the old file or the new one, never half of one. An
// existing name that OpenFile would refuse is refused and left alone. On
// failure nothing is left and name is as it was; without an error, name
// holds data.
func (d *Dir) WriteFile(name string, data []byte) error {
	path, err := d.name(name)
	if err != nil {
		return err
	}
	if fi, err := os.Lstat(path); err == nil {
		if err := checkFile(path, fi); err != nil {
			return err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return osfile.WriteBytes(path, data, osfile.Options{Create: func() (*os.File, error) { return d.createTemp(name) }})
}

// createTemp makes a new file "name.<random>.tmp" in the directory with
// exclusive create: whatever already stands at that name, a planted link
// included, makes it fail rather than be opened.
func (d *Dir) createTemp(name string) (*os.File, error) {
	var err error
	for range 8 {
		var r [6]byte
		_, _ = rand.Read(r[:])
		p := d.File(name + "." + hex.EncodeToString(r[:]) + ".tmp")
		var f *os.File
		f, err = os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL|openFlags, 0o600)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	return nil, fmt.Errorf("cannot make a temporary file for %s: %w", d.File(name), err)
}
