package cmd

import (
	"runtime"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// A signal that comes as a command ends still decides the exit code:
// interruptedBy takes in a signal os/signal has not yet handed over (the
// signal goes to this very thread, so that it has come when Tgkill
// returns).
func TestSignalAsTheCommandEndsCounts(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		ctx, stop := WithSignals(t.Context())
		if err := unix.Tgkill(unix.Getpid(), unix.Gettid(), sig); err != nil {
			t.Fatal(err)
		}
		i, ok := interruptedBy(ctx)
		stop()
		if !ok || i.Signal != sig || i.ExitCode() != 128+int(sig) {
			t.Fatalf("%v: interrupted %v (%v)", sig, ok, i)
		}
	}
}
