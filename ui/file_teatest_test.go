package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/answerfile"
	"github.com/padview/padview/api/audit"
)

// fileAnswers reads content as the command line reads --file.
func fileAnswers(t *testing.T, name, content string, view advert.View) *FileAnswers {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := answerfile.Open(p, nil, answerfile.Options{View: view})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f := &FileAnswers{Sources: []answerfile.Source{r.Source()}}
	for {
		a, err := r.Next()
		if err != nil {
			break
		}
		f.Answers = append(f.Answers, FileAnswer{PAID: a.PAID, Doc: a.Doc, Err: a.Err})
	}
	return f
}

// TestFileBannerAndStatus: answers from a file open with no token and no
// client; the banner above the panes names the file, the status bar says
// "file" and nothing of a request, and f on a standard-view file says how
// to open its full view.
func TestFileBannerAndStatus(t *testing.T) {
	t.Parallel()
	files := fileAnswers(t, "ad.json", `{"paid":"AB12CD","advertiser":{"companyName":"Riverside Civic Alliance"}}`, advert.Standard)
	tm, _ := program(t, Config{Profile: "default", Files: files, Worklist: []string{"AB12CD"}}, 100, 30)
	scr := waitFor(t, tm, "from file "+files.Sources[0].Name+", not the service", "Showing AB12CD · standard view", "Riverside Civic Alliance")
	lines := strings.Split(ansi.Strip(scr), "\n")
	banner, tabs := -1, -1
	for i, l := range lines {
		if strings.Contains(l, "not the service") && banner < 0 {
			banner = i
		}
		if strings.Contains(l, "1 Advertiser") && tabs < 0 {
			tabs = i
		}
	}
	if banner < 0 || tabs < banner {
		t.Errorf("the banner is not above the panes (banner row %d, tabs row %d)", banner, tabs)
	}
	if strings.Contains(scr, "request id") || strings.Contains(scr, "No partner token") || strings.Contains(scr, "left ·") {
		t.Errorf("the screen speaks of a service:\n%s", scr)
	}
	send(tm, "esc", "f")
	waitFor(t, tm, "said to be of the standard view")
	finalModel(t, tm)
}

// TestFileFullViewOpensAfterConfirmation: a full-view file shows its
// personal data masked in the standard view; the confirmation opens it,
// after the access log recorded the file view.
func TestFileFullViewOpensAfterConfirmation(t *testing.T) {
	t.Parallel()
	files := fileAnswers(t, "full.json", `{"paid":"AB12CD","advertiser":{"companyName":"Riverside Civic Alliance","email":"maren.holt@riverside-civic.example"}}`, advert.Full)
	state := t.TempDir()
	log, err := audit.Open(func(k string) string {
		if k == audit.EnvStateDir {
			return state
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Profile: "default", Files: files, Worklist: []string{"AB12CD"},
		AccessLog: func() (*audit.Log, error) { return log, nil }}
	tm, clk := program(t, cfg, 100, 30)
	scr := waitFor(t, tm, "Showing AB12CD · standard view", "m•••@riverside-civic.example")
	if strings.Contains(scr, "maren.holt") {
		t.Fatalf("personal data before the confirmation:\n%s", scr)
	}
	send(tm, "esc", "f")
	waitFor(t, tm, "Show personal data")
	clk.add(confirmArmDelay)
	send(tm, "y")
	waitFor(t, tm, "maren.holt@riverside-civic.example")
	raw, _ := os.ReadFile(log.Path())
	if !strings.Contains(string(raw), `"event":"file view"`) || strings.Contains(string(raw), "maren") {
		t.Errorf("access log:\n%s", raw)
	}
	finalModel(t, tm)
}
