package cmd

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
)

func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }

// readSecret reads one line from the terminal without echoing it.
func readSecret() (string, error) {
	b, err := term.ReadPassword(os.Stdin.Fd())
	fmt.Fprintln(os.Stderr)
	return string(b), err
}

// readLine reads one line from a pipe, without the line ending.
func readLine(r *bufio.Reader) (string, error) {
	s, err := r.ReadString('\n')
	if err != nil && s == "" {
		return "", err
	}
	return strings.TrimRight(s, "\r\n"), nil
}
