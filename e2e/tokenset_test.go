//go:build linux

package e2e

import (
	"io"
	"strings"
	"syscall"
	"testing"
)

// Ctrl-C at `token set`'s hidden prompt ends padview at once with 130,
// saving nothing, every time: 30 runs of the real binary in a
// pseudo-terminal, the keys sent once the prompt shows, with nothing
// typed, with a token typed before, and with keys typed after (which no
// read of padview's may be left waiting for). A signal from elsewhere at
// the prompt ends it as at once, 130 or 143. A hang fails the test by
// go test's timeout; nothing here waits on a clock.
func TestTokenSetCtrlCEndsAtOnceEveryTime(t *testing.T) {
	t.Parallel() // its own binary and directories: it waits on the child, not on the CPU
	runs := []struct {
		name string
		send func(io.Writer, int)
		code int
	}{
		{"Ctrl-C", func(w io.Writer, _ int) { w.Write([]byte{3}) }, 130},
		{"typed, then Ctrl-C", func(w io.Writer, _ int) { io.WriteString(w, "tok-typed-before\x03") }, 130},
		{"Ctrl-C, then more", func(w io.Writer, _ int) { io.WriteString(w, "\x03tok-typed-after\r") }, 130},
		{"SIGINT", func(_ io.Writer, pid int) { syscall.Kill(pid, syscall.SIGINT) }, 130},
		{"SIGTERM", func(_ io.Writer, pid int) { syscall.Kill(pid, syscall.SIGTERM) }, 143},
	}
	keyring := keyringSession(t)
	for i := range 30 {
		r := runs[i%len(runs)]
		p := padviewCmd(t, "")
		p.Args = append(p.Args, "token", "set")
		p.Env = append(p.Env, keyring...) // token set asks only once it found the keyring
		tty, seen := startInTerminal(t, p, "(input hidden): ")
		r.send(tty, p.Process.Pid)
		readUntil(tty, "\x00never", seen) // everything until padview ends and the terminal closes
		_ = p.Wait()
		out := seen.String()
		if code := p.ProcessState.ExitCode(); code != r.code || !strings.Contains(out, "interrupted: nothing was saved") || strings.Contains(out, "Saved") {
			t.Fatalf("run %d (%s): exit %d, want %d:\n%q", i, r.name, code, r.code, out)
		}
		tty.Close()
	}
}
