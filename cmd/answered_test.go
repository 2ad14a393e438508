package cmd

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// An answer for another PAID (SWAP1 answered with ZZ9999's record) is
// said on stderr by every command that looks PAIDs up, and its outputs
// keep both PAIDs: "paid" as asked, "answeredPaid" as sent (issue 24 §2).
func TestAnAnswerForAnotherPAIDIsSaid(t *testing.T) {
	h, _ := withService(t, fake.Options{})
	const warning = "padview: warning: SWAP1: the service answered for ZZ9999, not SWAP1\n"
	for _, c := range []struct {
		args []string
		out  []string
	}{
		{[]string{"get", "SWAP1"}, []string{"SWAP1 · standard view", "! the service answered for ZZ9999, not SWAP1"}},
		{[]string{"get", "--json", "SWAP1"}, []string{`{"paid":"SWAP1","answeredPaid":"ZZ9999",`, `"warnings":["the service answered for ZZ9999, not SWAP1"`}},
		{[]string{"get", "--format", "markdown", "SWAP1"}, []string{"# Advertisement SWAP1", "**Warning:** the service answered for ZZ9999, not SWAP1.", "**Answered PAID:** ZZ9999"}},
		{[]string{"get", "--format", "csv", "SWAP1", "AB12CD"}, []string{"# Warning: the service answered for ZZ9999, not SWAP1", "paid,answeredPaid,group,", "\nSWAP1,ZZ9999,sponsors,", "\nAB12CD,,sponsors,"}},
		{[]string{"check", "--json", "SWAP1"}, []string{`{"paid":"SWAP1","answeredPaid":"ZZ9999","warning":"the service answered for ZZ9999, not SWAP1","view":"standard",`}},
		{[]string{"notice", "SWAP1"}, []string{"Transparency notice · SWAP1", "Warning: the service answered for ZZ9999, not SWAP1"}},
	} {
		_, out, errs := h.run(c.args...)
		if !strings.Contains(errs, warning) {
			t.Errorf("%v: stderr lacks the warning:\n%s", c.args, errs)
		}
		for _, want := range c.out {
			if !strings.Contains(out, want) {
				t.Errorf("%v: stdout lacks %q:\n%s", c.args, want, out)
			}
		}
	}
	h.run("watch", "add", "SWAP1")
	if code, out, errs := h.run("watch", "run", "--once"); code != 0 || !strings.Contains(out, "SWAP1  first  warning: the service answered for ZZ9999, not SWAP1") {
		t.Errorf("watch run: exit %d\n%s\n%s", code, out, errs)
	}
	h, _ = withService(t, fake.Options{}) // a history of its own: the first poll again
	h.run("watch", "add", "SWAP1")
	if _, out, _ := h.run("watch", "run", "--once", "--json"); !strings.Contains(out, `{"paid":"SWAP1","answeredPaid":"ZZ9999","warning":"the service answered for ZZ9999, not SWAP1",`) {
		t.Errorf("watch run --json:\n%s", out)
	}
	if code, _, errs := h.run("get", "AB12CD"); code != 0 || strings.Contains(errs, "warning") {
		t.Errorf("AB12CD: exit %d, stderr %q", code, errs)
	}
}
