package cmd

import (
	"context"
	"errors"
	"strings"
	"syscall"
	"testing"

	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/signals"
)

// interrupt is a context a signal ended, as WithSignals makes it.
func interrupt(parent context.Context, sig syscall.Signal) context.Context {
	ctx, cancel := context.WithCancelCause(parent)
	cancel(&signals.Interrupted{Signal: sig})
	return ctx
}

// The read of a token that finishes just as Ctrl-C comes is thrown away:
// the keyring gets nothing.
func TestTokenSetInterruptedSavesNothing(t *testing.T) {
	h := newHarness(t)
	h.tty = true
	env, out, errb := h.env()
	ctx, cancel := context.WithCancelCause(t.Context())
	env.ReadSecret = func(context.Context, string) (string, error) {
		cancel(&signals.Interrupted{Signal: syscall.SIGINT})
		return "tok-typed-after-ctrl-c", nil
	}
	if code := Execute(ctx, env, []string{"token", "set"}); code != 130 || !strings.Contains(errb.String(), "interrupted: nothing was saved") || strings.Contains(out.String(), "Saved") {
		t.Fatalf("exit %d\n%s%s", code, out, errb)
	}
	if code, out, _ := h.run("token", "status"); code != ExitToken || !strings.Contains(out, "Token:    none") {
		t.Fatalf("a token was saved: exit %d\n%s", code, out)
	}
}

// A command a signal ended exits 128 + the signal's number, whatever it
// would have exited with, and says no more than what it did.
func TestSignalsDecideTheExitCode(t *testing.T) {
	h, s := withService(t, fake.Options{})
	for sig, want := range map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143} {
		env, out, errb := h.env()
		if code := Execute(interrupt(t.Context(), sig), env, []string{"get", "AB12CD", "XK9P2M", "NOPE99"}); code != want {
			t.Errorf("%v: exit %d, want %d", sig, code, want)
		}
		if out.Len() != 0 || strings.TrimSpace(errb.String()) != "padview: interrupted: 0 of 3 PAIDs done, 3 not looked up; 0 found, 0 not found, 0 failed · 0.0s" {
			t.Errorf("%v: stdout %q, stderr %q", sig, out, errb)
		}
	}
	if n := s.Stats().Requests; n != 0 {
		t.Errorf("%d requests after the signal", n)
	}
	env, _, errb := h.env()
	if code := Execute(interrupt(t.Context(), syscall.SIGINT), env, []string{"get", "AB12CD"}); code != 130 || errb.String() != "padview: AB12CD: not looked up: interrupted\n" {
		t.Errorf("one PAID: exit %d %q", code, errb)
	}
}

// Ctrl-C typed at the hidden prompt ends the read in the order typed:
// nothing before or after it is taken, however fast the keys come.
func TestReadKeys(t *testing.T) {
	for in, want := range map[string]string{
		"tok-1234\r":             "tok-1234",
		"tok-x\x7f1234\n":        "tok-1234",
		"wrong\x15tok-1234\r":    "tok-1234",
		"tok-€\x7f\x7f1234\r":    "tok1234",
		"tok-typed\x03after\r":   "Ctrl-C",
		"\x03":                   "Ctrl-C",
		"\x04":                   "Ctrl-D",
		"tok-typed-before\x04\r": "tok-typed-before",
	} {
		i := 0
		got, err := readKeys(func() ([]byte, error) { // a key at a time
			if i == len(in) {
				return nil, errTerminalClosed
			}
			i++
			return []byte{in[i-1]}, nil
		})
		switch {
		case errors.Is(err, errCtrlC) || err == errCtrlC:
			got = "Ctrl-C"
		case err != nil && strings.Contains(err.Error(), "Ctrl-D"):
			got = "Ctrl-D"
		case err != nil:
			got = err.Error()
		}
		if got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}
