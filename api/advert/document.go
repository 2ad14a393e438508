package advert

import (
	"fmt"
	"io"

	"github.com/padview/padview/api/vocab"
)

// View selects one of the two views the partner interface publishes.
type View int

const (
	// Standard is /advertisement/{PAID}: the advertisement without the full
	// personal-data set.
	Standard View = iota
	// Full is /advertisement-full/{PAID}: every field, personal data included.
	Full
)

// String is the view's name in the normalized document: "standard" or "full".
func (v View) String() string {
	if v == Full {
		return "full"
	}
	return "standard"
}

// DataProtectionNotice is the spec's warning attached to the full view.
const DataProtectionNotice = "The full view returns personal data (emails, phone numbers and full " +
	"addresses of advertisers, sponsors and controllers). Use it only with a legitimate " +
	"business need and with data processing agreements in place."

// Document is one advertisement normalized from whatever shape the server
// sent. Every member of the response lands in exactly one place: a group, a
// sponsor or controller entry, or Other; Raw keeps the bytes as received.
type Document struct {
	PAID string
	View View

	// AnsweredPAID is the PAID the answer's own identifier member names
	// ("paid", "adId"… at its top level) when that is another than the
	// one asked for; "" when it names the same one (in any case) or none.
	// The document stays labelled with the PAID asked for, and a warning
	// (AnsweredFor) says what the service answered for.
	AnsweredPAID string

	Advertiser           Value // Object, or Absent
	Campaign             Value // Object, or Absent
	Sponsors             []Value
	Controllers          []Value
	BasicInformation     Value
	ComplianceAndFunding Value
	Targeting            Value
	LegalAndMetadata     Value
	Other                Value // Object of members not placed elsewhere

	// SponsorsState and ControllersState tell the three answers apart that
	// an empty Sponsors or Controllers can stand for: the collection was
	// not sent, it was sent as null ("not disclosed"), or it was a list
	// (empty or not).
	SponsorsState    ListState
	ControllersState ListState

	Raw []byte

	// Masked says the personal data in the document was masked for screen
	// sharing (text.MaskDocument); its JSON then says "masked": true.
	Masked bool

	// Warnings say what the normalizer could not take as sent (a duplicate
	// member name, a value of a typed field it could not read); every reader
	// of the document shows them.
	Warnings []string

	// Unrecognised counts the members of the answer the vocabulary did not
	// recognise, envelope members aside: each distinct place of a value
	// once (a member repeated in every sponsor counts once), up to
	// MaxUnrecognised. A check that finds nothing for a rule while the
	// answer holds such members cannot call the item missing.
	Unrecognised int
	// Unplaced are those members, each place once and in the answer's
	// order, up to MaxUnrecognised: where they are, what their names may
	// mean and what their values look like.
	Unplaced []Unplaced

	// SelfNotice names the source whose records are themselves
	// transparency notices, where the vocabulary read the answer as one
	// ("politiekereclame.nl": a statement); "" for an answer whose notice
	// is elsewhere. Such an answer needs no link to a notice.
	SelfNotice string

	// SponsorNamed says that the answer names the party the advertisement
	// is for as such: a sponsor collection, an advertiser group, or a name
	// with the sponsor's role in its words ("advertiser", "Auftraggeber",
	// "opdrachtgever_naam"). An ad library that names only the account
	// or page that ran the ad ("page_name", "OrganizationName") and who
	// paid for it does not: its "paid for by" is the sponsor.
	SponsorNamed bool

	moreWarnings int               // beyond MaxWarnings, counted in the last one
	vocabulary   *vocab.Vocabulary // what the member names were read with
}

// MaxUnrecognised is the most unrecognised members a document counts: a
// hostile answer of a million distinct names needs no table of its size to
// say that padview did not understand it.
const MaxUnrecognised = 10_000

// Vocabulary is what the document's member names were read with: the
// built-in vocabulary with the user's [fields] mappings, if any.
func (d *Document) Vocabulary() *vocab.Vocabulary {
	if d == nil || d.vocabulary == nil {
		return vocab.Builtin()
	}
	return d.vocabulary
}

// MaxWarnings is the most warnings a document keeps: a hostile answer can
// have a million repeated names, and their warnings would cost more memory
// than the answer. The last kept warning says how many more there were.
const MaxWarnings = 100

// warn adds the warning text makes, up to MaxWarnings; past them it only
// counts, without making the text.
func (d *Document) warn(text func() string) {
	switch n := len(d.Warnings); {
	case n < MaxWarnings-1:
		d.Warnings = append(d.Warnings, text())
	case n == MaxWarnings-1:
		d.Warnings = append(d.Warnings, "and 1 more warning")
		d.moreWarnings = 1
	default:
		d.moreWarnings++
		d.Warnings[n-1] = fmt.Sprintf("and %d more warnings", d.moreWarnings)
	}
}

