package cmd

import (
	"fmt"
	"os"

	"github.com/charmbracelet/x/term"
)

func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }

// readSecret reads one line from the terminal without echoing it.
func readSecret() (string, error) {
	b, err := term.ReadPassword(os.Stdin.Fd())
	fmt.Fprintln(os.Stderr)
	return string(b), err
}
