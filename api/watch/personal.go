package watch

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"hash"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// personalText is the watch's catch beyond the vocabulary: a string that
// is or holds an email address or phone number, under any name (a
// description quoting a contact), is personal too.
func personalText(v advert.Value) bool {
	return v.Kind == advert.String && len(text.TextCategories(v.Str)) > 0
}

// hashPrefix starts every keyed hash in a stored document.
const hashPrefix = "hmac:"

// IsKeyedHash reports whether a value of a stored snapshot's document
// stands for a value of personal data that was not kept: readers show it
// as personal data, never as text.
func IsKeyedHash(v advert.Value) bool {
	return v.Kind == advert.String && strings.HasPrefix(v.Str, hashPrefix)
}

// keyed replaces personal values with an HMAC-SHA-256 under the database's
// own key: equal values give equal hashes, so a change still shows, but
// without the key a hash cannot be tested against guesses (a phone number
// has few enough digits to try them all). One keyed is used by one
// goroutine at a time.
type keyed struct {
	mac hash.Hash
	buf []byte
}

func newKeyed(key []byte) *keyed { return &keyed{mac: hmac.New(sha256.New, key)} }

// sum is the stored form of a personal value: the hash of its JSON, so
// that a personal object (an address) is one value.
func (k *keyed) sum(v advert.Value) advert.Value {
	k.buf = v.AppendJSON(k.buf[:0])
	k.mac.Reset()
	k.mac.Write(k.buf)
	var out [len(hashPrefix) + 22]byte
	copy(out[:], hashPrefix)
	// 128 bits are plenty to tell two values apart.
	base64.RawURLEncoding.Encode(out[len(hashPrefix):], k.mac.Sum(k.buf[:0])[:16])
	return advert.StringValue(string(out[:]))
}

// document is a copy of d with every personal value hashed, and every
// member name that is personal data (text.KeyCategory), without its raw
// bytes and warnings (a warning may quote a value). What is personal is
// the vocabulary's reading (text.PersonalPlace: a party's plain name only
// where the party is a natural person), plus personalText.
func (k *keyed) document(d *advert.Document) *advert.Document {
	c := &advert.Document{PAID: d.PAID, AnsweredPAID: d.AnsweredPAID, View: d.View,
		SponsorsState: d.SponsorsState, ControllersState: d.ControllersState}
	for _, g := range advert.Groups {
		if g.Parties {
			continue
		}
		v, _ := k.value(text.PlaceOfGroup(d, g.Group), d.Group(g.Group))
		c.SetGroup(g.Group, v)
	}
	c.Sponsors = k.list(d, d.Sponsors)
	c.Controllers = k.list(d, d.Controllers)
	return c
}

func (k *keyed) list(d *advert.Document, items []advert.Value) []advert.Value {
	if items == nil {
		return nil
	}
	out := make([]advert.Value, len(items))
	for i, it := range items {
		out[i], _ = k.value(text.PlaceOfParty(d, it), it)
	}
	return out
}

// value hashes the personal values inside v, whose members stand at pp;
// changed says whether anything was. null stays null: "not disclosed"
// reveals nothing.
func (k *keyed) value(pp text.PersonalPlace, v advert.Value) (out advert.Value, changed bool) {
	switch v.Kind {
	case advert.Object:
		var ms []advert.Member
		for i, m := range v.Members() {
			h, ch := k.member(pp, m.Key, m.Value)
			key := m.Key
			if text.KeyCategory(key) != "" {
				// A name that is an email or a phone number is kept as
				// its hash, as a value is: the member is still told apart
				// from its neighbours and followed from poll to poll.
				key, ch = k.sum(advert.StringValue(key)).Str, true
			}
			if ch && ms == nil {
				ms = append(make([]advert.Member, 0, v.Len()), v.Members()[:i]...)
			}
			if ms != nil {
				ms = append(ms, advert.Member{Key: key, Value: h})
			}
		}
		if ms == nil {
			return v, false // nothing personal inside: no copy
		}
		return advert.NewObject(ms...), true
	case advert.Array:
		var items []advert.Value
		for i, it := range v.Items() {
			h, ch := k.value(pp, it) // a list's items share the place of their list
			if ch && items == nil {
				items = append(make([]advert.Value, 0, v.Len()), v.Items()[:i]...)
			}
			if items != nil {
				items = append(items, h)
			}
		}
		if items == nil {
			return v, false
		}
		return advert.NewArray(items...), true
	}
	if personalText(v) {
		return k.sum(v), true
	}
	return v, false
}

// member is value for the member key (holding v) of an object at pp: a
// member the vocabulary calls personal is hashed whole (an address object
// is one value), anything else is looked into.
func (k *keyed) member(pp text.PersonalPlace, key string, v advert.Value) (advert.Value, bool) {
	if v.Kind == advert.Null || v.Kind == advert.Absent {
		return v, false
	}
	c, inside := pp.Member(key, v)
	if c != "" {
		return k.sum(v), true
	}
	return k.value(inside, v)
}
