package cmd

import (
	"context"
	"errors"
	"os"
	"syscall"
	"unicode/utf8"

	"github.com/charmbracelet/x/term"

	"github.com/padview/padview/api/signals"
	"github.com/padview/padview/keystore"
)

func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }

// terminalWidth is the width in columns of the terminal f is, or 0.
func terminalWidth(f *os.File) int {
	w, _, err := term.GetSize(f.Fd())
	if err != nil {
		return 0
	}
	return w
}

// errCtrlC is a read ended by Ctrl-C typed at the terminal.
var errCtrlC = &signals.Interrupted{Signal: syscall.SIGINT}

// errTerminalClosed ends a read whose terminal went away.
var errTerminalClosed = errors.New("the terminal closed")

// readKeys makes a line of the keys typed, as next returns them: Enter
// ends it, Ctrl-C (errCtrlC) and Ctrl-D on an empty line give up,
// backspace and Ctrl-U edit; next's error ends it too. It keeps at most
// twice the longest token, so that no paste costs more memory;
// keystore.CleanToken refuses what is too long.
func readKeys(next func() ([]byte, error)) (string, error) {
	var line []byte
	for {
		chunk, err := next()
		if err != nil {
			return "", err
		}
		for _, b := range chunk {
			switch b {
			case '\r', '\n':
				return string(line), nil
			case 3: // Ctrl-C
				return "", errCtrlC
			case 4: // Ctrl-D
				if len(line) == 0 {
					return "", errors.New("no token typed (Ctrl-D)")
				}
			case 21: // Ctrl-U
				line = line[:0]
			case 8, 127: // backspace
				if len(line) > 0 {
					_, n := utf8.DecodeLastRune(line)
					line = line[:len(line)-n]
				}
			default:
				if len(line) < 2*keystore.MaxTokenLength {
					line = append(line, b)
				}
			}
		}
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
