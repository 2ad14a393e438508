package watch

import (
	"strconv"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/stamp"
)

// Kind is what one poll of an advertisement ended in.
type Kind string

// The events, as `padview watch` names them in its output and database.
const (
	First      Kind = "first"      // the first snapshot
	Unchanged  Kind = "unchanged"  // the same answer (or still gone); only "last seen" moves
	Changed    Kind = "changed"    // the answer or its transparency check changed
	Vanished   Kind = "vanished"   // 404 or 410 after it was found
	Reappeared Kind = "reappeared" // found again after it vanished
	Failed     Kind = "failed"     // no answer to keep: 5xx, network, a bad body…; tried again next sweep
	// Skipped: the answer came, but a stored row of the advertisement does
	// not read (see Damage), so it was not compared or stored; never
	// stored itself.
	Skipped Kind = "skipped"
)

// IsChange reports whether the event is a change people are alerted to:
// changed, vanished or reappeared.
func (k Kind) IsChange() bool { return k == Changed || k == Vanished || k == Reappeared }

// Event is the outcome of one poll, or one stored in the history.
type Event struct {
	ID      int64  // its row in the events table; 0 for one not stored
	UID     string // its id for receivers (see AppendJSON); "" for one not stored
	Service string // the service it was polled on (see Service)
	PAID    string
	At      time.Time
	Kind    Kind
	Changes []Change // changed, reappeared: what differs from the snapshot before
	Verdict Verdict
	Status  int    // the HTTP status of a vanished or failed poll; 0 when no answer came
	Error   string // what went wrong (vanished, failed), cleaned and masked
	// Before and After are the snapshots the event leads from and to; 0
	// where there is none.
	Before, After int64
	// Err is a failed poll's error, for the exit code; it is not stored.
	Err error `json:"-"`
	// AnsweredPAID is the PAID the answer named when it was another than
	// the one polled (advert.Document.AnsweredPAID), and Warning says so
	// (advert.Document.AnsweredFor); both "" otherwise. The poll's event
	// says them and its snapshot keeps them; the events table does not.
	AnsweredPAID, Warning string
}

// Verdict is the transparency verdict before and after an event; ""
// where none is known: before a first snapshot, after a vanishing. A
// failed poll changes nothing: both sides are the verdict that stands.
type Verdict struct{ Before, After string }

// MarshalJSON writes the event as one line of `padview watch run --json`
// and `watch log --json`, and as --on-change reads it. Every line has
// every member, null where a value is not known or not kept:
//
//	{"paid", "at", "event",
//	 "changes": [{"path", "before", "after", "change", "personal", "large"}],
//	 "verdict": {"before", "after"}, "service", "status", "error", "id"}
//
// "changes" is [] when there are none; a change's "change" is added,
// removed or changed, as in `padview diff --json`, "personal" is true
// for personal data, whose before and after are null, and "large" for a
// value too large to keep, whose sides are hashes (see MaxChangeValue).
// "status" and "error" are null but for vanished and failed. "id" is the
// event's UID, the same each time the event is delivered, so that a
// receiver can drop one it had (null for a repeated failure, which is not
// stored). A poll whose answer named another PAID than the one polled
// has two more members after "paid": "answeredPaid", the PAID it named,
// and "warning", the sentence that says so.
func (e Event) MarshalJSON() ([]byte, error) { return e.AppendJSON(nil), nil }

// AppendJSON appends the event's JSON (see MarshalJSON) to b.
func (e Event) AppendJSON(b []byte) []byte {
	b = append(b, `{"paid":`...)
	b = advert.AppendQuoted(b, e.PAID)
	if e.AnsweredPAID != "" {
		b = append(b, `,"answeredPaid":`...)
		b = advert.AppendQuoted(b, e.AnsweredPAID)
		b = append(b, `,"warning":`...)
		b = advert.AppendQuoted(b, e.Warning)
	}
	b = append(b, `,"at":`...)
	b = advert.AppendQuoted(b, stamp.Format(e.At))
	b = append(b, `,"event":`...)
	b = advert.AppendQuoted(b, string(e.Kind))
	b = append(b, `,"changes":`...)
	b = appendChanges(b, e.Changes)
	b = append(b, `,"verdict":{"before":`...)
	b = appendString(b, e.Verdict.Before)
	b = append(b, `,"after":`...)
	b = appendString(b, e.Verdict.After)
	b = append(b, `},"service":`...)
	b = appendString(b, e.Service)
	b = append(b, `,"status":`...)
	if e.Kind == Vanished || e.Kind == Failed {
		b = strconv.AppendInt(b, int64(e.Status), 10)
		b = append(b, `,"error":`...)
		b = advert.AppendQuoted(b, e.Error)
	} else {
		b = append(b, `null,"error":null`...)
	}
	b = append(b, `,"id":`...)
	b = appendString(b, e.UID)
	return append(b, '}')
}

// uid is the UID of the event stored in row id of the database whose id
// is db: "<database id>-<row>".
func uid(db string, id int64) string {
	if id == 0 {
		return ""
	}
	return db + "-" + strconv.FormatInt(id, 10)
}
