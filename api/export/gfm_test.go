package export_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/notice"
)

// linkish are values a service may send that GitHub-style renderers
// would turn into links by themselves (GFM's autolinks), and the ways
// Markdown writes links.
var linkish = []string{
	"https://evil.example/x?a=1", "HTTPS://EVIL.EXAMPLE/Y", "http://evil.example", "ftp://evil.example/f",
	"www.evil.example", "WWW.Evil.Example/path", "jane.doe@evil.example", "mailto:jane@evil.example",
	"xmpp:jane@evil.example", "(https://evil.example/p)", "<https://evil.example/a>", "[x](https://evil.example/l)",
	"visit https://evil.example/v.", "*https://evil.example/s*", "_www.evil.example_", "~https://evil.example/t~",
	"![i](https://evil.example/i.png)", "[r]: https://evil.example/ref",
}

// linkishDocument puts every linkish value where a report or a notice
// writes a service's text: a party's fields, the sponsors' table, free
// text, member names, a warning.
func linkishDocument(t *testing.T) *advert.Document {
	t.Helper()
	other := map[string]string{}
	sponsors := []map[string]string{}
	for _, l := range linkish {
		other[l] = l
		sponsors = append(sponsors, map[string]string{"name": l, "kind": "association", "email": l, "website": l})
	}
	body, _ := json.Marshal(map[string]any{
		"paid":             "LINKS1",
		"advertiser":       map[string]string{"companyName": linkish[0], "website": linkish[4], "email": linkish[6], "city": linkish[13]},
		"campaign":         map[string]string{"name": strings.Join(linkish, " ")},
		"basicInformation": map[string]string{"description": strings.Join(linkish, " and "), "url": linkish[1]},
		"complianceAndFunding": map[string]any{"transparencyNoticeUrl": linkish[5], "fundingOrigin": linkish[9],
			"payer": map[string]string{"companyName": linkish[14]}},
		"sponsors": sponsors,
		"links":    other,
	})
	d, err := advert.Normalize(body, "LINKS1", advert.Full)
	if err != nil {
		t.Fatal(err)
	}
	d.Warnings = append(d.Warnings, "duplicate member "+strings.Join(linkish, " "))
	return d
}

// No value of a service becomes a link in a GitHub-style renderer: the
// Markdown report (and a masked one) and the notice's Markdown, rendered
// by goldmark with GFM's extensions (its autolinks included), hold no
// link, and every value still reads as sent.
func TestMarkdownNeverLinksAServiceValue(t *testing.T) {
	d := linkishDocument(t)
	gfm := goldmark.New(goldmark.WithExtensions(extension.GFM))
	outputs := map[string]string{}
	var b bytes.Buffer
	if err := export.Write(&b, export.Markdown, export.Item{Doc: d, From: export.NewProvenance(nil, check.Check(d), "test")}); err != nil {
		t.Fatal(err)
	}
	outputs["report"] = b.String()
	b.Reset()
	if err := notice.Write(&b, notice.Markdown, notice.Build(d, check.Check(d))); err != nil {
		t.Fatal(err)
	}
	outputs["notice"] = b.String()
	for name, md := range outputs {
		var html bytes.Buffer
		if err := gfm.Convert([]byte(md), &html); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(html.String(), "<a ") || strings.Contains(html.String(), "<img") {
			i := strings.Index(html.String(), "<a ")
			if i < 0 {
				i = strings.Index(html.String(), "<img")
			}
			t.Errorf("the %s renders a link: …%s…", name, html.String()[max(0, i-80):min(len(html.String()), i+160)])
		}
		reads := []string{"https://evil.example/x?a=1", "jane.doe@evil.example"}
		if name == "report" { // the notice lays out the template's items, not every member
			reads = append(reads, "www.evil.example", "mailto:jane@evil.example", "[x](https://evil.example/l)")
		}
		for _, l := range reads {
			if !strings.Contains(html.String(), strings.ReplaceAll(l, "&", "&amp;")) {
				t.Errorf("the %s does not read %q as sent", name, l)
			}
		}
	}
}
