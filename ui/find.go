package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"golang.org/x/text/unicode/norm"
)

// findMode is what a pane's find line is doing. The root routes keys by
// it: while the line is typed in it takes every key, and while a find is
// in force esc clears it.
type findMode int

const (
	findNone   findMode = iota // the pane has nothing to find in: / goes to the PAID input
	findOff                    // nothing is sought
	findTyping                 // the find line takes every key
	findKept                   // a find is in force: n/N step through it, esc clears it
)

// findIndex is a pane's find index, built off the UI goroutine: laying a
// big Raw out whole, or every column of a 50,000-row table, takes longer
// than a frame. id is the request's (kit.request): an index no pane waits
// for any more is dropped.
type findIndex struct {
	id    int
	index *lineIndex
}

func indexCmd(id int, build func() *lineIndex) tea.Cmd {
	return func() tea.Msg { return findIndex{id, build()} }
}

// findingWords is what the find line counts while its index is being
// built.
const findingWords = "finding…"

// maxFind caps what the find line takes, in bytes; maxFindShown is the
// most of it the line shows at once.
const (
	maxFind      = 256
	maxFindShown = 40
)

// finder is the find line a pane embeds (the convention of less, k9s and
// lazygit): / opens it, what is typed is sought as it is typed, enter
// keeps the find and gives the keys back, esc clears it. What is sought
// and how it shows (rows filtered, matches marked) is the pane's part.
type finder struct {
	box    textinput.Model
	typing bool
	query  string // folded (see fold); "" when nothing is sought
	width  int
}

func (f finder) mode() findMode {
	switch {
	case f.typing:
		return findTyping
	case f.query != "":
		return findKept
	}
	return findOff
}

// rows is how many lines of the pane the find line takes.
func (f finder) rows() int {
	if f.mode() == findOff {
		return 0
	}
	return 1
}

// findEvent is what a message did to the find.
type findEvent int

const (
	findIgnored findEvent = iota // not the find's: the pane handles it
	findTaken                    // the find line used it; nothing to search again
	findChanged                  // what is sought changed: search again
	findDone                     // enter: the line closes, the find stays
	findCleared                  // esc: nothing is sought any more
	findNext                     // n
	findPrev                     // N
)

// update takes a key, paste or wheel event and says what it did.
func (f *finder) update(kt *kit, msg tea.Msg) (findEvent, tea.Cmd) {
	keys := kt.keys.find
	k, isKey := msg.(tea.KeyPressMsg)
	if !f.typing {
		switch {
		case !isKey:
		case key.Matches(k, keys.Open):
			return findTaken, f.open(kt)
		case f.query == "":
		case key.Matches(k, keys.Clear):
			f.clear()
			return findCleared, nil
		case key.Matches(k, keys.Next):
			return findNext, nil
		case key.Matches(k, keys.Prev):
			return findPrev, nil
		}
		return findIgnored, nil
	}
	switch {
	case !isKey:
		if _, paste := msg.(tea.PasteMsg); !paste {
			return findIgnored, nil // the wheel still scrolls
		}
	case key.Matches(k, keys.Pass):
		return findIgnored, nil // they move in the pane
	case key.Matches(k, keys.Clear):
		f.clear()
		return findCleared, nil
	case key.Matches(k, keys.Keep):
		f.typing = false
		f.box.Blur()
		if f.query == "" {
			return findCleared, nil
		}
		return findDone, nil
	}
	var cmd tea.Cmd
	f.box, cmd = f.box.Update(msg)
	if q := fold(f.box.Value()); q != f.query {
		f.query = q
		return findChanged, cmd
	}
	return findTaken, cmd
}

// open starts typing, with what is sought now to refine.
func (f *finder) open(k *kit) tea.Cmd {
	if !f.typing && f.box.Value() == "" {
		f.box = textinput.New()
		f.box.Prompt = k.keys.find.Open.Help().Key
		f.box.Placeholder = "find"
		f.box.CharLimit = maxFind
		styles := textinput.DefaultStyles(k.st.IsDark)
		styles.Cursor.Blink = false // a steady cursor: the blink's timer is the PAID input's
		f.box.SetStyles(styles)
	}
	f.typing = true
	f.setWidth(f.width)
	f.box.CursorEnd()
	return f.box.Focus()
}

