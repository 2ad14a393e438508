package notice

import (
	"io"
	"strconv"

	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/text"
)

// summaryPage is `padview check --summary --format html`: the provenance
// first, then a chart of the verdicts and one of how often each item was
// missing or unknown, both inline SVG drawn here, then a row per PAID.
// It opens with head, as the notice does: the same policy, the same
// escaping. Nothing on it relies on colour: every bar has a pattern of
// its own and its words and number beside it, and the page prints in
// black on white.
var summaryPage = pageWith("summary", `h1{font-size:1.5rem}h2{font-size:1.15rem;margin:2rem 0 .4rem}
.provenance{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;color:#444;font-size:.95rem;margin:.5rem 0 1rem}
.provenance dt{font-weight:600}.provenance dd{margin:0;overflow-wrap:anywhere}
.tally{font-weight:600}
figure{margin:0}svg{max-width:100%;height:auto;font:13px system-ui,-apple-system,"Segoe UI",sans-serif}
svg text{fill:#1b1b1b}figcaption{color:#444;font-size:.9rem}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{border:1px solid #999;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#eee}td:nth-child(-n+2){white-space:nowrap}
.incomplete{font-weight:700}.missed{font-style:italic}
ul{margin:0;padding-left:1.1rem}
@media print{
body{max-width:none;margin:0;font-size:10pt;color:#000}
th{background:none}
figure,tr{break-inside:avoid}
thead{display:table-header-group}
h2{break-after:avoid}
}
@page{margin:1.5cm}
</style>
</head>
<body>
<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" focusable="false">{{template "patterns"}}</svg>
<header>
<h1>{{.Title}}</h1>
<dl class="provenance">
{{- range .About}}
<dt>{{.Label}}</dt><dd>{{.Words}}</dd>
{{- end}}
</dl>
<p class="tally" id="tally">{{.Tally}}</p>
</header>
<section>
<h2 id="verdicts-title">Verdicts</h2>
<figure>
<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="verdicts-title" viewBox="0 0 {{.Width}} {{.Verdicts.Height}}" width="{{.Width}}" height="{{.Verdicts.Height}}">
{{- range .Verdicts.Bars}}
<g class="verdict" data-key="{{.Key}}" data-count="{{.Count}}">
<text x="0" y="{{.TextY}}">{{.Label}}</text>
<rect x="{{$.BarX}}" y="{{.Y}}" width="{{.W}}" height="{{.H}}" fill="url(#{{.Pattern}})" stroke="#1b1b1b"/>
<text x="{{.AfterX}}" y="{{.TextY}}">{{.Words}}</text>
</g>
{{- end}}
</svg>
<figcaption>Each bar is a share of the {{.Read}} read; its pattern is named beside it: solid complete, hatched incomplete, dotted undetermined, crossed not found, empty the rest.</figcaption>
</figure>
</section>
<section>
<h2 id="items-title">Items missing or unknown</h2>
{{- if .Items.Bars}}
<figure>
<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="items-title" viewBox="0 0 {{.Width}} {{.Items.Height}}" width="{{.Width}}" height="{{.Items.Height}}">
<rect x="0" y="4" width="14" height="12" fill="url(#hatched)" stroke="#1b1b1b"/><text x="20" y="15">missing (a required item)</text>
<rect x="220" y="4" width="14" height="12" fill="url(#dotted)" stroke="#1b1b1b"/><text x="240" y="15">unknown (not recognised, or only in the full view)</text>
{{- range .Items.Bars}}
<g class="item" data-id="{{.ID}}" data-label="{{.Label}}" data-missing="{{.Missing.Count}}" data-unknown="{{.Unknown.Count}}">
<text x="0" y="{{.TextY}}" font-weight="600">{{.Label}}</text>
<rect x="{{$.BarX}}" y="{{.Missing.Y}}" width="{{.Missing.W}}" height="{{.Missing.H}}" fill="url(#hatched)" stroke="#1b1b1b"/>
<text x="0" y="{{.Missing.TextY}}">missing</text><text x="{{.Missing.AfterX}}" y="{{.Missing.TextY}}">{{.Missing.Words}}</text>
<rect x="{{$.BarX}}" y="{{.Unknown.Y}}" width="{{.Unknown.W}}" height="{{.Unknown.H}}" fill="url(#dotted)" stroke="#1b1b1b"/>
<text x="0" y="{{.Unknown.TextY}}">unknown</text><text x="{{.Unknown.AfterX}}" y="{{.Unknown.TextY}}">{{.Unknown.Words}}</text>
</g>
{{- end}}
</svg>
<figcaption>Each bar is a share of the {{.Checked}} checked, the items that failed most first.</figcaption>
</figure>
{{- else}}
<p>No required item was missing or unknown.</p>
{{- end}}
</section>
<section>
<h2>Advertisements</h2>
<table>
<thead><tr><th scope="col">PAID</th><th scope="col">Verdict</th><th scope="col">Missing</th><th scope="col">Unknown</th></tr></thead>
<tbody>
{{- range .Rows}}
<tr><td>{{.PAID}}</td>
{{- if .Note}}<td class="missed">{{.Verdict}}</td><td colspan="2">{{.Note}}</td>
{{- else}}<td class="{{.Class}}">{{.Verdict}}</td><td>{{template "items" .Missing}}</td><td>{{template "items" .Unknown}}</td>
{{- end}}</tr>
{{- end}}
</tbody>
</table>
<p class="tally">{{.Tally}}</p>
</section>
</body>
</html>
{{define "items"}}{{if .}}<ul>{{range .}}<li>{{.}}</li>{{end}}</ul>{{else}}none{{end}}{{end}}
{{define "patterns"}}<defs>
<pattern id="solid" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#3a3a3a"/></pattern>
<pattern id="hatched" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#fff"/><rect width="2.5" height="6" fill="#1b1b1b"/></pattern>
<pattern id="dotted" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#fff"/><circle cx="3" cy="3" r="1.4" fill="#1b1b1b"/></pattern>
<pattern id="crossed" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#fff"/><path d="M0 0L8 8M8 0L0 8" stroke="#1b1b1b" stroke-width="1"/></pattern>
<pattern id="empty" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#fff"/></pattern>
</defs>{{end}}`)

