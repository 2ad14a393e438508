// Package theme holds padview's palette and semantic styles. Every style
// that carries meaning (focus, the FULL badge, the selected row, personal
// data) also has a non-colour mark (bold, reverse, underline or a glyph), so
// the screen reads the same with NO_COLOR or a monochrome terminal.
// Gauge draws a share in block characters, the empty part in light shade,
// for the status bar's budget and the batch progress's rate window.
//
// It imports no padview package: ui draws with it, and it knows nothing of
// what it draws.
package theme
