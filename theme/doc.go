// Package theme holds padview's palette and semantic styles. Every style
// that carries meaning (focus, the FULL badge, the selected row, personal
// data) also has a non-colour mark (bold, reverse, underline or a glyph), so
// the screen reads the same with NO_COLOR or a monochrome terminal.
//
// It imports no padview package: ui draws with it, and it knows nothing of
// what it draws.
package theme
