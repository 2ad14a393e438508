package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/notice"
	"github.com/padview/padview/api/text"
)

// The privacy mask hides personal data on screen for screen sharing
// (j•••@example.org, +49 ••• •• 99, streets hidden), in every pane, and in
// whatever is copied or exported: they all read the exchange through
// shown and say.

// shown is the advertisement as the screen shows it: under the privacy
// mask, a copy with personal data masked. Copying and exporting take the
// document from here, so that they never give away more than the screen.
// nil when the lookup failed, and while the masked copy is being made
// (maskPending): then nothing of the document may be shown.
func (e *exchange) shown() *advert.Document {
	if e.mask {
		return e.masked.doc
	}
	return e.doc
}

// maskPending reports whether the exchange is to be shown masked and its
// masked copy is still being made (maskCmd): until it comes, the panes
// say so and show nothing of the document.
func (e *exchange) maskPending() bool {
	return e != nil && e.mask && e.doc != nil && e.masked.doc == nil
}

// say is text the service sent (an error message, a header, a body that
// is not an advertisement) as the screen shows it: under the mask, with
// email addresses and phone numbers masked.
func (e *exchange) say(s string) string {
	if e.mask {
		return text.MaskText(s)
	}
	return s
}

// masking is an advertisement under the mask: the masked copy, its
// normalized JSON for Raw (the bytes as sent cannot be masked), and its
// transparency notice.
type masking struct {
	doc    *advert.Document
	json   []byte
	notice notice.Notice
}

// maskOf masks an advertisement. It reads the whole document (a few
// tenths of a second on 50,000 sponsors), so it runs in a command, never
// in Update: in the fetch's command for an answer, in maskCmd for one on
// screen.
func maskOf(d *advert.Document, rep check.Report) masking {
	if d == nil {
		return masking{}
	}
	md := text.MaskDocument(d)
	b, _ := md.MarshalJSON()
	return masking{doc: md, json: b, notice: notice.Build(md, rep)}
}

// withMask is the exchange shown with the mask on or off; the exchange
// itself is not changed. m is the masking when it is already made; when
// it is not, the copy is pending (maskPending) until maskCmd brings it.
func (e *exchange) withMask(on bool, m masking) *exchange {
	c := *e
	c.mask, c.masked = on, masking{}
	if on {
		c.masked = m
	}
	return &c
}

// maskedCopy is the masked copy of the document on screen, made by
// maskCmd; id says which request it answers.
type maskedCopy struct {
	id      int
	doc     *advert.Document // what was masked
	masking masking
}

// maskCmd makes the masked copy of the exchange on screen off the UI
// goroutine, when it is pending and not already being made; nil when
// not. A newer request makes the answer to an older one stale.
func (m *Model) maskCmd() tea.Cmd {
	if !m.ex.maskPending() || m.masking == m.ex.doc {
		return nil
	}
	m.maskSeq++
	id, doc, rep := m.maskSeq, m.ex.doc, m.ex.report
	m.masking = doc
	return func() tea.Msg { return maskedCopy{id: id, doc: doc, masking: maskOf(doc, rep)} }
}

// onMasked shows the masked copy in place of the placeholder, if the
// exchange on screen still waits for it: the mask may have gone off, or
// another answer come, since it was asked for.
func (m Model) onMasked(c maskedCopy) (tea.Model, tea.Cmd) {
	if c.id == m.maskSeq {
		m.masking = nil // the latest request is answered
	}
	if c.id != m.maskSeq || !m.ex.maskPending() || m.ex.doc != c.doc {
		return m, m.maskCmd() // stale; the exchange on screen may still need its own
	}
	ex := *m.ex // exchanges are shared with the history: fill in a copy
	ex.masked = c.masking
	m.ex = &ex
	m.repanel()
	return m, m.compareCmd()
}

// repanel builds the panes of the exchange on screen again, on the tab the
// reader is on.
func (m *Model) repanel() {
	in := m.layout.paneInner()
	m.deck = newDeck(panesFor(m.kit, m.ex), m.deck.label(), in.w, in.h)
}

// toggleMask turns the mask on or off for everything on screen and every
// later answer. The access log says whether a full-view answer was shown
// masked: lifting the mask from one it records as masked fetches it again,
// recorded anew, rather than make the record untrue. Turning it on takes
// the document off the screen at once; the masked copy is made in a
// command and replaces the placeholder when it comes.
func (m *Model) toggleMask() tea.Cmd {
	m.mask = !m.mask
	if !m.mask && m.sess.access.records() {
		if p := m.sess.pending; p != nil && p.l.view == advert.Full && p.masked {
			m.status = status{level: levelWarn, text: "Mask off: " + text.CleanText(p.l.paid) + " is fetched again unmasked; the access log records it."}
			return m.fetch(p.l)
		}
		if m.ex.personal() && m.ex.recordedMasked {
			m.status = status{level: levelWarn, text: "Mask off: " + m.ex.name() + " is fetched again unmasked; the access log records it."}
			return m.fetch(m.ex.lookup)
		}
	}
	if m.ex != nil {
		m.ex = m.ex.withMask(m.mask, masking{})
		m.repanel()
	}
	if m.mask {
		m.status = status{level: levelInfo, text: "Personal data masked on screen, in copies and exports; m shows it again."}
	} else {
		m.status = status{level: levelInfo, text: "Mask off: personal data shows as sent."}
	}
	// A Compare tab is made again, as the mask shows it; under the mask,
	// once the masked copy is there.
	return tea.Batch(m.maskCmd(), m.compareCmd())
}
