package export

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/osfile"
)

// maxNamePAID bounds the PAID's share of a proposed file name.
const maxNamePAID = 64

// FileName proposes a file name for an export of d made at now:
// "padview-AB12CD-standard-20261122.md", "padview-AB12CD-full-masked-…"
// for a masked document. Characters of the PAID that do not belong in a
// portable file name become "_".
func FileName(d *advert.Document, f Format, now time.Time) string {
	var b strings.Builder
	for _, r := range d.PAID {
		switch {
		case b.Len() >= maxNamePAID:
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	paid := b.String()
	if paid == "" {
		paid = "advertisement"
	}
	view := d.View.String()
	if d.Masked {
		view += "-masked"
	}
	return fmt.Sprintf("padview-%s-%s-%s.%s", paid, view, now.Format("20060102"), f.Ext())
}

// ExistsError says that the file to export to is already there. Create
// returns it instead of writing; a caller asks the user and calls Replace
// when they agree. errors.Is(err, fs.ErrExist) holds for it.
type ExistsError struct {
	Path string
	Dir  bool // the path is a directory, which Replace will not replace either
}

func (e *ExistsError) Error() string {
	if e.Dir {
		return fmt.Sprintf("%s is a directory: choose a file name", e.Path)
	}
	return fmt.Sprintf("%s already exists: choose another name or agree to replace it", e.Path)
}

func (e *ExistsError) Unwrap() error { return fs.ErrExist }

// Create writes a new file at path with what write produces, readable by
// the owner only (an export may hold personal data). It never replaces
// anything: an existing file, directory or link gives *ExistsError and is
// left alone. A failed write leaves no partial file behind.
func Create(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return Vacant(path)
	}
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// Vacant reports whether nothing is at path yet: *ExistsError when a file,
// directory or link is, so that a caller can ask before it records or
// writes anything (Create itself refuses an existing path all the same).
func Vacant(path string) error {
	st, err := os.Lstat(path)
	if err != nil {
		return nil
	}
	dir := st.IsDir()
	if st.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Stat(path)
		dir = err == nil && target.IsDir()
	}
	return &ExistsError{Path: path, Dir: dir}
}

// Replace writes path whether or not a file is there, for when the user
// agreed to replace it: the content goes to a temporary file in the same
// directory that is flushed to disk and then renamed over the old one
// (osfile.Write), so that a failed write or a crash keeps the old file
// whole. A directory is never replaced.
func Replace(path string, write func(io.Writer) error) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return &ExistsError{Path: path, Dir: true}
	}
	if err := osfile.Write(path, write, osfile.Options{}); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
