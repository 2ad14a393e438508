package cmd

import (
	"context"
	"fmt"
	"os"

	"github.com/charmbracelet/x/term"
)

func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }

// readSecret reads one line from the terminal without echoing it. Ctrl-C
// (SIGINT, which ends ctx) gives up at once with the echo restored; the
// read left behind ends with the process, and what it would have read is
// never used.
func readSecret(ctx context.Context) (string, error) {
	fd := os.Stdin.Fd()
	state, err := term.GetState(fd)
	if err != nil {
		return "", err
	}
	type line struct {
		b   []byte
		err error
	}
	got := make(chan line, 1)
	go func() {
		b, err := term.ReadPassword(fd)
		got <- line{b, err}
	}()
	select {
	case l := <-got:
		fmt.Fprintln(os.Stderr)
		return string(l.b), l.err
	case <-ctx.Done():
		_ = term.Restore(fd, state)
		fmt.Fprintln(os.Stderr)
		return "", ctx.Err()
	}
}

// readAll reads what read returns, or gives up when ctx ends first (the
// read left behind ends with the process).
func readAll(ctx context.Context, read func() (string, error)) (string, error) {
	type answer struct {
		s   string
		err error
	}
	got := make(chan answer, 1)
	go func() {
		s, err := read()
		got <- answer{s, err}
	}()
	select {
	case t := <-got:
		return t.s, t.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
