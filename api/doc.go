// Package api is padview's client of the partner interface, and the root
// of the packages that know the service and its answers but no terminal.
// This package is the client: ParseLookup and ParsePAID read what the user
// typed (lookup.go, paid.go); Client.Get (client.go) sends the request
// within the token's rate Budget (budget.go), retries within fixed bounds,
// and returns the normalized document, an Exchange recording every attempt
// for support staff (exchange.go), and on failure a typed *Error whose
// Kind sorts it by what the user can do about it (kinds.go, the domain's
// table of failure kinds: what happened, said once, and how a batch
// counts it; cmd and ui each add their own next step from a table of
// their own).
//
// The packages below it, each with one job:
//
//   - api/vocab: the one vocabulary, what a member name means (its group
//     and field, its type, whether it is personal data), from its data
//     files and a user's [fields].
//   - api/advert: the document: the JSON Value tree an answer is parsed
//     into, the normalizer that places every member in the groups of the
//     partner interface (advert.Groups), typed fields.
//   - api/text: untrusted values as safe, readable text (cleaning, labels,
//     formatting, masking) and the one way each of wording durations,
//     plurals and thousands.
//   - api/check: the transparency rules, one table (check.Rules), and
//     their evaluation into a Report.
//   - api/diff: what changed between two documents.
//   - api/export: JSON, Markdown and CSV for saving.
//   - api/audit: the access log of full-view requests.
//   - api/answerfile: answers read from a file instead of the service
//     (a saved answer, JSON Lines, an array, a CSV export), with their
//     provenance.
//   - api/watch: the watchlist, its poller and its SQLite history.
//   - api/statedir: the state directory, its files safe from other users.
//   - api/fake: a fake partner service on loopback, for tests and the demo.
//
// Imports point one way. api/vocab and api/statedir import no padview
// package; api/advert imports api/vocab; api/text imports api/advert and
// api/vocab; this package, api/check, api/diff and api/export import those
// three; api/audit, api/watch, api/fake and api/answerfile build on this
// package. No
// package here imports cmd, ui, keystore or theme. ARCHITECTURE.md at the
// top of the repository is the map of the whole program, and
// TestImportsPointOneWay holds the code to these rules.
package api
