package ui

import (
	"fmt"
	"net/http"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// Bounds of the session's history, stated in the README: the lookups it
// lists, and the standard-view answers it keeps in memory to reopen
// without a request (the newest ones, as many as fit both bounds).
const (
	maxVisits    = 100
	maxKept      = 50
	maxKeptBytes = 32 << 20
)

// visit is one lookup of this session that reached the service.
type visit struct {
	id int // stays with the visit while older ones are dropped
	lookup
	status     string    // "200 OK", "404 Not Found", "no response"
	advertiser string    // the advertiser's name; "" when failed or in the full view
	masked     string    // advertiser under the privacy mask: "•••" for a natural person
	at         time.Time // when the answer came
	ex         *exchange // the answer, to reopen without a request; nil when not kept
}

// history is this session's lookups, oldest first, and the one on screen.
// A full-view answer is never kept: of such a lookup only its PAID, view,
// status and time stay. Its failure is kept when it holds no personal
// data (a refusal, a withheld answer), so that [ shows a refused full
// view after padview went back to the standard view.
type history struct {
	visits []visit
	at     int // the visit on screen, or -1
	seq    int
}

// record adds the exchange now on screen. An answer to the lookup of the
// visit on screen (r, or a visit that had to be fetched again) updates
// that visit; any other is added at the end.
func (h *history) record(ex *exchange, now time.Time) {
	v := visit{lookup: ex.lookup, status: "no response", at: now}
	if ex.rec.Status != 0 {
		v.status = fmt.Sprintf("%d %s", ex.rec.Status, http.StatusText(ex.rec.Status))
		if ex.err != nil && ex.rec.Status < 300 { // a success status that still failed
			v.status = fmt.Sprintf("%d · %s", ex.rec.Status, failedWords(ex.err))
		}
	}
	if (ex.view == advert.Standard || ex.err != nil) && !ex.personal() {
		v.ex = ex
		if ex.doc != nil {
			if a := ex.doc.Group(advert.GroupAdvertiser); a.Kind == advert.Object {
				v.advertiser = text.CleanText(text.PartyName(a))
				v.masked = text.CleanText(text.MaskedPartyName(ex.doc, a))
			}
		}
	}
	if h.at >= 0 && h.at < len(h.visits) && h.visits[h.at].lookup == ex.lookup {
		v.id = h.visits[h.at].id
		h.visits[h.at] = v
	} else {
		h.seq++
		v.id = h.seq
		h.visits = append(h.visits, v)
		h.at = len(h.visits) - 1
	}
	if drop := len(h.visits) - maxVisits; drop > 0 {
		h.visits = append([]visit(nil), h.visits[drop:]...)
		h.at -= drop
	}
	h.bound()
}

// reread puts ex, an answer read again (a [fields] line added), in the
// place of old wherever the history keeps old: back and forward reopen it
// as it reads now.
func (h *history) reread(old, ex *exchange) {
	for i := range h.visits {
		if v := h.visits[i].ex; v != nil && v.doc == old.doc {
			h.visits[i].ex = ex
		}
	}
}

// bound lets go of the oldest answers beyond maxKept or maxKeptBytes.
func (h *history) bound() {
	kept, bytes := 0, 0
	for i := len(h.visits) - 1; i >= 0; i-- {
		ex := h.visits[i].ex
		if ex == nil {
			continue
		}
		if kept+1 > maxKept || bytes+ex.size() > maxKeptBytes && kept > 0 {
			h.visits[i].ex = nil // fetched again when reopened
			continue
		}
		kept++
		bytes += ex.size()
	}
}

// find is the index of the visit with id, or -1.
func (h *history) find(id int) int {
	for i, v := range h.visits {
		if v.id == id {
			return i
		}
	}
	return -1
}

// kept is the newest visit that kept an answer to l, or -1.
func (h *history) kept(l lookup) int {
	for i := len(h.visits) - 1; i >= 0; i-- {
		if h.visits[i].lookup == l && h.visits[i].ex != nil {
			return i
		}
	}
	return -1
}

// size is what an exchange holds in memory, roughly: its body.
func (e *exchange) size() int {
	n := len(e.rec.Body)
	if e.doc != nil {
		n = max(n, len(e.doc.Raw))
	}
	return n
}

// stepHistory goes back (d < 0: [, alt+←) or forward (], alt+→).
func (m *Model) stepHistory(d int) tea.Cmd {
	back := d < 0
	i := m.hist.at + 1
	if back {
		i = m.hist.at - 1
		if m.hist.at < 0 {
			i = len(m.hist.visits) - 1
		}
	}
	switch {
	case len(m.hist.visits) == 0:
		m.status = status{level: levelInfo, text: "No lookups in this session yet."}
	case i < 0:
		m.status = status{level: levelInfo, text: "This is the first lookup of the session; H lists them all."}
	case i >= len(m.hist.visits):
		m.status = status{level: levelInfo, text: "This is the latest lookup of the session; H lists them all."}
	default:
		return m.reopen(i)
	}
	return nil
}

// reopen shows visit i again: from memory when its answer was kept, else
// by fetching it again in the current view.
func (m *Model) reopen(i int) tea.Cmd {
	v := m.hist.visits[i]
	m.sess.cancel() // the reader moved on
	m.hist.at = i
	m.input.box.SetValue(v.paid)
	m.input.say("", "")
	m.notice = ""
	if v.ex == nil {
		return m.fetch(lookup{v.paid, m.sess.view})
	}
	m.sess.last = v.lookup
	cmd := m.show(v.ex)
	if v.ex.err == nil {
		m.line.text = fmt.Sprint(v.ex.rec.Status) // its latency is old news
	}
	base, at := m.line.text, v.at.Format("15:04")
	again := say(m.kit.keys.root.Refetch, "fetches again")
	m.line.text = base + " · from this session, fetched " + at + " · " + again
	m.line.short = []string{base + " · fetched " + at + " · " + again, base + " · fetched " + at} // a narrow bar keeps the time whole
	m.blurInput()
	return tea.Batch(cmd, m.compareCmd())
}

// openHistory opens the list of this session's lookups.
func (m *Model) openHistory() {
	if len(m.hist.visits) == 0 {
		m.status = status{level: levelInfo, text: "No lookups in this session yet."}
		return
	}
	m.open(newHistoryModal(m.kit, m.hist, m.mask))
}

// historyChosen is a visit picked in the history list.
type historyChosen struct{ id int }

func (m Model) onHistoryChosen(c historyChosen) (tea.Model, tea.Cmd) {
	i := m.hist.find(c.id)
	if i < 0 {
		m.status = status{level: levelInfo, text: fmt.Sprintf("That lookup has left the history (it keeps the last %d).", maxVisits)}
		return m, nil
	}
	return m, m.reopen(i)
}
