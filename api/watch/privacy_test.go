package watch

import (
	"bytes"
	"database/sql"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/text"
)

// personalValues collects every value the vocabulary marks personal in a
// document (text.PersonalPlace, as the ◆ marks and the mask read it), and
// every string holding an email or phone, as the text that would betray it.
func personalValues(d *advert.Document) []string {
	var out []string
	var walk func(pp text.PersonalPlace, v advert.Value, inPersonal bool)
	walk = func(pp text.PersonalPlace, v advert.Value, inPersonal bool) {
		switch v.Kind {
		case advert.Object:
			for _, m := range v.Members() {
				c, inside := pp.Member(m.Key, m.Value)
				walk(inside, m.Value, inPersonal || c != "")
			}
		case advert.Array:
			for _, it := range v.Items() {
				walk(pp, it, inPersonal)
			}
		case advert.String, advert.Number:
			if inPersonal || (v.Kind == advert.String && len(text.TextCategories(v.Str)) > 0) {
				out = append(out, v.Str)
			}
		}
	}
	for _, g := range advert.Groups {
		if g.Parties {
			items, _ := d.Parties(g.Group)
			for _, it := range items {
				walk(text.PlaceOfParty(d, it), it, false)
			}
			continue
		}
		walk(text.PlaceOfGroup(d, g.Group), d.Group(g.Group), false)
	}
	return out
}

