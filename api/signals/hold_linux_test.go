package signals

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
)

// A signal that comes while it is held is delivered again on Release:
// whoever listens hears it twice, the process dies of it only then (as the
// binary's tests see).
func TestSignalsAreHeldAndDeliveredAgain(t *testing.T) {
	mine := make(chan os.Signal, 4)
	signal.Notify(mine, syscall.SIGHUP) // so that the test process lives on
	defer signal.Stop(mine)
	h := NewHold()
	syscall.Kill(os.Getpid(), syscall.SIGHUP)
	<-mine
	h.Release()
	if d := h.Delivered(); len(d) != 1 || d[0] != syscall.SIGHUP {
		t.Fatalf("the hold delivered %v again, want SIGHUP", d)
	}
	<-mine // delivered again
}

// A SIGPIPE (a write to stdout after its reader went) that comes while
// signals are held does not end the process there; Release makes the
// write again, and the process ends of SIGPIPE then, as it would have.
// Without the hold it ends at the write itself. Each runs in a child
// whose stdout is a pipe without a reader.
func TestHeldSIGPIPEEndsTheProcessAfterward(t *testing.T) {
	if mode := os.Getenv("PADVIEW_SIGPIPE_CHILD"); mode != "" {
		var h *Hold
		if mode == "held" {
			h = NewHold()
		}
		_, err := os.Stdout.Write([]byte("x"))
		fmt.Fprintf(os.Stderr, "alive after the write: %v\n", err)
		if h != nil {
			h.Release()
		}
		fmt.Fprintln(os.Stderr, "alive after release")
		os.Exit(0)
	}
	for _, c := range []struct{ mode, says string }{{"held", "alive after the write: write /dev/stdout: broken pipe"}, {"not held", ""}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHeldSIGPIPEEndsTheProcessAfterward$")
		cmd.Env = append(os.Environ(), "PADVIEW_SIGPIPE_CHILD="+c.mode)
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		cmd.Stdout = w
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err = cmd.Run()
		w.Close()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGPIPE {
			t.Fatalf("%s: the child did not end of SIGPIPE: %v, stderr %q", c.mode, err, stderr.String())
		}
		if strings.TrimSpace(stderr.String()) != c.says {
			t.Errorf("%s: stderr %q; want %q", c.mode, stderr.String(), c.says)
		}
	}
}
