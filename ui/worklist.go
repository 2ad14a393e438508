package ui

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// worklist is the PAIDs ctrl+n and ctrl+p step through: those the command
// line gave (padview PAID…, --list FILE), or a column of PAIDs pasted into
// the input, which takes their place. Each item is kept as given: a pasted
// full-view URL still asks for the full view.
type worklist struct {
	items []string
	at    int // the item opened last: ctrl+n and ctrl+p step from it
	// shown is the item whose exchange is on screen, or -1 when the screen
	// shows another PAID (or nothing yet). The header names it; a lookup
	// that did not happen (its dialog or its fetch cancelled) returns to it.
	shown int
	// parse reads an item (Model.parseLookup: a file's answers are no
	// PAIDs of the service); nil is api.ParseLookup.
	parse func(string) (api.Lookup, error)
}

func newWorklist(items []string) worklist { return worklist{items: items, shown: -1} }

// paid is item i's PAID, or "" when i is no item.
func (w worklist) paid(i int, base string) string {
	if i < 0 || i >= len(w.items) {
		return ""
	}
	parse := w.parse
	if parse == nil {
		parse = func(s string) (api.Lookup, error) { return api.ParseLookup(s, base) }
	}
	l, err := parse(w.items[i])
	if err != nil {
		return ""
	}
	return l.PAID
}

// seen notes the PAID of the exchange now on screen: the item opened last,
// the item that was on screen (the same advertisement again), or another.
func (w *worklist) seen(paid, base string) {
	switch {
	case w.paid(w.at, base) == paid:
		w.shown = w.at
	case w.paid(w.shown, base) == paid:
	default:
		w.shown = -1
	}
}

// back returns to the item on screen, when the lookup of the item opened
// since did not happen: ctrl+n then opens the same item again.
func (w *worklist) back() {
	if w.shown >= 0 {
		w.at = w.shown
	}
}

// place is where the worklist is, for the header: "3/17" while the
// exchange on screen (paid) is the worklist's item; "" for one PAID
// (padview AB12CD), which is no list to find one's way in, and while the
// screen shows another PAID or nothing.
func (w worklist) place(paid, base string) string {
	if len(w.items) < 2 || paid == "" || w.paid(w.shown, base) != paid {
		return ""
	}
	return fmt.Sprintf("%d/%d", w.shown+1, len(w.items))
}

// worklistPlace is the worklist's place for the header.
func (m Model) worklistPlace() string {
	if m.ex == nil {
		return ""
	}
	return m.list.place(m.ex.paid, m.cfg.BaseURL)
}

// stepWorklist opens the next (d = 1: ctrl+n) or previous (-1: ctrl+p)
// item of the worklist.
func (m *Model) stepWorklist(d int) tea.Cmd {
	n := len(m.list.items)
	i := m.list.at + d
	switch {
	case n == 0:
		m.status = status{level: levelInfo, text: "No worklist: padview PAID… or padview --list FILE opens one, or paste a column of PAIDs."}
		return nil
	case i < 0:
		m.status = status{level: levelInfo, text: fmt.Sprintf("This is the first item of the worklist (1/%d).", n)}
		return nil
	case i >= n:
		m.status = status{level: levelInfo, text: fmt.Sprintf("This is the last item of the worklist (%d/%d).", n, n)}
		return nil
	}
	return m.openItem(i)
}

// openItem opens item i of the worklist. An advertisement this session
// already holds in the standard view reopens without a request, as [ and
// ] do.
func (m *Model) openItem(i int) tea.Cmd {
	m.list.at = i
	item := m.list.items[i]
	if l, err := m.parseLookup(item); err == nil && m.sess.view == advert.Standard && l.View != advert.Full {
		if v := m.hist.kept(lookup{l.PAID, advert.Standard}); v >= 0 {
			return m.reopen(v)
		}
	}
	m.input.box.SetValue(item)
	return m.lookUp(item)
}

// maxBadWords is how many words of a paste that are not PAIDs the message
// line quotes; the rest are counted.
const maxBadWords = 3

// pastedList is a paste read as a list of PAIDs: its words, split at line
// breaks, commas, tabs and spaces (a spreadsheet column, a list copied
// from an email) and unquoted. In a column, one word a line, a word is a
// PAID if api.ParsePAID takes it, whatever its shape (DEMO-HTML), but for
// a first word that api.LooksLikeHeading (the column's "PAID"); in a
// paste with a line of several words, running text, only if
// api.LooksLikePAID says so too, so that the "Please" of an email is
// skipped. It reads at most api.MaxWorklist PAIDs and as many other
// words, so that no paste costs more than a worklist.
type pastedList struct {
	first  string   // the first word
	words  int      // the words read
	items  []string // the PAIDs, as given
	bad    []string // the first maxBadWords other words, cleaned and clipped
	nBad   int      // how many other words
	more   bool     // the paste holds more than api.MaxWorklist PAIDs: the rest was not read
	column bool     // one word a line: no word is taken for prose
	seen   map[string]bool
	dups   int // PAIDs given again (as they are, or in a URL), merged into the first
}

func readPasted(s string) pastedList {
	p := pastedList{column: isColumn(s)}
	for s != "" && p.nBad <= api.MaxWorklist && !p.more {
		word := s
		if i := strings.IndexFunc(s, separator); i >= 0 {
			_, n := utf8.DecodeRuneInString(s[i:])
			word, s = s[:i], s[i+n:]
		} else {
			s = ""
		}
		if word != "" {
			p.add(word)
		}
	}
	return p
}

// separator is what parts the words of a paste.
func separator(r rune) bool { return r == ',' || unicode.IsSpace(r) }

