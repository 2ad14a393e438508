package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// The privacy mask hides personal data on screen for screen sharing
// (j•••@example.org, +49 ••• •• 99, streets hidden), in every pane, and in
// whatever is copied or exported: they all read the exchange through
// shown and say.

// shown is the advertisement as the screen shows it: under the privacy
// mask, a copy with personal data masked. Copying and exporting take the
// document from here, so that they never give away more than the screen.
// nil when the lookup failed.
func (e *exchange) shown() *advert.Document {
	if e.mask {
		return e.masked.doc
	}
	return e.doc
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

// masking is an advertisement under the mask: the masked copy, and its
// normalized JSON for Raw (the bytes as sent cannot be masked).
type masking struct {
	doc  *advert.Document
	json []byte
}

// maskOf masks an advertisement. On 50,000 sponsors it takes a few tenths
// of a second: an answer is masked in the fetch's command, off the UI.
func maskOf(d *advert.Document) masking {
	if d == nil {
		return masking{}
	}
	md := text.MaskDocument(d)
	b, _ := md.MarshalJSON()
	return masking{doc: md, json: b}
}

// withMask is the exchange shown with the mask on or off; the exchange
// itself is not changed. m is the masking when it is already made.
func (e *exchange) withMask(on bool, m masking) *exchange {
	c := *e
	c.mask, c.masked = on, masking{}
	if on {
		if m.doc == nil {
			m = maskOf(e.doc)
		}
		c.masked = m
	}
	return &c
}

// toggleMask turns the mask on or off for everything on screen and every
// later answer. The access log says whether a full-view answer was shown
// masked: lifting the mask from one it records as masked fetches it again,
// recorded anew, rather than make the record untrue.
func (m *Model) toggleMask() tea.Cmd {
	m.mask = !m.mask
	if !m.mask && m.sess.access.records() {
		if p := m.sess.pending; p != nil && p.l.view == advert.Full && p.masked {
			m.status = status{level: levelWarn, text: "Mask off: fetching " + text.CleanText(p.l.paid) + " again unmasked; the access log records it."}
			return m.fetch(p.l)
		}
		if m.ex.personal() && m.ex.recordedMasked {
			m.status = status{level: levelWarn, text: "Mask off: fetching " + m.ex.name() + " again unmasked; the access log records it."}
			return m.fetch(m.ex.lookup)
		}
	}
	if m.ex != nil {
		m.ex = m.ex.withMask(m.mask, masking{})
		in := m.layout.paneInner()
		m.deck = newDeck(panesFor(m.kit, m.ex), m.deck.label(), in.w, in.h)
	}
	if m.mask {
		m.status = status{level: levelInfo, text: "Personal data masked on screen, in copies and exports; m shows it again."}
	} else {
		m.status = status{level: levelInfo, text: "Mask off: personal data shows as sent."}
	}
	return m.compareCmd() // a Compare tab is made again, as the mask shows it
}
