// Package text holds the helpers the terminal UI and the CLI share to turn
// untrusted document values into safe, readable text: cleaning of control
// and invisible characters, labels for member names, and the formatting of
// dates, amounts and booleans.
package text
