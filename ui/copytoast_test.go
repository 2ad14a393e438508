package ui

import (
	"strings"
	"testing"

	"github.com/padview/padview/api/fake"
)

// The copy toast offers for the rest of a long text only what applies to
// it: e saves the advertisement, so it is offered after the text of one of
// its panes or its JSON was copied, never after the Compare tab's, which e
// cannot save. The words come from the binding.
func TestCopyToastOffersOnlyWhatApplies(t *testing.T) {
	t.Parallel()
	s := startFake(t, fake.Options{})
	m, _ := newModel(t, demoConfig(s), 60, 15)
	saves := m.kit.keys.root.Export.Help().Key + " saves it to a file"
	m = lookUpIn(t, m, "AB12CD")
	m = press(t, m, "=")
	m = lookUpIn(t, m, "AB12CE")
	if tab(m) != "Compare" {
		t.Fatalf("on %q", tab(m))
	}
	m, _ = copyWith(t, m, "t")
	scr := screen(m)
	requireContains(t, scr, "── Copied the Compare pane as text", "more lines on the clipboard")
	if strings.Contains(scr, "saves it to a file") || strings.Contains(scr, "on the clipboard;") {
		t.Fatalf("the toast offers what cannot save the comparison:\n%s", scr)
	}
	m = press(t, m, "esc")
	m, _ = copyWith(t, m, "j")
	requireContains(t, screen(m), "more lines on the clipboard; "+saves)
	m = press(t, m, "esc", "1")
	m, _ = copyWith(t, m, "t")
	requireContains(t, screen(m), "── Copied the Advertiser pane as text", "more lines on the clipboard; "+saves)

	// Too large to copy: the status offers e only where it applies, too.
	next, _ := m.Update(copied{what: "the Compare pane as text", size: maxClipboard + 1})
	if st := next.(Model).status.text; strings.Contains(st, "saves") || !strings.HasSuffix(st, "over the clipboard's 1.0 MiB.") {
		t.Errorf("too large, nothing to offer: %q", st)
	}
	next, _ = m.Update(copied{what: "the advertisement as normalized JSON", size: maxClipboard + 1, offers: []offer{exportOffer(m.kit)}})
	if st := next.(Model).status.text; !strings.HasSuffix(st, "over the clipboard's 1.0 MiB; "+saves+".") {
		t.Errorf("too large, e offered: %q", st)
	}
}