// TestPersonalValuesNeverReachTheDatabaseFile watches the full view, which
// carries emails, phone numbers and addresses, across a change of one of
// them, and looks for every personal value in the bytes of the database,
// its WAL and its shared-memory file, while open and after closing.
func TestPersonalValuesNeverReachTheDatabaseFile(t *testing.T) {
	srv := startFake(t, fake.Options{})
	s := openTest(t)
	full := fetcher(t, srv, advert.Full)
	if _, err := s.Add([]string{fake.ChangingPAID, "TN2026", "AB12CD", "ES55MAD"}); err != nil {
		t.Fatal(err)
	}
	var seen []string
	record := func(fetch func(string) *advert.Document) {
		for _, p := range []string{fake.ChangingPAID, "TN2026", "AB12CD", "ES55MAD"} {
			seen = append(seen, personalValues(fetch(p))...)
		}
	}
	get := func(paid string) *advert.Document {
		d, err := full(t.Context(), paid)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	// What the sweeps will see, revision 0 of the changing one here; the
	// sweeps see 1 (first), 2 (gone) and 3, whose description's email
	// differs from 1's.
	record(get)
	sweep(t, s, full)
	sweep(t, s, full)
	evs, _ := sweep(t, s, full)
	var changed *Event
	for i := range evs {
		if evs[i].PAID == fake.ChangingPAID {
			changed = &evs[i]
		}
	}
	if changed == nil || changed.Kind != Reappeared {
		t.Fatalf("the changing advertisement: %+v", evs)
	}
	if c := paths(changed.Changes)["/basicInformation/description"]; !c.Personal || c.Before.IsPresent() || c.After.IsPresent() {
		t.Errorf("the email in the description changed: want a personal change without values, got %+v", c)
	}
	if c := paths(changed.Changes)["/advertiser/email"]; c.Path != "" {
		t.Errorf("an unchanged email reported as changed: %+v", c)
	}

	// The fictional values themselves, as well as all the vocabulary finds.
	seen = append(seen, "aoife.brennan@bridgesforbikes.example", "+353 1 555 0142", "7 Quay Street",
		"hello@liffeysidecc.example", "press@bridgesforbikes.example", "campaign.office@bridgesforbikes.example")
	if len(seen) < 20 {
		t.Fatalf("only %d personal values found to look for", len(seen))
	}
	// A sponsor who is a natural person: the name is personal data.
	if !slices.Contains(seen, "Lucía Fernández") {
		t.Fatal("the vocabulary does not mark ES55MAD's private sponsor's name personal")
	}
	check := func(when string) {
		for _, name := range stateFiles(s) {
			b, err := os.ReadFile(name)
			if os.IsNotExist(err) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range seen {
				if v != "" && bytes.Contains(b, []byte(v)) {
					t.Errorf("%s: %s holds the personal value %q", when, name, v)
				}
			}
		}
	}
	if _, err := os.Stat(s.Path() + "-wal"); err != nil {
		t.Fatalf("no WAL to look into while open: %v", err)
	}
	check("open")
	// Values of other members are kept: the search would find them.
	db, _ := os.ReadFile(s.Path() + "-wal")
	main, _ := os.ReadFile(s.Path())
	if !bytes.Contains(append(db, main...), []byte("Liffeyside Cycling Club")) {
		t.Error("a sponsor's name is not in the files: the search above proves nothing")
	}
	s.Close()
	check("closed")
}

// TestTheSchemaAnswersSQL reads the real file with database/sql, as a user
// would with sqlite3: the documented tables and columns, the stored
// document through SQLite's JSON functions.
func TestTheSchemaAnswersSQL(t *testing.T) {
	srv := startFake(t, fake.Options{})
	s := openTest(t)
	if _, err := s.Add([]string{fake.ChangingPAID, "AB12CD"}); err != nil {
		t.Fatal(err)
	}
	std := fetcher(t, srv, advert.Standard)
	sweep(t, s, std)
	sweep(t, s, std)

	db, err := sql.Open("sqlite", "file:"+s.Path()+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var state, verdict string
	var status int
	err = db.QueryRow(`SELECT w.state, w.last_status, s.verdict FROM watches w JOIN snapshots s ON s.id = w.snapshot_id WHERE w.paid = ?`,
		fake.ChangingPAID).Scan(&state, &status, &verdict)
	if err != nil || state != "found" || status != 200 || verdict != "incomplete" {
		t.Errorf("watches: %q %d %q %v", state, status, verdict, err)
	}
	var amount string
	err = db.QueryRow(`SELECT json_extract(document, '$.campaign.totalValue.amount') FROM snapshots WHERE paid = ? ORDER BY id DESC LIMIT 1`,
		fake.ChangingPAID).Scan(&amount)
	if err != nil || amount != "21900" {
		t.Errorf("the document's JSON: %q %v", amount, err)
	}
	var noticeURL string
	err = db.QueryRow(`SELECT status FROM snapshot_checks WHERE paid = ? AND rule = 'notice_url' ORDER BY snapshot_id DESC LIMIT 1`,
		fake.ChangingPAID).Scan(&noticeURL)
	if err != nil || noticeURL != "missing" {
		t.Errorf("a rule's status: %q %v", noticeURL, err)
	}
	rows, err := db.Query(`SELECT e.event, j.value ->> 'path' FROM events e, json_each(e.changes) j WHERE e.paid = ? ORDER BY e.id`, fake.ChangingPAID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var ev, path string
		if err := rows.Scan(&ev, &path); err != nil {
			t.Fatal(err)
		}
		got = append(got, ev+" "+path)
	}
	rows.Close()
	if !strings.Contains(strings.Join(got, "\n"), "changed /transparency/verdict") || !strings.Contains(strings.Join(got, "\n"), "changed /campaign/totalValue") {
		t.Errorf("the changes of the events: %v", got)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM events WHERE service = ?`, testService).Scan(&n); err != nil || n != 3 {
		t.Errorf("the events of the service: %d %v", n, err) // first ×2, changed
	}
	if err := db.QueryRow(`SELECT count(*) FROM events WHERE event = 'unchanged'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("unchanged polls stored as events: %d %v", n, err)
	}
	if err := db.QueryRow(`SELECT count(*) FROM sweeps WHERE finished_at IS NOT NULL`).Scan(&n); err != nil || n != 2 {
		t.Errorf("finished sweeps: %d %v", n, err)
	}
	var mode string
	if err := db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal mode %q %v", mode, err)
	}
	// Every column the schema documents is there.
	for table, cols := range map[string]string{
		"watches":         "service paid added_at state last_polled_at last_status last_error last_seen_at last_change_at snapshot_id sweep_id",
		"snapshots":       "id service paid taken_at hash document verdict checks_id",
		"checks":          "id statuses",
		"snapshot_checks": "snapshot_id service paid taken_at rule status",
		"events":          "id service paid at event before_id after_id status error changes delivered_at alert_error",
		"sweeps":          "id service started_at finished_at",
	} {
		rows, err := db.Query(`SELECT name FROM pragma_table_info(?)`, table)
		if err != nil {
			t.Fatal(err)
		}
		var have []string
		for rows.Next() {
			var c string
			rows.Scan(&c)
			have = append(have, c)
		}
		rows.Close()
		if strings.Join(have, " ") != cols {
			t.Errorf("%s has %q, the schema documents %q", table, strings.Join(have, " "), cols)
		}
	}
}
