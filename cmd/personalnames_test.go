package cmd

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

// keyedContacts serves KEYS26 with contacts keyed by their emails and
// phone numbers, moved on at each request (jane's role changes, the
// switchboard goes, a fax comes); KEYS27 and KEYS28 are its first and
// second answers, always.
func keyedContacts() map[string]http.HandlerFunc {
	var n atomic.Int32
	answer := func(paid string, poll int32) string {
		contacts := `"jane.doe@mail.example": {"role": "press-desk"}, "+49 30 1234567": "switchboard"`
		if poll > 1 {
			contacts = `"jane.doe@mail.example": {"role": "canvass-lead"}, "0301234599": "fax"`
		}
		return fmt.Sprintf(`{"paid": %q, "advertiser": {"companyName": "Riverside Civic Alliance"},
		  "campaign": {"totalValue": %d}, "contacts": {%s, "office": "Main Street"}}`, paid, 1000*poll, contacts)
	}
	return map[string]http.HandlerFunc{
		"KEYS26": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, answer("KEYS26", n.Add(1)))
		},
		"KEYS27": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, answer("KEYS27", 1))
		},
		"KEYS28": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, answer("KEYS28", 2))
		},
	}
}

var keyedSecrets = []string{"jane.doe", "1234567", "0301234599", "press-desk", "canvass-lead", "switchboard"}

// A service that keys its contacts by their emails and phone numbers:
// --mask masks the names and hides what they hold (get, diff, notice),
// and the watch keeps neither the names nor their values, in watch.db,
// watch run, watch log or the hook's input.
func TestPersonalMemberNamesStayHidden(t *testing.T) {
	t.Parallel() // its own service, state directory and database
	h, _ := withHostile(t, keyedContacts())
	noSecrets := func(what, out string) {
		t.Helper()
		for _, s := range keyedSecrets {
			if strings.Contains(out, s) {
				t.Errorf("%s shows %q:\n%s", what, s, out)
			}
		}
	}
	// Without the mask the names are shown as they are, not as labels.
	if _, out, _ := h.run("get", "KEYS27"); !strings.Contains(out, "jane.doe@mail.example") || !strings.Contains(out, "+49 30 1234567") {
		t.Errorf("get without the mask:\n%s", out)
	}
	for _, args := range [][]string{
		{"get", "--mask", "KEYS27"},
		{"get", "--mask", "--json", "KEYS27"},
		{"get", "--mask", "--format", "markdown", "KEYS27"},
		{"notice", "--mask", "KEYS27"},
		{"diff", "--mask", "KEYS27", "KEYS28"},
		{"diff", "--mask", "--json", "KEYS27", "KEYS28"},
	} {
		code, out, errs := h.run(args...)
		if code != 0 && code != 1 {
			t.Errorf("%v: exit %d %s", args, code, errs)
		}
		noSecrets(strings.Join(args, " "), out+errs)
		if !strings.Contains(strings.ReplaceAll(out, `\@`, "@"), "j•••@mail.example") && args[0] != "notice" {
			t.Errorf("%v: no masked name:\n%s", args, out)
		}
	}

	if runtime.GOOS == "windows" {
		return // the hook is a POSIX shell's
	}
	hookInput := filepath.Join(t.TempDir(), "alerts.jsonl")
	hook := `sh -c 'cat >> "$0"' ` + hookInput
	h.run("watch", "add", "KEYS26")
	var said strings.Builder
	for range 2 {
		code, out, errs := h.run("watch", "run", "--once", "--on-change", hook)
		if code > 1 {
			t.Fatalf("watch run: exit %d %s", code, errs)
		}
		said.WriteString(out + errs)
	}
	for _, args := range [][]string{{"watch", "log"}, {"watch", "log", "--json"}} {
		_, out, errs := h.run(args...)
		said.WriteString(out + errs)
	}
	if !strings.Contains(said.String(), "Other › Contacts › •••: changed (personal data") {
		t.Errorf("no personal change named:\n%s", said.String())
	}
	noSecrets("watch", said.String())
	alerts, err := os.ReadFile(hookInput)
	if err != nil || !strings.Contains(string(alerts), `/other/contacts/hmac:`) {
		t.Fatalf("the hook's input: %v %s", err, alerts)
	}
	noSecrets("the hook's input", string(alerts))
	db, err := os.ReadFile(h.watchDB())
	if err != nil {
		t.Fatal(err)
	}
	noSecrets("watch.db", string(db))
}
