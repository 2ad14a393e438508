package ui

import (
	"bytes"
	"sort"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// partyHay is every entry of a sponsors or controllers table as one line
// of an index: all its columns, whatever the width leaves on screen, apart
// by a control character no query has. Built once, in a command when /
// first opens, so that each key typed is one pass over one buffer.
type partyHay = lineIndex

func newPartyHay(vc *vocab.Vocabulary, kind, contrib column, list []advert.Value, full bool) *partyHay {
	cols := partyColumns(vc, kind, contrib, nil, 1<<20, full) // every column of this view
	x := &lineIndex{starts: make([]int, 0, len(list))}
	var row []byte
	for _, v := range list {
		row = row[:0]
		for j, c := range cols {
			if j > 0 {
				row = append(row, 0x1f) // the unit separator: cleaned out of every cell
			}
			row = append(row, c.cell(v)...)
		}
		x.addBytes(row)
	}
	return x
}

// updateFind takes a message for the table's find and reports whether it
// was the find's. What is typed before the index comes filters the rows
// when it comes.
func (p *partiesPane) updateFind(msg tea.Msg) (bool, tea.Cmd) {
	if x, ok := msg.(findIndex); ok {
		if x.id == p.hayWant && p.hayWant != 0 {
			p.hay, p.hayWant = x.index, 0
			p.filter()
			p.selectRow(p.cursor)
		}
		return true, nil
	}
	ev, cmd := p.find.update(p.k, msg)
	switch ev {
	case findIgnored:
		return false, nil
	case findTaken:
		if p.find.typing {
			cmd = tea.Batch(cmd, p.askHay())
		}
	case findChanged, findCleared:
		if p.hay == nil && p.find.query != "" {
			cmd = tea.Batch(cmd, p.askHay())
			break
		}
		p.filter()
	case findNext:
		if p.n() > 0 {
			p.cursor = (p.cursor + 1) % p.n()
		}
	case findPrev:
		if p.n() > 0 {
			p.cursor = (p.cursor - 1 + p.n()) % p.n()
		}
	}
	p.selectRow(p.cursor) // the find line came or went: the rows changed
	return true, cmd
}

// askHay requests the table's index, unless it is there or on its way.
func (p *partiesPane) askHay() tea.Cmd {
	if p.hay != nil || p.hayWant != 0 {
		return nil
	}
	p.hayWant = p.k.request()
	vc, kind, contrib, list, full := p.doc.Vocabulary(), p.kind, p.contrib, p.list, p.full
	return indexCmd(p.hayWant, func() *lineIndex { return newPartyHay(vc, kind, contrib, list, full) })
}

// filter shows the entries that match the query, keeping the selected
// entry selected when it still shows, else the nearest after it.
func (p *partiesPane) filter() {
	sel := -1
	if p.n() > 0 {
		sel = p.entry(p.cursor)
	}
	q := p.find.query
	p.shown = p.past.run(q, func() []int {
		if q == "" {
			return nil
		}
		return p.hay.lines(q)
	}, func(last []int) ([]int, bool) {
		out := make([]int, 0, len(last))
		for _, i := range last {
			if bytes.Contains(p.hay.line(i), []byte(q)) {
				out = append(out, i)
			}
		}
		return out, true
	})
	c := max(sel, 0)
	if p.shown != nil {
		c = sort.SearchInts(p.shown, sel)
	}
	if c >= p.n() || p.entry(c) != sel {
		p.detail = 0
	}
	p.cursor = c
}

// findCount is "12 of 5,000 rows" (the rows the find leaves; a text
// pane's find says "match 3 of 17"), or "no match".
func (p partiesPane) findCount() string {
	switch {
	case p.find.query == "":
		return ""
	case p.hay == nil:
		return findingWords
	case p.n() == 0:
		return "no match"
	}
	return text.Thousands(int64(p.n())) + " of " + text.Plural(len(p.list), "row", "rows")
}
