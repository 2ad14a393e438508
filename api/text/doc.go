// Package text holds the helpers the terminal UI and the CLI share to turn
// untrusted document values into safe, readable text: cleaning of control
// and invisible characters (clean.go), labels for member names (label.go),
// the formatting of dates, amounts and booleans (format.go), and the
// privacy mask (mask.go, masktext.go), which asks the vocabulary what is
// personal.
//
// It is also the one home of padview's wording helpers (words.go), one way
// each: Duration for a duration in prose, Countdown and Elapsed for clocks
// that tick on screen, Latency for a request's time, Plural for a count
// with its noun, Thousands for a number with separators, AfterAttempts for
// the attempts a failure came after. Nothing else in padview formats these.
//
// It imports api/advert and api/vocab, and knows no terminal.
package text
