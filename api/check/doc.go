// Package check evaluates a normalized advertisement against the items a
// transparency notice of a political advertisement must carry under
// Regulation (EU) 2024/900 on the transparency and targeting of political
// advertising, chiefly its Article 12(1) (the template of Implementing
// Regulation (EU) 2025/1410 lays the same items out).
//
// Rules is the one table of rules: each names the Regulation's point it
// comes from (and says so when that reading is uncertain), the member names
// that satisfy it in any case style and in whichever group the service put
// them, and whether it is required. Check evaluates every rule on a
// Document; each ends in exactly one Status. The package knows no terminal:
// the CLI and the TUI render a Report their own way, and every piece of
// document text in a Report is already cleaned of control characters.
//
// A Report never holds a value of personal data: it names where a field was
// found, not what it says.
//
// It imports api/advert, api/vocab (what a member means) and api/text, and
// nothing of cmd or ui.
package check
