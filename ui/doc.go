// Package ui is padview's terminal UI: Bubble Tea models that show one
// exchange with the partner service at a time. It imports api (the
// client, the document, the wording in api/text) and theme; it saves
// tokens through the TokenSaver it is given, never keystore itself, and
// reaches the watch history through the WatchStore that Config.Watch
// opens (watch.go).
//
// The root model (model.go) routes: answers and timers to the session,
// input to the one modal when one is open, else to the PAID input or the
// pane on screen. Panes (pane.go) are the tabs of an exchange; modals
// (modal.go) are the dialogs. Update stays light: I/O, masking and any
// work over a whole document run in commands whose answers carry a
// request id, so that an answer nobody waits for is dropped.
//
// Every key is a key.Binding in keys.go, in the key map of the part of
// the screen that takes it; the code asks key.Matches, the key line and
// the ? help are drawn from the bindings, and docs/tui.md has a key table
// for each part, held against the bindings by TestKeyTablesMatchTheBindings.
//
// A PAID typed on a result screen goes to the input, not to the keys its
// letters are: typing.go holds the rule, keys.go the keys that wait for
// it (lasting).
//
// To add a key: declare its binding in keys.go, in the key map of the pane
// or dialog that takes it (the root's keys: rootKeys, then a line in
// rootActions saying what it does); offer it in that part's key line
// (keyline.go for the root, Keys for a modal); add it to keySets and to
// the part's table in docs/tui.md; a key with a lasting effect joins
// lasting. To add a pane: a file with a type that
// implements Pane (its keys in a key map of its own in keys.go, matched in
// its Update), one line in panesFor, and its key table in docs/tui.md
// under a heading named in keySets. To add a modal: a file with a type
// that implements Modal, its key map in keys.go, a root key that opens it
// (m.open), and its table. A modal's decision reaches the root as a
// message from the command it returns.
package ui
