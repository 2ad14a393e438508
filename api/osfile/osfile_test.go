package osfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TryLock's true is "this one holds it", its false "another holds it":
// two opens of one file are two holders, as two processes are.
func TestTryLockSaysWhoHoldsIt(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" && runtime.GOOS != "windows" {
		t.Skip("no file lock here")
	}
	p := filepath.Join(t.TempDir(), "lock")
	open := func() *os.File {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	a, b := open(), open()
	if taken, err := TryLock(a); !taken || err != nil {
		t.Fatalf("a free lock: %v %v", taken, err)
	}
	if taken, err := TryLock(b); taken || err != nil {
		t.Fatalf("a lock another holds: %v %v", taken, err)
	}
	Unlock(a)
	if taken, err := TryLock(b); !taken || err != nil {
		t.Fatalf("a lock given up: %v %v", taken, err)
	}
}

// Write replaces a file whole and leaves nothing beside it; a write that
// fails leaves the old file as it was and no temporary file.
func TestWriteReplacesWholeOrNotAtAll(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "state")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteBytes(p, []byte("new"), Options{}); err != nil {
		t.Fatal(err)
	}
	want(t, dir, p, "new")
	broken := errors.New("the disk is full")
	err := Write(p, func(w io.Writer) error { w.Write([]byte("half")); return broken }, Options{})
	if !errors.Is(err, broken) {
		t.Fatalf("the write's error: %v", err)
	}
	want(t, dir, p, "new")
}

// Options.Create makes the temporary file and Options.Place puts it in
// place: a Place that refuses leaves no temporary file.
func TestWriteOptions(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "config")
	var made string
	create := func() (*os.File, error) {
		f, err := os.OpenFile(filepath.Join(dir, "mine.tmp"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if f != nil {
			made = f.Name()
		}
		return f, err
	}
	link := func(tmp, path string) error {
		if err := os.Link(tmp, path); err != nil {
			return err
		}
		return os.Remove(tmp)
	}
	if err := WriteBytes(p, []byte("first"), Options{Create: create, Place: link}); err != nil || made == "" {
		t.Fatalf("%v (made %q)", err, made)
	}
	want(t, dir, p, "first")
	if err := WriteBytes(p, []byte("second"), Options{Create: create, Place: link}); !errors.Is(err, os.ErrExist) {
		t.Fatalf("a link over a file: %v", err)
	}
	want(t, dir, p, "first")
}

func want(t *testing.T, dir, p, content string) {
	t.Helper()
	if b, err := os.ReadFile(p); err != nil || string(b) != content {
		t.Fatalf("%s holds %q (%v), want %q", p, b, err, content)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Fatalf("%d files in the directory, want 1: %v", len(es), es)
	}
}
