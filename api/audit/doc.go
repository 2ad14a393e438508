// Package audit keeps padview's access log: a record of every request for
// the full view (the view with personal data), who made it, for which
// advertisement and why, written before the request is sent, followed by
// its outcome and the categories of personal data it showed, never a value.
//
// The log is a JSON Lines file in the OS state directory (see Path). Each
// line carries the SHA-256 of the line before it and its own line number,
// so that Verify finds a line that was edited or removed; a head file
// beside it (HeadPath) keeps the last line's number and hash, so that
// Check also finds an edited last line, lines cut from the end and a
// deleted log. The package knows
// no terminal; the CLI and the TUI share Log, Purposes and CleanReason.
//
// It imports api (the error kinds an access-log failure is reported with),
// api/advert, api/text, api/statedir (where the log lives), api/osfile
// (the lock that makes processes take turns) and api/signals (the hold
// that keeps a signal from ending padview between a line and its head
// file), and nothing of cmd or ui.
package audit