// isColumn says whether a paste holds at most one word a line, without
// splitting it: a paste may be long.
func isColumn(s string) bool {
	for s != "" {
		line := s
		if i := strings.IndexAny(s, "\r\n"); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		line = strings.TrimLeftFunc(line, separator)
		if i := strings.IndexFunc(line, separator); i >= 0 && strings.TrimLeftFunc(line[i:], separator) != "" {
			return false
		}
	}
	return true
}

// add takes one word of a paste: a PAID, or a word that is none.
func (p *pastedList) add(word string) {
	if p.words++; p.words == 1 {
		p.first = word
	}
	w := unquote(word)
	column := p.column && !(p.words == 1 && api.LooksLikeHeading(w))
	if paid, ok := parsedPAID(w); ok && (column && api.MeantAsPAID(w, nil) || api.LooksLikePAID(w)) {
		if p.seen[paid] {
			p.dups++
			return
		}
		if len(p.items) == api.MaxWorklist {
			p.more = true
			return
		}
		if p.seen == nil {
			p.seen = map[string]bool{}
		}
		p.seen[paid] = true
		p.items = append(p.items, w)
		return
	}
	p.nBad++
	if len(p.bad) < maxBadWords {
		p.bad = append(p.bad, `"`+ansi.Truncate(text.CleanText(word), 20, "…")+`"`)
	}
}

// unquote takes off what wraps a word in running text: quotes, brackets,
// and the punctuation after it ("(AB12CD)", "<https://…/AB12CD>",
// "ES55MAD.").
func unquote(word string) string {
	const wraps = "\"'()[]<>«»“”‘’"
	return strings.TrimRight(strings.TrimLeft(word, wraps), wraps+".;:!")
}

// parsedPAID is the PAID a word names, if it is one: AB12CD and a pasted
// URL of AB12CD name one PAID.
func parsedPAID(s string) (string, bool) {
	paid, err := api.ParsePAID(s)
	return paid, err == nil
}

// merged says how many PAIDs were given again: "merged 2 PAIDs given
// again", or "" when none was.
func (p pastedList) merged() string {
	if p.dups == 0 {
		return ""
	}
	return "merged " + text.Plural(p.dups, "PAID given again", "PAIDs given again")
}

// skipped says which words were not PAIDs: `2 words that are not PAIDs:
// "Please", "thanks"`.
func (p pastedList) skipped() string {
	s := text.Plural(p.nBad, "word that is not a PAID", "words that are not PAIDs") + ": " + strings.Join(p.bad, ", ")
	if p.nBad > len(p.bad) {
		s += ", …"
	}
	return s
}

// opened says what opening the paste as a worklist did, in place of one
// of replaced items (0 for none), in wordings from the whole (`Opened a
// worklist of 3 PAIDs; skipped 1 word that is not a PAID: "PAID" (in place
// of the worklist of 2).`) to the gist (`Worklist of 3 PAIDs.`), each
// leaving out a detail more: the status bar shows the longest that fits.
func (p pastedList) opened(replaced int) status {
	opened, gist := "Opened a worklist of "+text.Plural(len(p.items), "PAID", "PAIDs"), "Worklist of "+text.Plural(len(p.items), "PAID", "PAIDs")
	if p.more {
		opened = fmt.Sprintf("Opened a worklist of the paste's first %s PAIDs, the most a worklist holds", text.Thousands(api.MaxWorklist))
		gist = "Worklist of the first " + text.Thousands(api.MaxWorklist) + " PAIDs"
	}
	if m := p.merged(); m != "" {
		opened += "; " + m
		gist += "; " + text.Plural(p.dups, "repeat", "repeats") + " merged"
	}
	var skipped, named, counted string
	if p.nBad > 0 {
		words := text.Plural(p.nBad, "word", "words")
		skipped, counted = "; skipped "+p.skipped(), "; skipped "+words
		named = counted + ": " + strings.Join(p.bad, ", ")
		if p.nBad > len(p.bad) {
			named += ", …"
		}
		gist += "; " + words + " skipped"
	}
	in := ""
	if replaced > 0 {
		in = fmt.Sprintf(" (in place of the worklist of %s)", text.Thousands(int64(replaced)))
	}
	return status{level: levelInfo, text: opened + skipped + in + ".",
		short: []string{opened + skipped + ".", opened + named + ".", opened + counted + ".", gist + "."}}
}

// paste takes a paste into the PAID input: one word (a PAID, a URL) goes
// in where the cursor is; several are a list of PAIDs (openPasted).
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	p := readPasted(msg.Content)
	if p.words > 1 {
		return m.openPasted(p)
	}
	return m.input.paste(p.first)
}

// openPasted takes a paste of several words. Two PAIDs or more open as
// the worklist, in place of the one there was, as `padview PAID…` opens
// one: on its first item. One PAID goes into the input, for enter. The
// words that are not PAIDs are named; what the input held stays when the
// paste holds no PAID.
func (m *Model) openPasted(p pastedList) tea.Cmd {
	switch len(p.items) {
	case 0:
		m.input.say(fmt.Sprintf("The paste holds no PAID (%s): paste one PAID, or a column of them.", p.skipped()), "The paste holds no PAID")
		return nil
	case 1:
		m.input.box.SetValue(p.items[0])
		m.input.box.CursorEnd()
		var said []string
		if mg := p.merged(); mg != "" {
			said = append(said, mg)
		}
		if p.nBad > 0 {
			said = append(said, "skipped "+p.skipped())
		}
		m.input.say(fmt.Sprintf("Kept the paste's one PAID, %s, for %s; %s.",
			text.CleanText(p.items[0]), m.kit.keys.root.Fetch.Help().Key, strings.Join(said, "; ")), "")
		return nil
	}
	replaced := len(m.list.items)
	m.list = newWorklist(p.items)
	cmd := m.openItem(0)
	m.status = p.opened(replaced)
	return cmd
}
