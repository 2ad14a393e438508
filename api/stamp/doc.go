// Package stamp is the one home of the formats padview writes a moment it
// recorded in: Format and Parse for the watch history's stored times (UTC,
// to the millisecond), Second and Minute for people (UTC, with a Z, as
// `padview audit` and `padview watch log` print them and the TUI's History
// tab lists them). A format changed here changes everywhere at once, and
// the CLI and the TUI never disagree on how a moment reads.
//
// It imports no padview package and knows no terminal.
package stamp
