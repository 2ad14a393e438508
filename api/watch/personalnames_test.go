package watch

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
)

// contactsByName is an answer whose contacts are keyed by their emails
// and phone numbers; each poll moves it on: jane's role changes, the
// switchboard goes, a fax number comes.
func contactsByName(poll int) []byte {
	contacts := `"jane.doe@mail.example": {"role": "press-desk"}, "+49 30 1234567": "switchboard"`
	if poll > 1 {
		contacts = `"jane.doe@mail.example": {"role": "canvass-lead"}, "0301234599": "fax"`
	}
	return []byte(fmt.Sprintf(`{"paid": "KEYS26", "advertiser": {"companyName": "Riverside Civic Alliance"},
	  "campaign": {"totalValue": %d}, "contacts": {%s, "office": "Main Street"}}`, 1000*poll, contacts))
}

// personalNames are what must never be kept or said in clear.
var personalNames = []string{"jane.doe", "mail.example", "1234567", "0301234599", "press-desk", "canvass-lead", "switchboard", "fax"}

// A member named by an email or a phone number is personal data like a
// value: the database keeps a keyed hash of its name as of its value, a
// change to it is a personal change whose path holds the hash, and
// neither an event's words, its JSON (watch log --json, the hook's
// input) nor the database's files hold the name.
func TestPersonalMemberNamesAreHashed(t *testing.T) {
	s := openTest(t)
	if _, err := s.Add([]string{"KEYS26"}); err != nil {
		t.Fatal(err)
	}
	poll := 0
	fetch := func(_ context.Context, paid string) (*advert.Document, error) {
		poll++
		return advert.Normalize(contactsByName(poll), paid, advert.Full)
	}
	sweep(t, s, fetch)
	evs, _ := sweep(t, s, fetch)
	if len(evs) != 1 || evs[0].Kind != Changed {
		t.Fatalf("events: %+v", evs)
	}
	var said strings.Builder
	hashed := 0
	for _, c := range evs[0].Changes {
		fmt.Fprintf(&said, "%s\n%s\n", c.Text(0), c.Label())
		if strings.Contains(c.Path, "/contacts/"+hashPrefix) {
			hashed++
			if !c.Personal || c.Before.IsPresent() || c.After.IsPresent() {
				t.Errorf("a change under a personal name keeps its values: %+v", c)
			}
		}
	}
	said.Write(evs[0].AppendJSON(nil))
	if hashed != 3 { // jane's role, the switchboard removed, the fax added
		t.Errorf("%d changes under hashed names:\n%s", hashed, said.String())
	}
	if !strings.Contains(said.String(), "Other › Contacts › •••: changed (personal data") ||
		!strings.Contains(said.String(), "Campaign › Total value") {
		t.Errorf("the changes in words:\n%s", said.String())
	}
	for _, name := range personalNames {
		if strings.Contains(said.String(), name) {
			t.Errorf("an event says %q:\n%s", name, said.String())
		}
	}
	logged, err := s.Events(context.Background(), Query{})
	if err != nil {
		t.Fatal(err)
	}
	var all []byte
	for _, e := range logged {
		all = e.AppendJSON(all)
	}
	for _, name := range personalNames {
		if bytes.Contains(all, []byte(name)) {
			t.Errorf("the stored events hold %q: %s", name, all)
		}
	}
	for _, f := range stateFiles(s) {
		b, err := os.ReadFile(f)
		if os.IsNotExist(err) {
			continue
		}
		for _, name := range personalNames {
			if bytes.Contains(b, []byte(name)) {
				t.Errorf("%s holds %q", f, name)
			}
		}
		if strings.HasSuffix(f, "-wal") && !bytes.Contains(b, []byte("Main Street")) {
			t.Errorf("%s lacks the office's street, which is no personal data: the search proves nothing", f)
		}
	}
}
