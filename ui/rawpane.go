package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// rawPane is the exchange as support staff read it: the request line, the
// status, the curl command that repeats it, the response headers, the
// attempt log, the normalizer's warnings, then the body as the server sent
// it (indented when it is JSON, as text when not). It scrolls as one
// document; the body is laid out lazily, so a huge answer opens at once.
type rawPane struct {
	k      *kit
	head   []rawLine
	json   *jsonLines // the body, when it is JSON
	text   []string   // the body, when it is not
	width  int
	height int
	x      int // the first cell of each line in sight: < and > move it
	scroll scroller
	find   textFind
}

// rawLine is a line of the head and how it is drawn.
type rawLine struct {
	text string
	kind rawKind
}

type rawKind int

const (
	rawPlain rawKind = iota
	rawMuted
	rawTitle
	rawCurl
	rawWarning
)

// Bounds on a body that is not JSON: it is shown as text up to these.
const (
	maxTextBody  = 256 << 10
	maxTextLines = 5000
)

// countAhead is how many lines past the window the pane counts, so that
// "lines 1–30 of N" knows N for all but huge answers.
const countAhead = 10000

func newRawPane(k *kit, ex *exchange) Pane {
	p := rawPane{k: k, head: rawHead(ex)}
	body := ex.rec.Body
	if ex.doc != nil {
		body = ex.doc.Raw
	}
	if ex.mask {
		// The bytes as sent cannot be masked where they stand: show the
		// normalized document, or the error body, masked instead.
		if ex.doc != nil {
			p.head = append(p.head, rawLine{"Body · the normalized JSON with personal data MASKED, not the bytes as sent (m shows them)", rawTitle})
			p.json = newJSONLines(ex.masked.json)
			return p
		}
		body = maskedBody(body)
	}
	switch {
	case ex.rec.Withheld != "":
		p.head = append(p.head, rawLine{"Body · " + text.FormatSize(ex.rec.Size) + " · not shown: " + ex.rec.Withheld, rawMuted})
	case len(body) == 0 && ex.apiError() != nil && ex.apiError().Snippet != "":
		p.head = append(p.head, rawLine{"Body (the start of it, as the error recorded it)", rawTitle})
		p.text = []string{ex.say(ex.apiError().Snippet)}
	case len(body) == 0 && ex.rec.Size > 0:
		p.head = append(p.head, rawLine{"Body · " + text.FormatSize(ex.rec.Size) + " · not recorded", rawMuted})
	case len(body) == 0:
		p.head = append(p.head, rawLine{"No body.", rawMuted})
	case ex.doc != nil || json.Valid(body):
		p.head = append(p.head, rawLine{"Body · " + text.FormatSize(int64(len(body))), rawTitle})
		p.json = newJSONLines(body)
	default:
		p.head = append(p.head, rawLine{"Body · " + text.FormatSize(int64(len(body))) + " · not JSON, shown as text", rawTitle})
		p.text = textLines(body)
	}
	if ex.mask && len(body) > 0 {
		last := &p.head[len(p.head)-1]
		last.text += " · personal data MASKED (m shows the bytes as sent)"
	}
	return p
}

// rawHead is everything above the body.
func rawHead(ex *exchange) []rawLine {
	if ex.file != nil {
		return fileHead(ex)
	}
	rec := ex.rec
	h := []rawLine{{text.CleanText(rec.Method + " " + rec.URL), rawMuted}}
	answer := "→ no response"
	if rec.Status != 0 {
		answer = fmt.Sprintf("→ %d %s · %s", rec.Status, http.StatusText(rec.Status), rec.Proto)
	}
	answer += " · " + text.Latency(rec.Duration)
	if rec.Status != 0 {
		answer += " · " + text.FormatSize(rec.Size)
	}
	if rec.Attempts > 1 {
		answer += " · " + text.Plural(rec.Attempts, "attempt", "attempts")
	}
	if rec.RequestID != "" {
		answer += " · request id " + rec.RequestID
	}
	h = append(h, rawLine{answer, rawMuted}, rawLine{rec.Curl, rawCurl}, rawLine{})
	if len(rec.Headers) > 0 {
		h = append(h, rawLine{"Response headers", rawTitle})
		names := make([]string, 0, len(rec.Headers))
		for n := range rec.Headers {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			h = append(h, rawLine{"  " + text.CleanText(n) + ": " + ex.say(text.CleanText(strings.Join(rec.Headers[n], ", "))), rawPlain})
		}
		h = append(h, rawLine{})
	}
	if len(rec.Log) > 1 || ex.err != nil && len(rec.Log) > 0 {
		h = append(h, rawLine{"Attempts", rawTitle})
		for i, a := range rec.Log {
			h = append(h, rawLine{fmt.Sprintf("  %d. %s", i+1, ex.say(text.CleanText(a.String()))), rawPlain})
		}
		h = append(h, rawLine{})
	}
	if doc := ex.shown(); doc != nil && len(doc.Warnings) > 0 {
		h = append(h, rawLine{"Normalizer warnings", rawTitle})
		for _, w := range doc.Warnings {
			h = append(h, rawLine{"  ⚠ " + text.CleanText(w), rawWarning})
		}
		h = append(h, rawLine{})
	}
	return h
}

