package cmd

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// A pasted endpoint URL of another service (another host, or the same
// host under another base path) is refused before any request, naming
// both services, unless --any-url says to look its PAID up on this
// profile's service; a URL of this profile's service is read as its
// PAID. In a batch the refusal is that line's, and the others are looked
// up.
func TestPastedURLOfAnotherService(t *testing.T) {
	h, s := withService(t, fake.Options{})
	base := h.vars[EnvBaseURL] // http://127.0.0.1:PORT/v1
	other := "https://other-host.example/v1/advertisement/AB12CD"
	otherPath := strings.TrimSuffix(base, "/v1") + "/v2/advertisement/AB12CD"
	for _, in := range []string{other, otherPath, "https://other-host.example/v1/advertisement-full/AB12CD"} {
		before := s.Stats().Requests
		code, _, errs := h.run("get", in)
		if code != ExitUsage || !strings.Contains(errs, "not of this profile's service ("+base+")") || !strings.Contains(errs, "--any-url") {
			t.Errorf("get %s: exit %d\n%s", in, code, errs)
		}
		if n := s.Stats().Requests - before; n != 0 {
			t.Errorf("get %s: %d requests", in, n)
		}
	}
	if code, out, errs := h.run("get", "--any-url", other); code != ExitOK || !strings.Contains(out, "AB12CD") {
		t.Errorf("--any-url: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := h.run("get", base+"/advertisement/AB12CD"); code != ExitOK {
		t.Errorf("a URL of the profile's service: exit %d\n%s", code, errs)
	}

	h.stdin = "AB12CD\n" + other + "\nTN2026\n"
	code, out, errs := h.run("get", "--json", "-")
	if code != ExitUsage || strings.Count(out, `"paid":"AB12CD","view"`) != 1 || !strings.Contains(out, `"paid":"TN2026","view"`) ||
		!strings.Contains(out, `{"paid":"AB12CD","error":{"kind":"invalid_paid"`) || !strings.Contains(errs, "other-host.example") {
		t.Errorf("a batch: exit %d\n%s%s", code, out, errs)
	}
	h.stdin = ""

	for _, args := range [][]string{
		{"diff", "AB12CD", other},
		{"token", "status", "--check", other},
		{"watch", "add", "TN2026", other},
	} {
		code, _, errs := h.run(args...)
		if code != ExitUsage || !strings.Contains(errs, "other-host.example") || !strings.Contains(errs, "--any-url") {
			t.Errorf("%v: exit %d\n%s", args, code, errs)
		}
	}
	if _, out, _ := h.run("watch", "list"); strings.Contains(out, "TN2026") {
		t.Errorf("a refused watch add added the rest:\n%s", out)
	}
	if code, out, errs := h.run("watch", "add", "--any-url", other); code != ExitOK || !strings.Contains(out, "1 added") {
		t.Errorf("watch add --any-url: exit %d\n%s%s", code, out, errs)
	}
}
