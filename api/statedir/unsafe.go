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
	elsewhere := "set " + Env + " to a directory of your own"
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return &UnsafeError{Path: path, Problem: "the state directory is a symbolic link, which padview does not follow " +
			"(someone may have planted it to make padview write elsewhere)",
			Fix: "set " + Env + " to the directory it leads to, or remove the link and padview makes the directory anew"}
	case !fi.IsDir():
		return &UnsafeError{Path: path, Problem: "it is not a directory", Fix: "move it away, or " + elsewhere}
	}
	return checkOwnerAndMode(path, fi, "the state directory", ", who could plant or read files in it", elsewhere,
		", so they could plant files in it", "run `chmod go-w "+quote(path)+"`, or "+elsewhere)
}

// checkFile refuses a state file that is a link, not a regular file,
// another user's or writable by others.
func checkFile(path string, fi fs.FileInfo) error {
	moveAway := "move it away (`mv " + quote(path) + " " + quote(path+".suspect") + "`) and look at what it holds"
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return &UnsafeError{Path: path, Problem: "it is a symbolic link, which padview never follows in its state directory " +
			"(someone may have planted it to make padview write elsewhere)",
			Fix: "remove the link (`rm " + quote(path) + "`); to keep padview's files elsewhere, set " + Env}
	case !fi.Mode().IsRegular():
		return &UnsafeError{Path: path, Problem: "it is not a regular file (" + kindOf(fi.Mode()) + ")", Fix: moveAway}
	}
	return checkOwnerAndMode(path, fi, "it", ": another user could have planted or changed it",
		moveAway+"; if it is yours after all, take it back with `sudo chown "+me()+" "+quote(path)+"`",
		", so it may have been changed", "if you trust what it holds, run `chmod 600 "+quote(path)+"`; else "+moveAway)
}

// checkOwnerAndMode refuses what another user owns, or what others may
// write to; what names it in the sentence ("the state directory", "it"),
// and each refusal has its consequence and its fix.
func checkOwnerAndMode(path string, fi fs.FileInfo, what, foreignMeans, foreignFix, writableMeans, writableFix string) error {
	if !hasOwners {
		return nil
	}
	if uid, ok := ownerOf(fi); ok && uid != os.Getuid() {
		return &UnsafeError{Path: path, Problem: fmt.Sprintf("%s belongs to %s, not to you (%s)%s", what, who(uid), who(os.Getuid()), foreignMeans),
			Fix: foreignFix}
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return &UnsafeError{Path: path, Problem: fmt.Sprintf("other users may write to %s (mode %04o)%s", what, fi.Mode().Perm(), writableMeans),
			Fix: writableFix}
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

// me names the user padview runs as, for a chown command: the user name,
// else the uid.
func me() string {
	uid := strconv.Itoa(os.Getuid())
	if u, err := user.LookupId(uid); err == nil && u.Username != "" {
		return quote(u.Username)
	}
	return uid
}

// quote makes a path safe to paste into a shell.
func quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