// The summary charts' geometry, in SVG user units: the labels left of
// BarX, a bar at most barRoom long, its number after it.
const (
	chartWidth = 720
	barX       = 150
	barRoom    = 440
	barHeight  = 18
	rowHeight  = 28
)

// verdictPattern is each verdict's pattern on the chart: never colour
// alone.
var verdictPattern = map[string]string{
	string(check.Complete): "solid", string(check.Incomplete): "hatched", string(check.Undetermined): "dotted", "notFound": "crossed",
}

// svgBar is a bar as the template draws it.
type svgBar struct {
	Key, Label, Words, Pattern string
	Count                      int
	Y, H, W, TextY, AfterX     int
}

func drawBar(b export.Bar, y, h int) svgBar {
	w := b.PerMille * barRoom / 1000
	if b.Count > 0 {
		w = max(w, 2) // a count of one in a million still shows
	}
	words := text.Thousands(int64(b.Count))
	if b.Of > 0 {
		words += " (" + strconv.Itoa(b.Percent()) + "%)"
	}
	return svgBar{Key: b.Key, Label: b.Label, Words: words, Count: b.Count, Y: y, H: h, W: w, TextY: y + h - 4, AfterX: barX + w + 8}
}

type svgItem struct {
	ID, Label        string
	TextY            int
	Missing, Unknown svgBar
}

type svgChart[T any] struct {
	Bars   []T
	Height int
}

// summaryRow is a PAID's row as the page draws it.
type summaryRow struct {
	PAID, Verdict, Class, Note string
	Missing, Unknown           []string
}

// SummaryHTML draws a whole check summary as one standalone page (an
// export.SummaryPage): `padview check --summary --format html`.
func SummaryHTML(w io.Writer, s export.Summary) error {
	data := struct {
		Title, Tally, Read, Checked string
		About                       []export.ProvenanceField
		Width, BarX                 int
		Verdicts                    svgChart[svgBar]
		Items                       svgChart[svgItem]
		Rows                        []summaryRow
	}{Title: export.SummaryTitle, Tally: text.CleanText(s.Tally), About: s.Provenance.SummaryFields(), Width: chartWidth, BarX: barX}
	for i := range data.About {
		data.About[i].Value = text.CleanText(data.About[i].Value)
	}
	c := s.Counts
	data.Read = text.Plural(c.Complete+c.Incomplete+c.Undetermined+c.NotFound+c.Failed+c.Invalid+c.NotLooked, "PAID", "PAIDs")
	data.Checked = text.Plural(c.Complete+c.Incomplete+c.Undetermined, "advertisement", "advertisements")
	y := 0
	for _, b := range s.VerdictBars() {
		sb := drawBar(b, y+4, barHeight)
		sb.Pattern = verdictPattern[b.Key]
		if sb.Pattern == "" {
			sb.Pattern = "empty"
		}
		data.Verdicts.Bars = append(data.Verdicts.Bars, sb)
		y += rowHeight
	}
	data.Verdicts.Height = y + 4
	y = 28 // below the legend
	for _, it := range s.ItemBars() {
		si := svgItem{ID: it.ID, Label: it.Label, TextY: y + 14}
		si.Missing = drawBar(it.Missing, y+20, 14)
		si.Unknown = drawBar(it.Unknown, y+38, 14)
		data.Items.Bars = append(data.Items.Bars, si)
		y += 62
	}
	data.Items.Height = y
	for _, r := range s.Rows {
		row := summaryRow{PAID: text.CleanText(r.PAID)}
		switch {
		case r.Verdict == "":
			row.Verdict, row.Note = string(r.Missed), text.CleanText(r.Note)
			if row.Note == "" {
				row.Note = string(r.Missed)
			}
		case r.Verdict == check.Incomplete:
			row.Verdict, row.Class = "✗ INCOMPLETE", "incomplete" // stands out without colour, as in check's own report
		case r.Verdict == check.Complete:
			row.Verdict = "✓ complete"
		default:
			row.Verdict = "? " + text.CleanText(string(r.Verdict))
		}
		row.Missing, row.Unknown = itemWords(r.Missing), itemWords(r.Unknown)
		data.Rows = append(data.Rows, row)
	}
	return summaryPage.Execute(w, data)
}

// itemWords names a row's items by their labels, one only the full view
// carries marked so.
func itemWords(its []export.SummaryItem) []string {
	out := make([]string, len(its))
	for i, it := range its {
		out[i] = it.Label
		if it.FullViewOnly {
			out[i] += " (full view only)"
		}
	}
	return out
}
