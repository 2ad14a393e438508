package signals

import (
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// pending sees a signal that has come but that no thread has taken yet
// (here: this thread blocks it), and no longer once it is handed over.
func TestPendingSeesASignalNotYetTaken(t *testing.T) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGUSR2)
	defer signal.Stop(ch)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var set, old unix.Sigset_t
	set.Val[0] = 1 << (syscall.SIGUSR2 - 1)
	if err := unix.PthreadSigmask(unix.SIG_BLOCK, &set, &old); err != nil {
		t.Fatal(err)
	}
	sigs := []os.Signal{syscall.SIGHUP, syscall.SIGUSR2}
	if pending(sigs) {
		t.Fatal("pending before the signal came")
	}
	if err := unix.Tgkill(unix.Getpid(), unix.Gettid(), syscall.SIGUSR2); err != nil {
		t.Fatal(err)
	}
	if !pending(sigs) || pending([]os.Signal{syscall.SIGHUP}) {
		t.Fatalf("pending(SIGHUP, SIGUSR2) %v, pending(SIGHUP) %v", pending(sigs), pending([]os.Signal{syscall.SIGHUP}))
	}
	if err := unix.PthreadSigmask(unix.SIG_SETMASK, &old, nil); err != nil {
		t.Fatal(err)
	}
	if s := <-ch; s != syscall.SIGUSR2 || pending(sigs) {
		t.Fatalf("got %v; still pending: %v", s, pending(sigs))
	}
}
