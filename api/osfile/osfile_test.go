package osfile

import (
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
