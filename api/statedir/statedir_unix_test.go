//go:build unix

package statedir

import (
	"os"
	"syscall"
	"testing"
)

// A named pipe in a state file's place is refused at once, not waited on.
func TestOpenFileRefusesAPipeWithoutBlocking(t *testing.T) {
	needUnix(t)
	d, _ := At(t.TempDir(), true)
	if err := syscall.Mkfifo(d.File("access.log.head"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := d.ReadFile("access.log.head", 100)
	wantUnsafe(t, err, "named pipe")
	os.Mkdir(d.File("dir"), 0o700)
	_, err = d.OpenFile("dir", os.O_RDONLY)
	wantUnsafe(t, err, "a directory")
}
