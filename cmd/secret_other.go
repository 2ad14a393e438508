//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package cmd

import (
	"context"
	"fmt"
	"os"

	"github.com/charmbracelet/x/term"
)

// readSecret prints prompt on stderr and reads one line from the terminal
// on stdin without echo (see the Unix one). Here a goroutine reads the
// terminal, and a read left waiting when ctx ends goes with the process.
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
	line, err := readKeys(func() ([]byte, error) {
		select {
		case chunk, ok := <-keys:
			if !ok {
				return nil, errTerminalClosed
			}
			return chunk, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	})
	_ = term.Restore(fd, old)
	fmt.Fprintln(os.Stderr)
	return line, err
}
