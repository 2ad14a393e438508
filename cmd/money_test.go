package cmd

import (
	"regexp"
	"strings"
	"testing"
)

// euros finds every amount in EUR a report writes.
var euros = regexp.MustCompile(`EUR -?[0-9][0-9,]*(\.[0-9]+)?`)

// TestDemoAmountsReadInOneFormat: AB12CD's total (sent 48250.00) and a
// sponsor's contribution (sent 30000) read alike in one report, each with
// EUR's two decimals, in text and in Markdown (issue 24: "EUR 48,250.00"
// beside "EUR 30,000").
func TestDemoAmountsReadInOneFormat(t *testing.T) {
	h := newHarness(t) // --demo needs no token
	for _, format := range []string{"text", "markdown"} {
		code, out, errs := h.run("--demo", "get", "--format", format, "AB12CD")
		if code != ExitOK {
			t.Fatalf("%s: exit %d, stderr %q", format, code, errs)
		}
		for _, want := range []string{"EUR 48,250.00", "EUR 30,000.00", "EUR 18,250.00"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q:\n%s", format, want, out)
			}
		}
		for _, amount := range euros.FindAllString(out, -1) {
			if !regexp.MustCompile(`\.[0-9]{2}$`).MatchString(amount) {
				t.Errorf("%s writes %q, not with two decimals as the others:\n%s", format, amount, out)
			}
		}
	}
}