func (f *finder) clear() {
	f.typing, f.query = false, ""
	f.box.SetValue("")
	f.box.Blur()
}

// setWidth is the pane's width; the line keeps room for the count.
func (f *finder) setWidth(w int) {
	f.width = w
	f.box.SetWidth(max(4, min(maxFindShown, w-40)))
}

// view is the find line: what is sought, and on the right count ("3 of
// 17", "no match") with the keys that work now.
func (f finder) view(k *kit, count string) string {
	st, keys := k.st, k.keys.find
	var left, right string
	switch {
	case f.typing:
		left = f.box.View()
		right = sayAll(say(keys.Keep, "keeps"), say(keys.Clear, "clears"))
	default:
		left = st.Accent.Render(keys.Open.Help().Key) + st.Text.Render(f.box.Value())
		right = sayAll(say(keys.Step(), "next/previous"), say(keys.Open, "edits"), say(keys.Clear, "clears"))
	}
	countStyle := st.Text
	if count == "no match" {
		countStyle = st.StatusWarn
	}
	right = countStyle.Render(count) + st.Muted.Render(" · "+right)
	if lipgloss.Width(left)+lipgloss.Width(right)+2 > f.width {
		right = countStyle.Render(count)
	}
	gap := f.width - lipgloss.Width(left) - lipgloss.Width(right)
	if gap < 1 {
		return fit(left, f.width)
	}
	return left + strings.Repeat(" ", gap) + right
}

// fold lowercases s and takes its accents off, for a find that ignores
// both: "lodz" finds "Łódź", "ΑΘΗΝΑ" finds "Αθήνα". A letter may fold to
// fewer bytes ("ó" to "o") and a mark standing alone goes: a match in
// fold(s) is placed in s through foldOffsets.
func fold(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			return string(appendFold(make([]byte, 0, len(s)), s))
		}
	}
	return s
}

// appendFold appends fold(s) to b.
func appendFold[T string | []byte](b []byte, s T) []byte {
	b, _ = foldInto(b, s, false)
	return b
}

// foldInto appends fold(s) to b and, when track is set and folding moved
// an offset, maps each byte of what it appended to its offset in s (and
// one past the end): nil when nothing moved, as for most lines.
func foldInto[T string | []byte](b []byte, s T, track bool) ([]byte, []int32) {
	base := len(b)
	var offs []int32
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
			if offs != nil {
				offs = append(offs, int32(i))
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
		at := len(b)
		if f, ok := foldRune(r); ok {
			b = utf8.AppendRune(b, f)
		}
		if track && offs == nil && len(b)-base != i+size {
			offs = make([]int32, at-base, len(s)+1) // the offsets so far were kept
			for j := range offs {
				offs[j] = int32(j)
			}
		}
		for range len(b) - at {
			if offs != nil {
				offs = append(offs, int32(i))
			}
		}
		i += size
	}
	if offs != nil {
		offs = append(offs, int32(len(s)))
	}
	return b, offs
}

// unaccented are letters that Unicode does not decompose into a base
// letter and a mark, as a reader still finds them by the base letter.
// (api/vocab folds member names, where ø and ß become "o" and "ss"; a find
// keeps to one letter for one.)
var unaccented = map[rune]rune{'ł': 'l', 'đ': 'd', 'ø': 'o', 'ı': 'i', 'ħ': 'h', 'ŧ': 't', 'ŀ': 'l'}

// foldRune is one rune beyond ASCII folded: lower case, its accents off;
// ok is false for a combining mark, which folds to nothing.
func foldRune(r rune) (rune, bool) {
	if unicode.Is(unicode.Mn, r) {
		return 0, false
	}
	l := unicode.ToLower(r)
	if u, ok := unaccented[l]; ok {
		return u, true
	}
	var buf [utf8.UTFMax]byte
	d := norm.NFD.Properties(buf[:utf8.EncodeRune(buf[:], l)]).Decomposition()
	if len(d) == 0 {
		return l, true
	}
	base, n := utf8.DecodeRune(d)
	for _, m := range string(d[n:]) {
		if !unicode.Is(unicode.Mn, m) {
			return l, true // not a letter and its accents (a ligature, a compatibility form)
		}
	}
	return base, true
}

