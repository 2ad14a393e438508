// Package notice lays out the transparency notice of a political
// advertisement as the template of Implementing Regulation (EU)
// 2025/1410, Annex II lays it out: items 1 to 16 in order, each filled
// from the answer or marked with the check's state (missing, unknown, not
// in this view, not applicable, declared none), under the label line of
// Regulation (EU) 2024/900, Art. 11(1).
//
// The items and the rules that fill each come from api/check (check.Items
// and check.LabelRules: the one table of rules); which members fill a rule
// comes from the check's findings; the values are read from the normalized
// document and written by api/text. Personal values (by the vocabulary's
// meaning) are shown only in the full view. The package writes the notice
// as text, Markdown or one standalone HTML file; it knows no terminal.
// Every HTML page padview writes opens the same way (pageWith: one policy,
// one escaping): the notice, `check --summary --format html` (SummaryHTML,
// its charts drawn as inline SVG from export.Summary's bars) and `watch
// log --format html` (HistoryHTML).
//
// It imports api/advert, api/check, api/export (Markdown's escaping) and
// api/text, and nothing of cmd or ui.
package notice
