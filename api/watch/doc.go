// Package watch keeps padview's watchlist and its history: which
// advertisements are watched, a snapshot of each one's normalized answer
// whenever it changed, the transparency verdict of each snapshot, and the
// events a poll ended in (first, changed, vanished, reappeared, failed).
// It is stored in one SQLite database (see Schema) that users may query,
// each watch, snapshot, event and sweep under its service (see Service): a
// Store reads and writes one service's. Its files are state files, opened
// and refused by api/statedir's rules, and its failures are worded in
// statedir's words (see Error).
//
// The Poller sweeps the watchlist within a rate (Pacer) and records the
// polls through the Store; the Store never keeps a value of personal data,
// only a keyed hash of it (see Keyed). Nothing here knows a terminal: the
// CLI prints the events, and the TUI reads the same history (Snapshots,
// Compare, Events) without a request.
//
// An event is stored before it is delivered (printed, alerted), and
// marked delivered only after (see Delivery): what one run did not
// deliver, the next delivers first, under the event's UID. A stored row
// that does not read is its advertisement's problem alone (see Damage,
// Repair). The database keeps itself within Bounds (watch_max_size,
// watch_keep) as it writes, and keeps each event small (MaxChangeValue,
// MaxEventChanges). A database padview did not make, or cannot read the
// version of, is refused before anything is written to it.
//
// An advertisement's events read as a Timeline: a mark for each poll that
// changed something, what it changed in a word, laid out as a Strip of
// text in a width (the TUI's History tab and `watch log --format text`
// draw it).
//
// It imports api (the error kinds that end a sweep), api/advert, api/check
// (each snapshot's verdict), api/diff (what changed), api/text and
// api/vocab (the type of a value that changed, for its word),
// api/statedir (where its files live), api/osfile (the lock that keeps a
// second run off the database) and api/stamp (how it stores a moment);
// the fetching and the database's place are the caller's (cmd opens
// both).
package watch