// foldOffsets maps byte offsets in fold(plain) to offsets in plain; nil
// when folding kept every offset.
func foldOffsets[T string | []byte](plain T) []int32 {
	_, offs := foldInto(nil, plain, true)
	return offs
}

// span is a match in a line: byte offsets in its text without styles.
type span struct {
	from, to int
	current  bool // the match n/N is on
}

// mark draws the spans of a styled line in the match styles. The line's
// own styles stay around and inside them: after a match, the styles that
// were in force are written again. spans are in order and do not overlap.
// It is one pass of a small state machine (in a match or not, the styles
// in force), better read whole than split across helpers sharing it.
func mark(line string, spans []span, on, onCurrent string) string {
	if len(spans) == 0 {
		return line
	}
	var b strings.Builder
	b.Grow(len(line) + 32*len(spans))
	var inForce []string // the line's SGR sequences since its last reset
	pos, si, in := 0, 0, false
	open := func() {
		if spans[si].current {
			b.WriteString(onCurrent)
		} else {
			b.WriteString(on)
		}
	}
	end := func() {
		b.WriteString("\x1b[m")
		for _, s := range inForce {
			b.WriteString(s)
		}
	}
	var state byte
	for len(line) > 0 {
		seq, _, n, next := ansi.DecodeSequence(line, state, nil)
		state = next
		line = line[n:]
		if n == 0 {
			break
		}
		if seq[0] == ansi.ESC {
			b.WriteString(seq)
			if strings.HasSuffix(seq, "m") && ansi.HasCsiPrefix(seq) {
				if seq == "\x1b[m" || seq == "\x1b[0m" {
					inForce = inForce[:0]
				} else {
					inForce = append(inForce, seq)
				}
				if in {
					open() // the line's style must not end the match
				}
			}
			continue
		}
		for !in && si < len(spans) && spans[si].to <= pos {
			si++ // an empty or passed span
		}
		if !in && si < len(spans) && pos >= spans[si].from {
			open()
			in = true
		}
		b.WriteString(seq)
		pos += n
		if in && pos >= spans[si].to {
			end()
			in = false
			si++
		}
	}
	if in {
		end()
	}
	return b.String()
}

// searches remembers what the queries typed so far found, so that typing
// on narrows what the last one found and a backspace takes back what a
// shorter one found before: most keys cost less than a search of all.
type searches[T any] struct {
	last    search[T]
	earlier []search[T] // shorter queries, the longest last
}

type search[T any] struct {
	q string
	v T
}

// maxEarlier is how many shorter queries' results a find keeps.
const maxEarlier = 16

// run finds q: narrow(what the last query found) when q extends it and
// narrow can (ok), else what an earlier query found when q is one, else
// all(). The slices are copied when they grow: a pane is a value.
func (s *searches[T]) run(q string, all func() T, narrow func(T) (T, bool)) T {
	last := s.last
	switch {
	case last.q != "" && strings.HasPrefix(q, last.q) && q != last.q:
		s.earlier = append(s.earlier[max(0, len(s.earlier)-maxEarlier+1):len(s.earlier):len(s.earlier)], last)
		if v, ok := narrow(last.v); ok {
			s.last = search[T]{q, v}
			return v
		}
	case strings.HasPrefix(last.q, q):
		for len(s.earlier) > 0 {
			e := s.earlier[len(s.earlier)-1]
			s.earlier = s.earlier[:len(s.earlier)-1]
			if e.q == q {
				s.last = e
				return e.v
			}
		}
	default:
		s.earlier = nil
	}
	s.last = search[T]{q, all()}
	return s.last.v
}

// findHints are the key line's hints for a pane's find.
func findHints(k findKeys, mode findMode) []hint {
	switch mode {
	case findTyping:
		return []hint{{k.Keep, 5}, {k.Clear, 5}}
	case findKept:
		return []hint{{k.Step(), 5}, {k.Clear, 5}}
	}
	return nil
}
