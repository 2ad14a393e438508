package cmd

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// Each exit code means one thing in every command but diff's 1 (diff(1)'s
// "they differ"): diff's other failures are 8, not check's 6; and the
// table in docs/cli.md lists each code once.
func TestExitCodesTableMatchesTheCode(t *testing.T) {
	codes := []int{ExitOK, ExitFailure, ExitUsage, ExitNotFound, ExitToken, ExitRateLimited, ExitIncomplete, ExitUndetermined, ExitDiffFailed}
	seen := map[int]bool{}
	for _, c := range codes {
		if seen[c] {
			t.Errorf("exit code %d has two meanings", c)
		}
		seen[c] = true
	}
	b, err := os.ReadFile("../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(b), "\n## Exit codes\n")
	section, _, _ = strings.Cut(section, "\n## ")
	rows := map[int]string{}
	for _, line := range strings.Split(section, "\n") {
		var n int
		if _, err := fmt.Sscanf(line, "| %d |", &n); err == nil {
			if _, dup := rows[n]; dup {
				t.Errorf("docs/cli.md lists exit %d twice", n)
			}
			rows[n] = line
		}
	}
	for _, c := range codes {
		if rows[c] == "" {
			t.Errorf("docs/cli.md's exit-code table lacks %d", c)
		}
	}
	if len(rows) != len(codes) {
		t.Errorf("docs/cli.md lists %d exit codes, the code has %d", len(rows), len(codes))
	}
	if !strings.Contains(rows[ExitDiffFailed], "padview diff") || strings.Contains(rows[ExitIncomplete], "diff") {
		t.Errorf("diff's failure code is not its own:\n%s\n%s", rows[ExitDiffFailed], rows[ExitIncomplete])
	}
}
