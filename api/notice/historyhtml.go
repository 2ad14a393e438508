package notice

import (
	"io"
	"time"

	"github.com/padview/padview/api/text"
)

// History is `padview watch log --format html`: advertisements' watch
// histories, each as its timeline (the lines of a strip, as api/watch
// lays it out) and its events, newest first. The caller words them;
// this page only escapes and lays them out.
type History struct {
	Service, MadeWith string
	WrittenAt         time.Time
	Ads               []HistoryAd
}

// HistoryAd is one advertisement's history.
type HistoryAd struct {
	PAID     string
	Timeline []string // the strip's lines, in a fixed-width font
	Events   []HistoryEvent
}

// HistoryEvent is one event in words: when, what, its verdict or
// failure, and each change marked + added, - removed, ~ changed.
type HistoryEvent struct {
	When, Kind, Outcome string
	Changes             []string
}

// historyPage opens with head, as the notice and the summary do: the
// same policy, the same escaping.
var historyPage = pageWith("history", `h1{font-size:1.5rem}h2{font-size:1.2rem;margin:2rem 0 .4rem}
.provenance{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;color:#444;font-size:.95rem}
.provenance dt{font-weight:600}.provenance dd{margin:0}
pre{font:13px/1.35 ui-monospace,"DejaVu Sans Mono",Menlo,monospace;overflow-x:auto;border:1px solid #999;padding:.6rem;background:#fafafa}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{border:1px solid #999;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#eee}ul{margin:0;padding-left:0;list-style:none}
td:nth-child(-n+2){white-space:nowrap}
@media print{body{max-width:none;margin:0;font-size:10pt}pre{background:none;white-space:pre-wrap}th{background:none}tr,pre{break-inside:avoid}thead{display:table-header-group}}
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<dl class="provenance">
<dt>Service</dt><dd>{{.Service}}</dd>
<dt>Written at</dt><dd>{{.WrittenAt}}</dd>
<dt>Made with</dt><dd>{{.MadeWith}}</dd>
</dl>
{{- range .Ads}}
<section>
<h2>{{.PAID}}</h2>
<pre aria-label="timeline">
{{- range .Timeline}}
{{.}}
{{- end}}
</pre>
<table>
<thead><tr><th scope="col">When (UTC)</th><th scope="col">Event</th><th scope="col">Verdict or failure</th><th scope="col">Changes</th></tr></thead>
<tbody>
{{- range .Events}}
<tr><td>{{.When}}</td><td>{{.Kind}}</td><td>{{.Outcome}}</td><td>{{if .Changes}}<ul>{{range .Changes}}<li>{{.}}</li>{{end}}</ul>{{end}}</td></tr>
{{- end}}
</tbody>
</table>
</section>
{{- end}}
</body>
</html>
`)

// HistoryHTML writes the histories as one standalone page.
func HistoryHTML(w io.Writer, h History) error {
	clean := func(ss []string) []string {
		out := make([]string, len(ss))
		for i, s := range ss {
			out[i] = text.CleanText(s)
		}
		return out
	}
	data := struct {
		Title, Service, MadeWith, WrittenAt string
		Ads                                 []HistoryAd
	}{Title: "Watch history", Service: text.CleanText(h.Service), MadeWith: text.CleanText(h.MadeWith),
		WrittenAt: h.WrittenAt.UTC().Format(time.RFC3339)}
	for _, ad := range h.Ads {
		c := HistoryAd{PAID: text.CleanText(ad.PAID), Timeline: clean(ad.Timeline)}
		for _, e := range ad.Events {
			c.Events = append(c.Events, HistoryEvent{When: text.CleanText(e.When), Kind: text.CleanText(e.Kind),
				Outcome: text.CleanText(e.Outcome), Changes: clean(e.Changes)})
		}
		data.Ads = append(data.Ads, c)
	}
	if len(h.Ads) == 1 {
		data.Title = "Watch history of " + text.CleanText(h.Ads[0].PAID)
	}
	return historyPage.Execute(w, data)
}
