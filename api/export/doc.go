// Package export renders advertisements for saving: the normalized JSON, a
// Markdown report, or the sponsors and controllers as CSV. It proposes file
// names and writes files without ever replacing one silently. It knows no
// terminal: `padview get --format` writes to stdout through it, and the
// TUI's export dialog saves files through it.
//
// Beside the advertisement, an export carries its provenance (Provenance:
// when, from which host, in which view, under which request id, by which
// padview, with the check's verdict), and a batch of checks is summed up as
// a report (CheckSummary: `padview check --summary`), whose one tally
// also gives the bars of its HTML page's charts (Summary, VerdictBars,
// ItemBars; api/notice draws the page).
//
// It imports api (the exchange an answer came in), api/advert, api/check
// (the verdict), api/text and api/osfile (the write that replaces a file
// whole), and nothing of cmd or ui.
package export
