package export

// MarkdownText makes untrusted text safe inside a line of Markdown, as the
// Markdown report escapes it: cleaned of control characters, then
// backslash-escaped. The notice's Markdown (api/notice) writes with it, so
// that the escaping has one home.
func MarkdownText(s string) string { return md(s) }