// Group returns the value of a named object group (not sponsors or
// controllers, which are lists).
func (d *Document) Group(g Group) Value {
	switch g {
	case GroupAdvertiser:
		return d.Advertiser
	case GroupCampaign:
		return d.Campaign
	case GroupBasicInformation:
		return d.BasicInformation
	case GroupComplianceAndFunding:
		return d.ComplianceAndFunding
	case GroupTargeting:
		return d.Targeting
	case GroupLegalAndMetadata:
		return d.LegalAndMetadata
	case GroupOther:
		return d.Other
	}
	return Value{}
}

// MarshalJSON writes the normalized document in its contract shape:
// "paid" (as asked), "answeredPaid" only when the answer named another
// PAID (its warning is in "warnings"), "view", "masked": true only for a masked document, the groups in
// a fixed order, absent groups as {} or [], a party list sent as null as
// null, and last "warnings": always there, an empty list when the
// normalizer had nothing to say. Strings are escaped by AppendQuoted.
func (d *Document) MarshalJSON() ([]byte, error) {
	o := jsonOut{b: make([]byte, 0, len(d.Raw)+256)}
	d.writeJSON(&o)
	return o.b, nil
}

// WriteJSON writes the document's JSON (see MarshalJSON) to w in pieces,
// so that a large document costs no buffer of its own size.
func (d *Document) WriteJSON(w io.Writer) error {
	return d.WriteJSONWith(w, "", nil)
}

// WriteJSONWith writes the document's JSON as WriteJSON does, with one
// more member last, after "warnings": name holding the JSON value raw,
// which the caller vouches for (an export's "provenance"). No member is
// added when name is "".
func (d *Document) WriteJSONWith(w io.Writer, name string, raw []byte) error {
	o := jsonOut{b: make([]byte, 0, 2*spillSize), w: w}
	d.writeJSON(&o)
	if name != "" {
		o.b = append(o.b[:len(o.b)-1], ',') // the document's closing brace
		o.b = AppendQuoted(o.b, name)
		o.b = append(o.b, ':')
		o.b = append(o.b, raw...)
		o.b = append(o.b, '}')
	}
	return o.flush()
}

func (d *Document) writeJSON(o *jsonOut) {
	o.b = append(o.b, `{"paid":`...)
	o.b = AppendQuoted(o.b, d.PAID)
	if d.AnsweredPAID != "" {
		o.b = append(o.b, `,"answeredPaid":`...)
		o.b = AppendQuoted(o.b, d.AnsweredPAID)
	}
	o.b = append(o.b, `,"view":`...)
	o.b = AppendQuoted(o.b, d.View.String())
	if d.Masked {
		o.b = append(o.b, `,"masked":true`...)
	}
	for _, g := range Groups {
		o.b = append(o.b, ',')
		o.b = AppendQuoted(o.b, string(g.Group))
		o.b = append(o.b, ':')
		if g.Parties {
			items, state := d.Parties(g.Group)
			if state == ListNull {
				o.b = append(o.b, "null"...)
				continue
			}
			NewArray(items...).writeJSON(o)
			continue
		}
		v := d.Group(g.Group)
		if v.Kind != Object {
			v = NewObject()
		}
		v.writeJSON(o)
	}
	o.b = append(o.b, `,"warnings":[`...)
	for i, w := range d.Warnings {
		if i > 0 {
			o.b = append(o.b, ',')
		}
		o.b = AppendQuoted(o.b, w)
		o.spill()
	}
	o.b = append(o.b, "]}"...)
}

// maxAnsweredWords is the most characters of an answered PAID the warning
// quotes: a hostile answer's "paid" can be a megabyte long.
const maxAnsweredWords = 64

// AnsweredFor is the one sentence that says the answer is for another
// PAID than the one asked for: "the service answered for ZZ9999, not
// SWAP1"; "" when it is not. The TUI's banner, `get`'s warning on stderr
// and the document's warnings all say it in these words. The PAIDs are as
// sent, clipped; whoever shows the sentence cleans it as any warning.
func (d *Document) AnsweredFor() string {
	if d == nil || d.AnsweredPAID == "" {
		return ""
	}
	return "the service answered for " + clipRunes(d.AnsweredPAID, maxAnsweredWords) + ", not " + clipRunes(d.PAID, maxAnsweredWords)
}

func clipRunes(s string, n int) string {
	i := 0
	for at := range s {
		if i == n {
			return s[:at] + "…"
		}
		i++
	}
	return s
}
