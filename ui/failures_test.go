package ui

import (
	"strings"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// Every kind of failure has a row in the TUI's table: words for the
// status bar and a next step for the error pane, in either view. A kind
// added to api without a row here fails this test.
func TestEveryKindHasTUIWords(t *testing.T) {
	for _, k := range api.Kinds() {
		f, ok := tuiFailures[k]
		if !ok || f.status == nil || f.advice == nil {
			t.Errorf("%s: no row, or no words, in tuiFailures", k)
			continue
		}
		for _, view := range []advert.View{advert.Standard, advert.Full} {
			ae := &api.Error{Kind: k, PAID: "AB12CD", Status: 500}
			l := lookup{paid: "AB12CD", view: view}
			if _, words, _ := errorStatus(ae, l); strings.TrimSpace(words) == "" {
				t.Errorf("%s, %s view: no words for the status bar", k, view)
			}
			ex := &exchange{lookup: l, err: ae, rec: &api.Exchange{}}
			if adv := ex.advice(); len(adv) == 0 || adv[0] == "" {
				t.Errorf("%s, %s view: no next step", k, view)
			}
		}
	}
	if len(tuiFailures) != len(api.Kinds()) {
		t.Errorf("tuiFailures has %d rows for %d kinds", len(tuiFailures), len(api.Kinds()))
	}
}