// maskedBody is an answer that is not an advertisement (an error body)
// under the privacy mask: JSON masked by member name and shape, anything
// else where emails and phone numbers stand.
func maskedBody(body []byte) []byte {
	if v, err := advert.ParseValue(body); err == nil {
		return text.MaskTree(v).AppendJSON(nil)
	}
	return []byte(text.MaskText(string(body[:min(len(body), maxTextBody)])))
}

// textLines is a body that is not JSON as lines of text, cleaned and capped.
func textLines(body []byte) []string {
	capped := len(body) > maxTextBody
	lines := strings.Split(text.CleanBlock(string(body[:min(len(body), maxTextBody)])), "\n")
	if len(lines) > maxTextLines {
		lines, capped = lines[:maxTextLines], true
	}
	if capped {
		lines = append(lines, fmt.Sprintf("… cut here: padview shows the first %d lines or %s of a body that is not JSON", maxTextLines, text.FormatSize(maxTextBody)))
	}
	return lines
}

// lines counts the pane's lines at least need far.
func (p rawPane) lines(need int) int {
	n := len(p.head) + len(p.text)
	if p.json != nil {
		n += p.json.count(max(0, need-len(p.head)))
	}
	return n
}

// total is the number of lines, or -1 while the body is not counted yet.
func (p rawPane) total() int {
	if p.json != nil && !p.json.done {
		return -1
	}
	return p.lines(0)
}

func (p rawPane) Tab() Tab { return Tab{Label: "Raw"} }

func (p rawPane) Resize(w, h int) Pane {
	p.width, p.height = w, h
	p.find.setWidth(w)
	p.scroll.resize(h-p.find.rows(), p.lines(p.scroll.offset+h+countAhead))
	return p
}

// index is every line of the pane, the whole body laid out once: what a
// find in Raw searches. It runs in a command, so it walks the body with
// a layout of its own, never the one View reads.
func (p rawPane) index() *lineIndex {
	x := &lineIndex{}
	if p.json != nil {
		x.buf = make([]byte, 0, len(p.json.src)*3/2) // indenting adds about half
	}
	for _, l := range p.head {
		x.add(l.text)
	}
	if p.json != nil {
		newJSONLines(p.json.src).each(x.addBytes)
	}
	for _, l := range p.text {
		x.add(l)
	}
	return x
}

func (p rawPane) Finding() findMode { return p.find.mode() }

func (p rawPane) Update(msg tea.Msg) (Pane, tea.Cmd) {
	if taken, show, cmd := p.find.handle(p.k, msg, p.scroll.offset, p.index); taken {
		p.scroll.resize(p.height-p.find.rows(), p.lines(p.scroll.offset+p.height+countAhead))
		p.scroll.reveal(show, p.lines)
		if show >= 0 {
			p.x = revealSideways(p.find, p.x, p.width)
		}
		return p, cmd
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, p.k.keys.raw.Right):
			p.x += max(1, p.width/2)
			return p, nil
		case key.Matches(k, p.k.keys.raw.Left):
			p.x = max(0, p.x-max(1, p.width/2))
			return p, nil
		}
	}
	d, ok := scrollDelta(p.k.keys.scroll, msg, p.scroll.height)
	if !ok {
		return p, nil
	}
	if d == far && p.json != nil {
		p.json.total() // the end is wherever counting ends
	}
	p.scroll.move(d, p.lines)
	p.lines(p.scroll.offset + p.scroll.height + countAhead)
	return p, nil
}

func (p rawPane) Where() string {
	from := ""
	if p.x > 0 {
		from = fmt.Sprintf(" · from column %d", p.x+1)
	}
	if t := p.total(); t >= 0 {
		return p.scroll.where(t, t) + from
	}
	return p.scroll.where(p.lines(0), -1) + fmt.Sprintf(" of %d+", p.lines(0)) + from
}

// Hints offer < and > in the key line.
func (p rawPane) Hints() []hint { return []hint{{p.k.keys.raw.Sideways(), 4}} }

