package cmd

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/padview/padview/api/vocab"
)

// The config file is the user's, written by hand with its comments, its
// order and its line endings: fields --write adds lines to it by editing
// its text, never by encoding the whole file again. tomlLines reads just
// enough of TOML to find the table headers and where each table's last
// key/value ends; what it writes is read back by the TOML decoder and
// compared before the file is touched (fieldsFile.write), so that a file
// this reading gets wrong is refused, never damaged.

// tomlLine is one line of a TOML file, as far as adding to a table goes.
type tomlLine struct {
	start, end int      // its bytes, end after its line break
	header     []string // the keys of a [table] header on this line; nil when none
	headed     bool     // a table header is on this line (header nil: one not read)
	ends       bool     // a key/value ends on this line
}

// tomlLines splits data into lines and reads each: a table header, the end
// of a key/value (which may span lines: a multi-line string or array), or
// neither (a blank line, a comment, inside a value).
func tomlLines(data []byte) []tomlLine {
	var out []tomlLine
	var s tomlScan
	for start := 0; start < len(data); {
		end := len(data)
		if i := bytes.IndexByte(data[start:], '\n'); i >= 0 {
			end = start + i + 1
		}
		l := tomlLine{start: start, end: end}
		text := string(data[start:end])
		trimmed := strings.TrimLeft(text, " \t")
		switch {
		case s.inside():
			l.ends = s.scan(text)
		case strings.HasPrefix(trimmed, "["):
			l.headed = true
			l.header = tomlHeader(trimmed)
		case trimmed == "" || trimmed[0] == '#' || trimmed[0] == '\r' || trimmed[0] == '\n':
		default:
			l.ends = s.scan(text)
		}
		out = append(out, l)
		start = end
	}
	return out
}

// tomlScan is where a key/value stands at the end of a line: inside a
// multi-line string, or inside brackets or braces.
type tomlScan struct {
	multi string // `"""` or `'''` while inside a multi-line string
	depth int    // open [ and { of the value
}

func (s *tomlScan) inside() bool { return s.multi != "" || s.depth > 0 }

// scan reads one line of a key/value and reports whether the key/value
// ends on it.
func (s *tomlScan) scan(line string) bool {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if s.multi != "" {
			switch {
			case c == '\\' && s.multi == `"""`:
				i++ // an escaped character, a quote among them
			case strings.HasPrefix(line[i:], s.multi):
				i += len(s.multi) - 1
				for i+1 < len(line) && line[i+1] == s.multi[0] {
					i++ // up to two quotes may end the string's content
				}
				s.multi = ""
			}
			continue
		}
		switch c {
		case '#':
			return s.depth == 0
		case '"', '\'':
			q := string(c)
			if strings.HasPrefix(line[i:], q+q+q) {
				s.multi = q + q + q
				i += 2
				continue
			}
			for i++; i < len(line) && line[i] != c; i++ {
				if c == '"' && line[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			s.depth++
		case ']', '}':
			s.depth = max(0, s.depth-1)
		}
	}
	return !s.inside()
}

// headerKeys finds the keys of a table header: [a.b], [ a . "b c" ],
// [[array.of.tables]].
var headerKeys = regexp.MustCompile(`^\[\[?\s*((?:(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')\s*\.\s*)*(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'))\s*\]\]?\s*(?:#.*)?$`)

// tomlKeyPart is one key of a dotted key.
var tomlKeyPart = regexp.MustCompile(`[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'`)

// tomlHeader reads a header's keys, or nil when it is not one this reading
// knows (an array of tables is never a [fields] table either).
func tomlHeader(line string) []string {
	line = strings.TrimRight(line, "\r\n")
	m := headerKeys.FindStringSubmatch(line)
	if m == nil || strings.HasPrefix(line, "[[") {
		return nil
	}
	var keys []string
	for _, k := range tomlKeyPart.FindAllString(m[1], -1) {
		switch k[0] {
		case '\'':
			k = k[1 : len(k)-1]
		case '"':
			var v struct{ K string }
			if _, err := toml.Decode("K = "+k, &v); err != nil {
				return nil
			}
			k = v.K
		}
		keys = append(keys, k)
	}
	return keys
}

// bareKey is a key TOML takes without quotes.
var bareKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// tomlKey is a key as padview writes it: bare when it can be, else quoted
// as a [fields] line quotes a name.
func tomlKey(k string) string {
	if bareKey.MatchString(k) {
		return k
	}
	return strings.TrimSuffix(vocab.Mapping{Name: k}.Line(), ` = ""`)
}

// addToTable adds lines to the table with the given keys in data: after
// its last key/value (comments after it stay with whatever follows them),
// or, when the file has no such table, in a new one: after the last
// key/value of the table it belongs under ([profiles.NAME] for
// [profiles.NAME.fields]), else at the end. Every byte of data stays, in
// order; the lines take the file's line endings.
func addToTable(data []byte, keys []string, header string, lines []string) []byte {
	nl := "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		nl = "\r\n"
	}
	block := strings.Join(lines, nl) + nl
	parsed := tomlLines(data)
	at, found := tableEnd(parsed, keys)
	if !found {
		block = header + nl + block
		if at, found = tableEnd(parsed, keys[:len(keys)-1]); !found || len(keys) == 1 {
			at = len(data)
		}
		if at > 0 {
			block = nl + block // a blank line before the new table
		}
	}
	var out bytes.Buffer
	out.Grow(len(data) + len(block) + 2)
	out.Write(data[:at])
	if at > 0 && data[at-1] != '\n' {
		out.WriteString(nl) // the last line had no line break
	}
	out.WriteString(block)
	out.Write(data[at:])
	return out.Bytes()
}

// tableEnd is the offset just after the last key/value of the table with
// the given keys (just after its header when it has none), and whether
// the file has that table.
func tableEnd(lines []tomlLine, keys []string) (int, bool) {
	at, found := 0, false
	for _, l := range lines {
		switch {
		case l.headed && found:
			return at, true // the next table begins
		case l.headed && l.header != nil && slices.Equal(l.header, keys):
			at, found = l.end, true
		case l.ends && found:
			at = l.end
		}
	}
	return at, found
}
