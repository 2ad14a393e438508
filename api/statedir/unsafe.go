package statedir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"strconv"
	"strings"
)

// ErrUnsafe matches every *UnsafeError (errors.Is).
var ErrUnsafe = errors.New("unsafe state file")

// UnsafeError is a state directory or file padview refuses to use: a
// symbolic link, another user's, writable by others, or not a regular
// file. Problem says what is wrong, Fix what to do about it.
type UnsafeError struct {
	Path    string
	Problem string
	Fix     string
}

func (e *UnsafeError) Error() string {
	return "refusing " + e.Path + ": " + e.Problem + "; " + e.Fix
}

func (e *UnsafeError) Is(target error) bool { return target == ErrUnsafe }

// checkDir refuses a state directory that is a link, not a directory,
// another user's or writable by others.
func checkDir(path string, fi fs.FileInfo) error {
	unsafe := func(problem, fix string) error { return &UnsafeError{Path: path, Problem: problem, Fix: fix} }
	elsewhere := "set " + Env + " to a directory of your own"
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return unsafe("the state directory is a symbolic link, which padview does not follow (someone may have planted it to make padview write elsewhere)",
			"set "+Env+" to the directory it leads to, or remove the link and padview makes the directory anew")
	case !fi.IsDir():
		return unsafe("it is not a directory", "move it away, or "+elsewhere)
	}
	if !hasOwners {
		return nil
	}
	if uid, ok := ownerOf(fi); ok && uid != os.Getuid() {
		return unsafe(fmt.Sprintf("the state directory belongs to %s, not to you (%s), who could plant or read files in it", who(uid), who(os.Getuid())), elsewhere)
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return unsafe(fmt.Sprintf("other users may write to the state directory (mode %04o), so they could plant files in it", fi.Mode().Perm()),
			"run `chmod go-w "+quote(path)+"`, or "+elsewhere)
	}
	return nil
}

// checkFile refuses a state file that is a link, not a regular file,
// another user's or writable by others.
func checkFile(path string, fi fs.FileInfo) error {
	unsafe := func(problem, fix string) error { return &UnsafeError{Path: path, Problem: problem, Fix: fix} }
	moveAway := "move it away (`mv " + quote(path) + " " + quote(path+".suspect") + "`) and look at what it holds"
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return unsafe("it is a symbolic link, which padview never follows in its state directory (someone may have planted it to make padview write elsewhere)",
			"remove the link (`rm "+quote(path)+"`); to keep padview's files elsewhere, set "+Env)
	case !fi.Mode().IsRegular():
		return unsafe("it is not a regular file ("+kindOf(fi.Mode())+")", moveAway)
	}
	if !hasOwners {
		return nil
	}
	if uid, ok := ownerOf(fi); ok && uid != os.Getuid() {
		return unsafe(fmt.Sprintf("it belongs to %s, not to you (%s): another user could have planted or changed it", who(uid), who(os.Getuid())), moveAway)
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return unsafe(fmt.Sprintf("other users may write to it (mode %04o), so it may have been changed", fi.Mode().Perm()),
			"if you trust what it holds, run `chmod 600 "+quote(path)+"`; else "+moveAway)
	}
	return nil
}

func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}

// who names a uid: "uid 1001 (bob)".
func who(uid int) string {
	s := "uid " + strconv.Itoa(uid)
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil && u.Username != "" {
		s += " (" + u.Username + ")"
	}
	return s
}

// quote makes a path safe to paste into a shell.
func quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
