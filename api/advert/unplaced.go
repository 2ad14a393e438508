package advert

import (
	"strings"

	"github.com/padview/padview/api/vocab"
)

// Unplaced is a member of the answer the vocabulary did not recognise,
// one for each place Document.Unrecognised counts: where it is, how its
// name reads (the fields its words touch, or that none of them could be
// read) and what its value looks like. The check reads them to tell an
// item that may be among them (unknown) from one that is not there
// (missing).
type Unplaced struct {
	// Path is the member's place in the document, as padview fields
	// writes it: "Spend_USD", "sponsors[].foo", "campaign.x.y".
	Path string
	// Name is the member's own name as sent: the last part of Path.
	Name string
	// Meaning is how the vocabulary read the name: its Candidates, or
	// Unread where none of its words could be read. For a member inside
	// one padview did not recognise, it is the outer member's.
	Meaning vocab.Meaning
	// Shape is what the value looks like.
	Shape Shape
}

// Shape is what a value looks like, whatever its member is called.
type Shape uint8

const (
	// ShapeEmpty: null, "", an empty list or object: it holds no item.
	ShapeEmpty Shape = iota
	// ShapeText: text, or anything else.
	ShapeText
	// ShapeDate: a date or an instant padview reads.
	ShapeDate
	// ShapeMoney: a number, or an amount written as text.
	ShapeMoney
	// ShapeURL: an http or https address.
	ShapeURL
	// ShapeBool: yes or no.
	ShapeBool
	// ShapeContact: text with an "@" or that starts like a phone number.
	ShapeContact
)

// shapeOf sorts a value by what it looks like.
func shapeOf(v Value, vc *vocab.Vocabulary) Shape {
	switch v.Kind {
	case Absent, Null:
		return ShapeEmpty
	case Bool:
		return ShapeBool
	case Number:
		if _, ok := readDate(v); ok && len(v.Str) >= 9 {
			return ShapeDate
		}
		return ShapeMoney
	case Array:
		if len(v.Items()) == 0 {
			return ShapeEmpty
		}
		return ShapeText
	case Object:
		if v.Len() == 0 {
			return ShapeEmpty
		}
		return ShapeText
	}
	s := strings.TrimSpace(v.Str)
	switch {
	case s == "":
		return ShapeEmpty
	case strings.HasPrefix(strings.ToLower(s), "http://") || strings.HasPrefix(strings.ToLower(s), "https://"):
		return ShapeURL
	case strings.Contains(s, "@") || strings.HasPrefix(s, "+") && strings.ContainsAny(s, "0123456789"):
		return ShapeContact
	}
	if _, ok := readDate(v); ok {
		return ShapeDate
	}
	if _, ok := ReadBool(v); ok {
		return ShapeBool
	}
	if d, _, problem := readAmountText(s, vc.CurrencyByWord, ""); d != "" && problem == "" {
		return ShapeMoney
	}
	return ShapeText
}

// Fits reports whether a value of this shape can hold a field of type t
// (and personal category cat): a date a date, money an amount, a web
// address a link, an email or a phone number a party's contact; text
// anything written in words.
func (s Shape) Fits(t vocab.Type, cat vocab.Category) bool {
	switch {
	case s == ShapeEmpty:
		return false
	case cat == vocab.Email || cat == vocab.Phone:
		return s == ShapeContact
	}
	switch t {
	case vocab.Date, vocab.Period:
		return s == ShapeDate
	case vocab.Money, vocab.Benefit, vocab.Count:
		return s == ShapeMoney || s == ShapeText && t == vocab.Benefit
	case vocab.URL:
		return s == ShapeURL || s == ShapeText
	case vocab.Bool, vocab.Flag:
		return s == ShapeBool || s == ShapeText
	}
	return s == ShapeText || s == ShapeContact && cat != vocab.NotPersonal
}
