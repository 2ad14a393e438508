package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/fake"
)

// naturalNames are the names of natural persons in ES55MAD and AB12CD
// (fictional): advertisers' contact names and the individual sponsors.
var naturalNames = []string{"José", "Núñez", "Lucía", "Fernández", "Maren", "Holt", "Tomasz", "Wiśniewski"}

func requireNoNames(t *testing.T, where, s string) {
	t.Helper()
	for _, n := range naturalNames {
		if strings.Contains(s, n) {
			t.Fatalf("%s shows %q under the mask:\n%s", where, n, s)
		}
	}
}

// Under the mask the names of natural persons are hidden wherever the
// screen, a copy, an export or a comparison shows them, and the names of
// legal persons stay: ES55MAD has an individual sponsor, AB12CD's
// advertiser gives a first and a last name.
func TestMaskHidesNamesOfNaturalPersons(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	cfg := demoConfig(s)
	cfg.Mask = true
	m, _ := newModel(t, cfg, 120, 36)
	m = lookUpIn(t, m, "ES55MAD")
	all := walk(t, m)
	requireContains(t, all, "Plataforma Aire Limpio", "Ciclistas Urbanos de Madrid", "◆ •••", "MASKED")
	requireNoNames(t, "a pane", all)

	// Copies: the document and every pane as text; an export in each format.
	requireNoNames(t, "the JSON copied", docJSON(m.exportDoc()))
	for i := range m.deck.panes {
		m.deck.jump(i)
		requireNoNames(t, "the copy of "+tab(m), paneText(m.deck.current()))
	}
	dir := t.TempDir()
	for i, c := range exportChoices { // every format the dialog offers, the notice's too
		path := filepath.Join(dir, fmt.Sprintf("out-%d", i))
		w, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		write, _ := c.output(m.exportJob())
		if err := write(w); err != nil {
			t.Fatal(err)
		}
		w.Close()
		b, _ := os.ReadFile(path)
		requireNoNames(t, "the "+c.name+" export", string(b))
	}

	// Compare: the individuals of either side are named by the mask, the
	// associations by their names, as padview diff --mask names them.
	m = press(t, m, "=")
	m = lookUpIn(t, m, "AB12CD")
	if tab(m) != "Compare" {
		t.Fatalf("on %q", tab(m))
	}
	all = walk(t, m)
	requireContains(t, all, "- •••", "+ •••", "Friends of the Estuary", "Ciclistas Urbanos de Madrid")
	requireNoNames(t, "the Compare tab", all)
	requireNoNames(t, "the Compare tab copied", paneText(m.deck.current()))

	// Off, the same panes show the names: the test would see them.
	m = press(t, m, "m")
	requireContains(t, walk(t, m), "Tomasz Wiśniewski", "Maren")
}

// The history list names each lookup's advertiser; under the mask a
// natural person's name there is masked too.
func TestHistoryListFollowsTheMask(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(filepath.Join("..", "api", "advert", "testdata", "records", "politiekereclame-citizen.json"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := advert.Normalize(raw, "C1T1Z3", advert.Standard)
	if err != nil {
		t.Fatal(err)
	}
	s := startFake(t, fake.Options{})
	for _, mask := range []bool{false, true} {
		cfg := demoConfig(s)
		cfg.Mask = mask
		m, _ := newModel(t, cfg, 120, 36)
		m.hist.record(newExchange(fetchResult{l: lookup{"C1T1Z3", advert.Standard}, doc: d, rec: &api.Exchange{Status: 200}}, false), m.kit.now())
		m = lookUpIn(t, m, "AB12CD")
		m = press(t, m, "H")
		scr := screen(m)
		requireContains(t, scr, "C1T1Z3", "Riverside Civic Alliance")
		if shown := strings.Contains(scr, "Dirk Denkbeeld"); shown == mask {
			t.Fatalf("mask %v: the citizen's name shown %v:\n%s", mask, shown, scr)
		}
	}
}

// The message line's warning quotes what the normalizer saw; under the
// mask it quotes it masked.
func TestWarningInTheMessageLineFollowsTheMask(t *testing.T) {
	t.Parallel()
	d, err := advert.Normalize([]byte(`{"advertiser": {"companyName": "Riverside", "email": "maren.holt@riverside.example",
	  "email": "maren@riverside.example"}}`), "DUP01", advert.Full)
	if err != nil || len(d.Warnings) == 0 || !strings.Contains(strings.Join(d.Warnings, " "), "maren") {
		t.Fatalf("the test needs a warning that quotes an email: %v %q", err, d.Warnings)
	}
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 200, 36)
	m.mask = true
	m.show(newExchange(fetchResult{l: lookup{"DUP01", advert.Full}, doc: d, rec: &api.Exchange{Status: 200}, masking: maskOf(d, check.Check(d))}, true))
	scr := screen(m)
	requireContains(t, scr, "⚠", "m•••@riverside")
	if strings.Contains(scr, "maren.holt@") || strings.Contains(scr, "maren@") {
		t.Fatalf("the warning shows the email under the mask:\n%s", scr)
	}
}
