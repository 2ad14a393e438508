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

// isPersonal is the one place the watch asks whether a member's value is
// personal data: by the vocabulary's reading of its name, or, under any
// name, a string that is or holds an email address or phone number. What
// it marks is stored only as a keyed hash.
func isPersonal(key string, v advert.Value) bool {
	if text.IsPersonalField(key) {
		return true
	}
	if v.Kind != advert.String {
		return false
	}
	return text.PersonalCategory(key, v.Str) != "" || len(text.TextCategories(v.Str)) > 0
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

// document is a copy of d with every personal value hashed, without its
// raw bytes and warnings (a warning may quote a value).
func (k *keyed) document(d *advert.Document) *advert.Document {
	c := &advert.Document{PAID: d.PAID, View: d.View,
		SponsorsState: d.SponsorsState, ControllersState: d.ControllersState}
	c.Advertiser, _ = k.value("", d.Advertiser)
	c.Campaign, _ = k.value("", d.Campaign)
	c.BasicInformation, _ = k.value("", d.BasicInformation)
	c.ComplianceAndFunding, _ = k.value("", d.ComplianceAndFunding)
	c.Targeting, _ = k.value("", d.Targeting)
	c.LegalAndMetadata, _ = k.value("", d.LegalAndMetadata)
	c.Other, _ = k.value("", d.Other)
	c.Sponsors = k.list(d.Sponsors)
	c.Controllers = k.list(d.Controllers)
	return c
}

func (k *keyed) list(items []advert.Value) []advert.Value {
	if items == nil {
		return nil
	}
	out := make([]advert.Value, len(items))
	for i, it := range items {
		out[i], _ = k.value("", it)
	}
	return out
}

// value hashes v, found under key, if it is personal, else the personal
// values inside it; changed says whether anything was. null stays null:
// "not disclosed" reveals nothing.
func (k *keyed) value(key string, v advert.Value) (out advert.Value, changed bool) {
	switch v.Kind {
	case advert.Null, advert.Absent:
		return v, false
	case advert.Object:
		if key != "" && isPersonal(key, v) {
			return k.sum(v), true
		}
		var ms []advert.Member
		for i, m := range v.Members() {
			h, ch := k.value(m.Key, m.Value)
			if ch && ms == nil {
				ms = append(make([]advert.Member, 0, v.Len()), v.Members()[:i]...)
			}
			if ms != nil {
				ms = append(ms, advert.Member{Key: m.Key, Value: h})
			}
		}
		if ms == nil {
			return v, false // nothing personal inside: no copy
		}
		return advert.NewObject(ms...), true
	case advert.Array:
		if key != "" && text.IsPersonalField(key) {
			return k.sum(v), true
		}
		var items []advert.Value
		for i, it := range v.Items() {
			h, ch := k.value(key, it) // a list's items are judged by the list's name
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
	if isPersonal(key, v) {
		return k.sum(v), true
	}
	return v, false
}
