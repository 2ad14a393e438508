package signals

import (
	"syscall"
	"testing"
)

// A signal is named as a user knows it, never "interrupted by interrupt".
func TestInterruptedNamesTheSignal(t *testing.T) {
	for sig, want := range map[syscall.Signal]string{syscall.SIGINT: "interrupted (Ctrl-C)", syscall.SIGTERM: "stopped by SIGTERM"} {
		if got := (&Interrupted{Signal: sig}).Error(); got != want {
			t.Errorf("%d: %q, want %q", sig, got, want)
		}
	}
}
