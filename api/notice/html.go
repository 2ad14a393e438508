package notice

import (
	"html/template"
	"io"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/export"
)

// head opens every page padview writes (the notice, the check summary's
// report): one standalone HTML file, no script, no external resource,
// which its Content-Security-Policy forbids too (default-src 'none': no
// script, image, font, frame or connection; only the inline style), and
// the body's style. Every value on a page goes through html/template's
// escaping, after text.CleanText made control and bidi characters
// visible, so that nothing in an answer can become markup, a link, or
// reorder the text around it.
var head = template.Must(template.New("head").Parse(`{{define "head"}}<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="padview">
<title>{{.Title}}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:54rem;margin:2rem auto;padding:0 1rem;line-height:1.45;color:#1b1b1b;background:#fff}
{{end}}`))

// pageWith is a page that opens with head.
func pageWith(name, body string) *template.Template {
	return template.Must(template.Must(head.Clone()).New(name).Parse(`{{template "head" .}}` + body))
}

// page is the notice's page.
var page = pageWith("notice", `article+article,article+section{border-top:3px double #888;margin-top:3rem;padding-top:1rem}
.provenance{color:#555;font-size:.9rem;margin:.5rem 0 1rem}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:1.4rem 0 .3rem}
.about{color:#555}.masked{font-weight:700}
.personal{border-left:4px solid #b36b00;padding:.3rem .8rem;background:#fff6e5}
.label{border:2px solid #1b1b1b;padding:.6rem .8rem}
dl{display:grid;grid-template-columns:minmax(10rem,18rem) 1fr;gap:.3rem 1rem;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.marker{color:#555}.missing{color:#a00000;font-weight:600}
</style>
</head>
<body>
{{- range .Notices}}
<article>
<h1>{{.Heading}}</h1>
{{- if .Masked}}
<p class="masked">{{$.Masked}}</p>
{{- end}}
{{- with .Warning}}
<p class="masked">{{$.WarningWord}}: {{.}}</p>
{{- end}}
{{- with .From}}
<dl class="provenance">
{{- range .}}
<dt>{{.Label}}</dt><dd>{{.Words}}</dd>
{{- end}}
</dl>
{{- end}}
<p class="about">{{$.About}}</p>
{{- if .Personal}}
<p class="personal"><strong>Personal data.</strong> {{$.Personal}}</p>
{{- end}}
<section>
<h2>{{$.LabelTitle}}</h2>
<p class="label"><strong>{{$.Statement}}</strong>{{range .Label}} · <strong>{{.Label}}:</strong> <span class="{{.Class}}">{{.Words}}</span>{{end}}</p>
</section>
{{- range .Items}}
<section>
<h2>{{.Number}}. {{.Title}}</h2>
<dl>
{{- range .Entries}}
<dt>{{.Label}}</dt><dd class="{{.Class}}">{{.Words}}</dd>
{{- end}}
</dl>
</section>
{{- end}}
<p><strong>Check:</strong> {{.Verdict}}</p>
</article>
{{- end}}
{{- with .Missing}}
<section class="missing-notices">
<h1>{{$.NotLaidOut}}</h1>
{{- with .Intro}}
<p>{{.}}</p>
{{- end}}
{{- if .Failed}}
<dl>
{{- range .Failed}}
<dt>{{.PAID}}</dt><dd>{{.Why}}</dd>
{{- end}}
</dl>
{{- end}}
{{- with .More}}
<p>{{.}}</p>
{{- end}}
{{- with .Unfinished}}
<p>{{.}}</p>
{{- end}}
</section>
{{- end}}
</body>
</html>
`)

// htmlEntry is an entry as the page draws it; Class says how (a value, a
// marker, a required item missing).
type htmlEntry struct{ Label, Words, Class string }

type htmlItem struct {
	Number  int
	Title   string
	Entries []htmlEntry
}

type htmlNotice struct {
	Heading, Verdict string
	Warning          string // the answer named another PAID: Notice.Warning
	Masked, Personal bool
	From             []export.ProvenanceField // nil: no provenance block
	Label            []htmlEntry
	Items            []htmlItem
}

// htmlMissing is the closing section as the page draws it; nil when
// nothing is missing.
type htmlMissing struct {
	Intro, More, Unfinished string
	Failed                  []failure
}

// class sorts an entry for the page's style.
func class(e Entry) string {
	switch {
	case e.Shown():
		return "value"
	case e.Status == check.Missing && e.Required:
		return "missing"
	}
	return "marker"
}

func htmlEntries(es []Entry) []htmlEntry {
	out := make([]htmlEntry, len(es))
	for i, e := range es {
		out[i] = htmlEntry{Label: e.Label, Words: e.Words(), Class: class(e)}
	}
	return out
}

// writeHTML writes the notices as one HTML file, titled after the notice
// when there is one, and closed by what is missing from it.
func writeHTML(w io.Writer, notices []Notice, m missing) error {
	data := struct {
		Title, About, LabelTitle, Statement, Masked, Personal, NotLaidOut string
		WarningWord                                                       string
		Notices                                                           []htmlNotice
		Missing                                                           *htmlMissing
	}{Title: "Transparency notices", About: About, LabelTitle: LabelTitle, Statement: Statement, Masked: MaskedWords,
		Personal: advert.DataProtectionNotice, NotLaidOut: NotLaidOut, WarningWord: WarningWord}
	if len(notices) == 1 {
		data.Title = notices[0].Heading()
	}
	if m.any() {
		data.Missing = &htmlMissing{Intro: m.intro(), More: m.moreWords(), Unfinished: m.unfinished, Failed: m.failed}
	}
	for _, n := range notices {
		hn := htmlNotice{Heading: n.Heading(), Verdict: n.Verdict, Masked: n.Masked, Personal: n.View == advert.Full, Warning: n.Warning,
			Label: htmlEntries(n.LabelEntries())}
		if n.From != nil {
			hn.From = n.From.Fields()
		}
		for _, it := range n.Items {
			hn.Items = append(hn.Items, htmlItem{Number: it.Number, Title: it.Title, Entries: htmlEntries(it.Entries)})
		}
		data.Notices = append(data.Notices, hn)
	}
	return page.Execute(w, data)
}
