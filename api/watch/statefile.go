package watch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// The watch database's files are state files: they are never followed
// through a symbolic link, never left to another user, and created
// private. The checks live here, in one place, so that a shared state
// directory package can take them over.

// prepareDir creates dir private (0700) if it is missing, and refuses one
// that is a symbolic link, belongs to another user, or others may write
// to: in such a directory another user could slip a link in where SQLite
// is about to create its -wal or -shm file.
func prepareDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("creating the state directory: %w", err)
	}
	st, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("the state directory %s is a symbolic link; padview does not follow links for its state: set %s to a real directory", dir, envStateDir)
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return checkOwner(dir, st, 0o022, "set "+envStateDir+" to a directory only you can write to")
}

// envStateDir names the variable that moves the state directory, for the
// advice in errors (api/audit owns the variable itself).
const envStateDir = "PADVIEW_STATE_DIR"

// openStateFile opens a state file without following a symbolic link,
// creating it 0600 when create is set and it is missing, and refuses one
// that belongs to another user or that others may read or write.
func openStateFile(path string, flag int, create bool) (*os.File, error) {
	if err := checkStateFile(path); err != nil { // links, before any open (O_NOFOLLOW is not everywhere)
		return nil, err
	}
	flag |= noFollow
	f, err := os.OpenFile(path, flag, 0)
	if create && errors.Is(err, fs.ErrNotExist) {
		f, err = os.OpenFile(path, flag|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) { // another process made it first
			f, err = os.OpenFile(path, flag, 0)
		}
	}
	if err != nil {
		return nil, linkError(path, err)
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file", path)
	}
	if err == nil {
		err = checkOwner(path, st, 0o077, "make it private with chmod 600, or move it away")
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// checkStateFile applies openStateFile's rules to a file SQLite opens
// itself (the database, its -wal and -shm files); a missing file is fine.
func checkStateFile(path string) error {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s is a symbolic link; padview does not follow links for its state: remove it", path)
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", path)
	}
	return checkOwner(path, st, 0o077, "make it private with chmod 600, or move it away")
}

// linkError words the error O_NOFOLLOW gives for a link.
func linkError(path string, err error) error {
	if st, lerr := os.Lstat(path); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s is a symbolic link; padview does not follow links for its state: remove it", path)
	}
	return err
}

// checkOwner refuses a file or directory of another user, or one whose
// mode has any of the bits in deny. Windows has neither: its ACLs are
// the profile's.
func checkOwner(path string, st fs.FileInfo, deny fs.FileMode, advice string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	if uid, ok := fileOwner(st); ok && uid != os.Getuid() {
		return fmt.Errorf("%s belongs to another user; padview keeps its state private: %s", path, advice)
	}
	if st.Mode().Perm()&deny != 0 {
		return fmt.Errorf("%s is open to other users (mode %04o); padview keeps its state private: %s", path, st.Mode().Perm(), advice)
	}
	return nil
}

// stateFiles are the files SQLite keeps beside the database.
func stateFiles(db string) []string {
	return []string{db, db + "-wal", db + "-shm", db + "-journal"}
}

// sibling is a file beside the database.
func sibling(db, name string) string { return filepath.Join(filepath.Dir(db), name) }
