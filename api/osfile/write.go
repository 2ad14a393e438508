package osfile

import (
	"io"
	"os"
	"path/filepath"
)

// Options says how Write makes its temporary file and puts it in place.
// The zero value makes it with os.CreateTemp beside the file (0600,
// exclusive create) and renames it over the file.
type Options struct {
	// Create makes a new, empty temporary file in the directory of the
	// file written; nil is os.CreateTemp(dir, ".NAME.*.tmp").
	Create func() (*os.File, error)
	// Place puts the written and flushed temporary file tmp at path; nil
	// is os.Rename, which replaces whatever file is there. One that does
	// not rename removes tmp itself once placed.
	Place func(tmp, path string) error
}

// Write writes path whole with what write produces: into a temporary file
// beside it, flushed to disk, closed and put in place (o.Place), then the
// directory is flushed so that the rename outlives a power loss. On a
// failure the temporary file is removed and path is as it was; the error
// is the step's own, for the caller to word.
func Write(path string, write func(io.Writer) error, o Options) error {
	create, place := o.Create, o.Place
	if create == nil {
		create = func() (*os.File, error) {
			return os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
		}
	}
	if place == nil {
		place = os.Rename
	}
	tmp, err := create()
	if err != nil {
		return err
	}
	err = write(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = place(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	// The file is in place: a failed directory sync means only that a
	// power loss may undo the rename, which is no reason to call it failed.
	_ = SyncDir(filepath.Dir(path))
	return nil
}

// WriteBytes is Write of data.
func WriteBytes(path string, data []byte, o Options) error {
	return Write(path, func(w io.Writer) error { _, err := w.Write(data); return err }, o)
}
