package notice

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/export"
)

// The summary's page under the notice's policy: provenance first, the
// two charts with the tally's numbers, then the rows; no script, link or
// resource, and every hostile value (markup, a javascript: URL, an RTL
// override, in a PAID, a message or the provenance) as visible text.
func TestSummaryHTMLIsOneSafePage(t *testing.T) {
	s := export.Summary{
		Provenance: export.Provenance{FetchedAt: time.Date(2026, 3, 1, 11, 30, 0, 0, time.UTC), Host: "api.partner.example",
			View: advert.Standard, Version: "padview <i>1.4</i>"},
		Counts: export.SummaryCounts{Complete: 1, Incomplete: 2, NotFound: 1, Invalid: 1},
		Tally:  "3 advertisements: 1 complete, 2 incomplete, 0 undetermined; 1 not found, 1 invalid",
		Items:  []export.ItemCount{{ID: "period", Label: "Publication period (start and end)", Missing: 1}, {ID: "calculation", Label: "How the amounts were calculated", Missing: 2}},
		Rows: []export.SummaryRow{
			{PAID: "AB12CD", Verdict: check.Incomplete, Missing: []export.SummaryItem{{ID: "calculation", Label: "How the amounts were calculated"}}},
			{PAID: "<script>alert(1)</script>", Missed: export.Invalid, Note: `javascript:alert(1) <a href="javascript:x">x</a>`},
			{PAID: "RTL\u202eDC", Missed: export.NotFound, Note: "no advertisement"},
		},
	}
	var b bytes.Buffer
	if err := SummaryHTML(&b, s); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	order := []string{`content="default-src 'none'; style-src 'unsafe-inline'"`, "<dt>Checked at</dt><dd>2026-03-01T11:30:00Z</dd>",
		"<dt>Made with</dt><dd>padview &lt;i&gt;1.4&lt;/i&gt;</dd>", `id="tally">3 advertisements: 1 complete, 2 incomplete`,
		`data-key="complete" data-count="1"`, `data-key="incomplete" data-count="2"`, `data-key="undetermined" data-count="0"`,
		`data-key="notFound" data-count="1"`, `data-key="invalid" data-count="1"`,
		`data-id="calculation" data-label="How the amounts were calculated" data-missing="2"`, `data-id="period"`,
		"<td>AB12CD</td><td class=\"incomplete\">✗ INCOMPLETE</td><td><ul><li>How the amounts were calculated</li></ul></td>",
		"<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>", "javascript:alert(1) &lt;a href=&#34;javascript:x&#34;&gt;x&lt;/a&gt;",
		"<td>RTL⟨U&#43;202E⟩DC</td>", "@media print"}
	at := 0
	for _, want := range order {
		i := strings.Index(out, want)
		if i < 0 {
			t.Fatalf("the page lacks %q:\n%s", want, out)
		}
		if i < at && want != "@media print" {
			t.Errorf("%q is out of order", want)
		}
		at = i
	}
	if n := len(regexp.MustCompile(`<(script|img|a|link|iframe|object|embed|image|use)\b`).FindAllString(out, -1)); n != 0 {
		t.Errorf("%d elements that run or load:\n%s", n, out)
	}
	if strings.Contains(out, "\u202e") || strings.Contains(out, "href") && !strings.Contains(out, "&lt;a href") {
		t.Errorf("a raw override or a link:\n%s", out)
	}
	for _, bar := range regexp.MustCompile(`width="(\d+)" height="18" fill="url\(#(\w+)\)"`).FindAllStringSubmatch(out, -1) {
		if bar[2] == "" {
			t.Errorf("a bar without a pattern: %v", bar)
		}
	}
}

// The history page: the same policy and escaping; a timeline's lines
// and every value from the service stay text.
func TestHistoryHTMLIsOneSafePage(t *testing.T) {
	var b bytes.Buffer
	err := HistoryHTML(&b, History{Service: "api.partner.example/v1", MadeWith: "padview 1.4.0", WrittenAt: time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC),
		Ads: []HistoryAd{{PAID: "<b>X\u202e</b>", Timeline: []string{"X: 1 Oct → 2 Oct 2026", "○──•"},
			Events: []HistoryEvent{{When: "2026-10-02 09:00:00Z", Kind: "changed", Changes: []string{`~ Other › Link: javascript:alert(1) → <a href="javascript:y">y</a>`}}}}}})
	if err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{`content="default-src 'none'; style-src 'unsafe-inline'"`, "<h1>Watch history of &lt;b&gt;X⟨U&#43;202E⟩&lt;/b&gt;</h1>",
		"<pre aria-label=\"timeline\">\nX: 1 Oct → 2 Oct 2026\n○──•\n</pre>", "<dt>Written at</dt><dd>2026-11-24T09:00:00Z</dd>",
		"<li>~ Other › Link: javascript:alert(1) → &lt;a href=&#34;javascript:y&#34;&gt;y&lt;/a&gt;</li>"} {
		if !strings.Contains(out, want) {
			t.Errorf("the page lacks %q:\n%s", want, out)
		}
	}
	if regexp.MustCompile(`<(script|img|a|link)\b`).MatchString(out) || strings.Contains(out, "\u202e") {
		t.Errorf("markup or an override came through:\n%s", out)
	}
}
