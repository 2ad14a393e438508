package signals

import (
	"runtime"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// A signal that comes as a command ends still decides the exit code:
// InterruptedBy takes in a signal os/signal has not yet handed over (the
// signal goes to this very thread, so that it has come when Tgkill
// returns).
func TestSignalAsTheCommandEndsCounts(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		ctx, stop := WithCancel(t.Context())
		if err := unix.Tgkill(unix.Getpid(), unix.Gettid(), sig); err != nil {
			t.Fatal(err)
		}
		i, ok := InterruptedBy(ctx)
		stop()
		if !ok || i.Signal != sig || i.ExitCode() != 128+int(sig) {
			t.Fatalf("%v: interrupted %v (%v)", sig, ok, i)
		}
	}
}

// The hold notes the very signals WithCancel diverts, from one list: one
// that comes while signals are held is caught, and not delivered again.
func TestTheHoldNotesWhatWithCancelDiverts(t *testing.T) {
	ctx, stop := WithCancel(t.Context())
	defer stop()
	h := NewHold()
	if err := unix.Kill(unix.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-h.Signaled()
	h.Release()
	if i, ok := InterruptedBy(ctx); !ok || i.Signal != syscall.SIGTERM || len(h.Delivered()) != 0 {
		t.Fatalf("interrupted %v (%v); delivered again %v", ok, i, h.Delivered())
	}
}
