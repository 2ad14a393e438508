package notice

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/export"
)

// A notice written to a file carries the provenance of its answer under
// its heading, as the exports do (one type, export.Provenance): when it
// was fetched, the host, the view, the request id, padview's version and
// the check's verdict; a value the service sent to break out is cleaned
// and escaped. Without a provenance (the pane and its copy) none is
// written.
func TestNoticeCarriesProvenance(t *testing.T) {
	n := build(t, advert.Full, riverside)
	from := export.Provenance{FetchedAt: time.Date(2026, 10, 2, 9, 30, 0, 0, time.UTC), Host: "api.partner.example",
		View: advert.Full, RequestID: "req-<b>7f3a\u202e", Version: "1.4.0 (commit 0123456789ab)", Verdict: "incomplete"}
	n.From = &from
	want := map[Format][]string{
		Text: {"Transparency notice · TEST01 · full view\nFetched at: 2026-10-02T09:30:00Z\nService host: api.partner.example\n" +
			"View: full\nRequest id: req-<b>7f3a⟨U+202E⟩\npadview version: 1.4.0 (commit 0123456789ab)\nTransparency check: incomplete\n\nThe items"},
		Markdown: {"# Transparency notice · TEST01 · full view\n\n- **Fetched at:** 2026-10-02T09:30:00Z\n- **Service host:** api.partner.example\n",
			`- **Request id:** req-\<b\>7f3a⟨U+202E⟩`, "- **Transparency check:** incomplete\n\nThe items"},
		HTML: {`<h1>Transparency notice · TEST01 · full view</h1>`, `<dl class="provenance">`,
			"<dt>Fetched at</dt><dd>2026-10-02T09:30:00Z</dd>", "<dt>Request id</dt><dd>req-&lt;b&gt;7f3a⟨U&#43;202E⟩</dd>",
			"<dt>padview version</dt><dd>1.4.0 (commit 0123456789ab)</dd>"},
	}
	for f, says := range want {
		out := write(t, f, n)
		for _, s := range says {
			if !strings.Contains(out, s) {
				t.Errorf("%s lacks %q:\n%s", f, s, out)
			}
		}
		n.From = nil
		if out := write(t, f, n); strings.Contains(out, "Fetched at") {
			t.Errorf("%s without a provenance writes one", f)
		}
		n.From = &from
	}
}

// A batch's file ends by naming the PAIDs it holds no notice of, and why,
// and those not looked up: cleaned, escaped, the names bounded.
func TestStreamNamesWhatIsMissing(t *testing.T) {
	n := build(t, advert.Standard, riverside)
	for _, f := range Formats {
		var b bytes.Buffer
		s, _ := NewStream(&b, f)
		s.Add(n)
		s.Fail("NOPE42", "no advertisement with PAID NOPE42 (HTTP 404, not_found); check the identifier")
		s.Fail("<b>X\u202e", "a bad PAID <script>")
		s.Unfinished("3 of 6 PAIDs not looked up: interrupted")
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, want := range []string{"Not laid out", "2 PAIDs of the batch have no notice in this file:", "NOPE42",
			"no advertisement with PAID NOPE42 (HTTP 404, not\\_found); check the identifier", "3 of 6 PAIDs not looked up: interrupted"} {
			if f != Markdown {
				want = strings.ReplaceAll(want, `\_`, "_")
			}
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q:\n%s", f, want, out)
			}
		}
		if i, j := strings.LastIndex(out, "Check:"), strings.Index(out, "Not laid out"); i < 0 || j < i {
			t.Errorf("%s: the section is not at the end:\n%s", f, out)
		}
		escaped := map[Format]string{Text: "<b>X⟨U+202E⟩: a bad PAID <script>", Markdown: `\<b\>X⟨U+202E⟩:** a bad PAID \<script\>`,
			HTML: "<dt>&lt;b&gt;X⟨U&#43;202E⟩</dt><dd>a bad PAID &lt;script&gt;</dd>"}[f]
		if strings.Contains(out, "\u202e") || !strings.Contains(out, escaped) {
			t.Errorf("%s: a failure's words are not cleaned and escaped (want %s):\n%s", f, escaped, out)
		}
	}
	var b bytes.Buffer
	s, _ := NewStream(&b, Text)
	for range maxFailures + 3 {
		s.Fail("NOPE42", "not found")
	}
	s.Close()
	if got := strings.Count(b.String(), "NOPE42: not found"); got != maxFailures || !strings.Contains(b.String(), "and 3 more (stderr named each)") ||
		!strings.Contains(b.String(), "1,003 PAIDs of the batch have no notice") {
		t.Errorf("%d failures named; the section ends:\n%s", got, b.String()[max(0, b.Len()-200):])
	}
	b.Reset()
	s, _ = NewStream(&b, Markdown)
	s.Add(n)
	s.Close()
	if strings.Contains(b.String(), "Not laid out") {
		t.Error("a batch that lacks nothing has a closing section")
	}
}

// The HTML marks a missing entry as a failure (class "missing") only where
// the item is required.
func TestHTMLMarksOnlyRequiredMissing(t *testing.T) {
	out := write(t, HTML, build(t, advert.Standard, `{"advertiser": {"companyName": "R"}}`))
	if !strings.Contains(out, `<dd class="missing">✗ MISSING (required): not in this response</dd>`) ||
		!strings.Contains(out, `<dd class="marker">✗ missing (optional): not in this response</dd>`) {
		t.Errorf("markers:\n%s", out)
	}
}