func (p rawPane) View() string {
	st := p.k.st
	w, from, n := p.width, p.scroll.offset, p.scroll.height
	mk := p.find.marker(p.k)
	out := make([]string, 0, n+1)
	for i := from; i < min(len(p.head), from+n); i++ {
		if p.x > 0 {
			s, cut := sideways(p.head[i].text, p.x, w)
			out = append(out, mk.lineFrom(i, p.headStyle(p.head[i].kind).Render(s), cut))
			continue
		}
		out = append(out, mk.line(i, p.headLine(p.head[i], w)))
	}
	if rest := n - len(out); rest > 0 {
		start := max(0, from-len(p.head))
		if p.json != nil {
			colors := newJSONColors(st)
			for i, l := range p.json.window(start, rest) {
				s, cut := sideways(l, p.x, w)
				if cut == 0 {
					s = colorJSONLine(colors, s)
				} else {
					s = st.Value.Render(s) // a cut line starts in the middle of a token
				}
				out = append(out, mk.lineFrom(len(p.head)+start+i, s, cut))
			}
		} else {
			for i, l := range p.text[min(start, len(p.text)):min(len(p.text), start+rest)] {
				s, cut := sideways(l, p.x, w)
				out = append(out, mk.lineFrom(len(p.head)+start+i, st.Value.Render(s), cut))
			}
		}
	}
	return withFindLine(p.k, out, n, p.find.finder, p.find.count())
}

// headStyle is how a line of the head of a kind is drawn.
func (p rawPane) headStyle(k rawKind) lipgloss.Style {
	st := p.k.st
	switch k {
	case rawMuted, rawCurl:
		return st.Muted
	case rawTitle:
		return st.Label.Bold(true)
	case rawWarning:
		return st.StatusWarn
	}
	return st.Value
}

// headLine is a line of the head not scrolled sideways; the curl command
// keeps room for the key that copies it.
func (p rawPane) headLine(l rawLine, w int) string {
	if l.kind == rawCurl {
		return p.headStyle(l.kind).Render(ansi.Truncate(l.text, max(0, w-10), cutMark)) + p.k.st.Accent.Render("  "+say(p.k.keys.root.Curl, "copies"))
	}
	return p.headStyle(l.kind).Render(ansi.Truncate(l.text, w, cutMark))
}

// jsonColors is what each kind of JSON token is wrapped in, worked out
// once per draw: a frame of Raw has a few hundred tokens.
type jsonColors struct{ key, str, num, lit, punct [2]string }

func newJSONColors(st theme.Styles) jsonColors {
	codes := func(s lipgloss.Style) [2]string {
		open, end := styleCodes(s)
		return [2]string{open, end}
	}
	return jsonColors{codes(st.JSONKey), codes(st.JSONString), codes(st.JSONNumber), codes(st.JSONLiteral), codes(st.JSONPunct)}
}

// colorJSONLine colours one line of indented JSON: keys, strings, numbers
// and literals. It runs on visible lines only.
func colorJSONLine(c jsonColors, line string) string {
	var b strings.Builder
	b.Grow(len(line) * 2)
	put := func(codes [2]string, tok string) {
		b.WriteString(codes[0])
		b.WriteString(tok)
		b.WriteString(codes[1])
	}
	i := 0
	for i < len(line) {
		ch := line[i]
		switch {
		case ch == '"':
			j := i + 1
			for j < len(line) && line[j] != '"' {
				if line[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(line))
			if strings.HasPrefix(strings.TrimLeft(line[j:], " "), ":") {
				put(c.key, line[i:j])
			} else {
				put(c.str, line[i:j])
			}
			i = j
		case ch == '-' || ch >= '0' && ch <= '9':
			j := i
			for j < len(line) && strings.IndexByte("+-.eE0123456789", line[j]) >= 0 {
				j++
			}
			put(c.num, line[i:j])
			i = j
		case strings.HasPrefix(line[i:], "true"), strings.HasPrefix(line[i:], "null"):
			put(c.lit, line[i:i+4])
			i += 4
		case strings.HasPrefix(line[i:], "false"):
			put(c.lit, line[i:i+5])
			i += 5
		case ch == ' ':
			b.WriteByte(ch)
			i++
		default:
			put(c.punct, line[i:i+1])
			i++
		}
	}
	return b.String()
}

// Selection: Raw has nothing to select.
func (p rawPane) Selection() (string, []string) { return "", nil }

// Text is the exchange as Raw shows it with the body whole: JSON indented,
// every line cleaned.
func (p rawPane) Text() string {
	head := make([]string, len(p.head))
	for i, l := range p.head {
		head[i] = l.text
	}
	body := strings.Join(p.text, "\n")
	if p.json != nil {
		var b bytes.Buffer
		if json.Indent(&b, p.json.src, "", "  ") != nil {
			b.Reset()
			b.Write(p.json.src)
		}
		body = text.CleanBlock(b.String())
	}
	if body == "" {
		return plainLines(head)
	}
	return plainLines(head) + body + "\n"
}
