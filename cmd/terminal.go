package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"unicode/utf8"

	"github.com/charmbracelet/x/term"

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
var errCtrlC = &Interrupted{Signal: syscall.SIGINT}

// readSecret prints prompt on stderr and reads one line from the terminal
// on stdin without echo. The terminal is raw while it reads, prompt
// included, so that Ctrl-C arrives as a key in the order typed: it ends
// the read (errCtrlC), and nothing typed before or after it is used. A
// signal from elsewhere (ctx) ends the read too. The terminal is restored
// before readSecret returns; a read left waiting ends with the process.
func readSecret(ctx context.Context, prompt string) (string, error) {
	fd := os.Stdin.Fd()
	old, err := term.MakeRaw(fd)
	if err != nil {
		return "", err
	}
	fmt.Fprint(os.Stderr, prompt)
	keys, stop := make(chan []byte), make(chan struct{})
	defer close(stop)
	go func() {
		buf := make([]byte, 256)
		for {
			n, err := os.Stdin.Read(buf)
			if n > 0 {
				select {
				case keys <- append([]byte(nil), buf[:n]...):
				case <-stop:
					return
				}
			}
			if err != nil {
				close(keys)
				return
			}
		}
	}()
	line, err := readKeys(ctx, keys)
	_ = term.Restore(fd, old)
	fmt.Fprintln(os.Stderr)
	return line, err
}

// readKeys makes a line of the keys typed: Enter ends it, Ctrl-C
// (errCtrlC) and Ctrl-D on an empty line give up, backspace and Ctrl-U
// edit. It keeps at most twice the longest token, so that no paste costs
// more memory; keystore.CleanToken refuses what is too long.
func readKeys(ctx context.Context, keys <-chan []byte) (string, error) {
	var line []byte
	for {
		var chunk []byte
		var ok bool
		select {
		case chunk, ok = <-keys:
			if !ok {
				return "", errors.New("the terminal closed")
			}
		case <-ctx.Done():
			return "", ctx.Err()
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
