package watch

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/padview/padview/api/statedir"
)

// KeyFile is the name of the file beside the database that holds the key
// of its keyed hashes: 32 random bytes, private (0600).
const KeyFile = "watch.key"

const keySize = 32

// readKey reads the key file in d (made private if others may read it,
// refused if it is a link, another user's or writable by others);
// missing reports whether there is none.
func readKey(d *statedir.Dir) (key []byte, missing bool, err error) {
	b, err := d.ReadFile(KeyFile, keySize+1)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, true, nil
	case errors.Is(err, statedir.ErrUnsafe):
		return nil, false, err
	case err != nil && statedir.CauseOf(err) != statedir.Unknown:
		return nil, false, statedir.Fail(d.File(KeyFile), "read", err)
	case err != nil:
		return nil, false, fmt.Errorf("%s is not a padview watch key (%v): restore it, or move the database away to start anew", d.File(KeyFile), err)
	case len(b) != keySize:
		return nil, false, fmt.Errorf("%s is not a padview watch key (%d bytes, not %d): restore it, or move the database away to start anew", d.File(KeyFile), len(b), keySize)
	}
	return b, false, nil
}

// createKey writes a new random key (0600), refusing to replace any
// file: when another padview made one first, its key is the one.
func createKey(d *statedir.Dir) ([]byte, error) {
	key := make([]byte, keySize)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	f, err := d.OpenFile(KeyFile, os.O_WRONLY|os.O_CREATE|os.O_EXCL)
	if errors.Is(err, fs.ErrExist) {
		key, _, err = readKey(d)
		return key, err
	}
	if err != nil {
		return nil, keyFailure(d, err)
	}
	_, err = f.Write(key)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name()) // a torn key would stop every later open
		return nil, keyFailure(d, err)
	}
	return key, nil
}

// keyFailure words a failure to write the key file.
func keyFailure(d *statedir.Dir, err error) error {
	if errors.Is(err, statedir.ErrUnsafe) {
		return err
	}
	return statedir.Fail(d.File(KeyFile), "write", err)
}

// keyCheck identifies a key without revealing it, so that a database
// opened with another key (the file replaced or lost) is noticed before
// every personal value reads as changed.
func keyCheck(key []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("padview watch key check"))
	return hex.EncodeToString(m.Sum(nil)[:8])
}
