package watch

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// KeyFile is the name of the file beside the database that holds the key
// of its keyed hashes: 32 random bytes, private (0600).
const KeyFile = "watch.key"

const keySize = 32

// readKey reads the key file; missing reports whether there is none.
func readKey(path string) (key []byte, missing bool, err error) {
	if err := checkStateFile(path); err != nil {
		return nil, false, err
	}
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, true, nil
	}
	f, err := openStateFile(path, os.O_RDONLY, false)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	key = make([]byte, keySize+1)
	n, err := io.ReadFull(f, key)
	if n != keySize || !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, false, fmt.Errorf("%s is not a padview watch key (%d bytes, not %d): restore it, or move the database away to start anew", path, n, keySize)
	}
	return key[:keySize], false, nil
}

// createKey writes a new random key, refusing to replace any file.
func createKey(path string) ([]byte, error) {
	key := make([]byte, keySize)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|noFollow, 0o600)
	if err != nil {
		return nil, fmt.Errorf("creating the watch key: %w", err)
	}
	if _, err := f.Write(key); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return nil, err
	}
	return key, f.Close()
}

// keyCheck identifies a key without revealing it, so that a database
// opened with another key (the file replaced or lost) is noticed before
// every personal value reads as changed.
func keyCheck(key []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("padview watch key check"))
	return hex.EncodeToString(m.Sum(nil)[:8])
}
