// Package diff compares two normalized advertisements: which fields were
// added, removed or changed, group by group in the order of advert.Groups.
// Sponsors and controllers are matched by name (text.PartyName), not by
// position, so that a reordered list is no change and an inserted sponsor
// is one. It knows no terminal: `padview diff` prints a Result as text or
// JSON, and the TUI can draw the same Result as a pane.
//
// It imports api/advert (the documents), api/vocab (what only the full view
// carries) and api/text (names and masking), and nothing of cmd or ui.
package diff
