package watch

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
)

// Snapshot is an advertisement's answer as stored when it changed: the
// normalized document with every personal value a keyed hash
// (IsKeyedHash), and its transparency verdict and rule statuses.
type Snapshot struct {
	ID       int64
	PAID     string
	TakenAt  time.Time
	Hash     string // SHA-256 (hex) of the stored document
	Document *advert.Document
	Verdict  string
	Checks   []RuleStatus // in the order of check.Rules
}

// RuleStatus is how one rule of the transparency check ended, as
// check.Status writes it ("present", "missing", …); kept as text so that
// statuses a later check adds fit.
type RuleStatus struct {
	Rule   string // the rule's ID
	Status string
}

// verdictOf is the one place a report's verdict is put into words for the
// database; the words are check's own (complete, incomplete, undetermined,
// and whatever a later check adds).
func verdictOf(r check.Report) string { return string(r.Outcome()) }

// observation is a poll's answer made ready to compare and store.
type observation struct {
	doc      *advert.Document // personal values hashed
	json     []byte
	hash     string
	verdict  string
	checks   []RuleStatus
	checkTxt string // checks as stored
}

// observe prepares an answer: the hash and the stored JSON on a copy with
// personal values hashed, and the check on the document as it came (its
// statuses hold no values), unless this Store has checked the same
// content before (see checkMemo).
func (s *Store) observe(k *keyed, d *advert.Document) observation {
	o := observation{doc: k.document(d)}
	o.json, _ = o.doc.MarshalJSON() // builds its own JSON; cannot fail
	sum := sha256.Sum256(o.json)
	o.hash = hex.EncodeToString(sum[:])
	c, ok := s.checked.get(sum, d.Unrecognised)
	if !ok {
		c = checkOf(d)
		s.checked.put(sum, d.Unrecognised, c)
	}
	o.verdict, o.checks, o.checkTxt = c.verdict, c.checks, c.text
	return o
}

// checkOf runs the transparency check on a document.
func checkOf(d *advert.Document) *checked {
	rep := check.Check(d)
	c := &checked{verdict: verdictOf(rep), checks: make([]RuleStatus, len(rep.Results))}
	for i, r := range rep.Results {
		c.checks[i] = RuleStatus{Rule: r.Rule.ID, Status: string(r.Status)}
	}
	c.text = string(appendChecks(nil, c.checks))
	return c
}

// checked is what the check made of a document.
type checked struct {
	verdict string
	checks  []RuleStatus
	text    string // checks as stored
}

// checkMemo remembers, for the life of a Store, the check of each content
// it has seen, by the content hash of the stored document and the count
// of members the vocabulary did not recognise (the two things besides the
// values that the check reads): an unchanged answer, most polls, then
// costs no check. The same content gives the same check within one
// process (one padview, one vocabulary); a new padview, whose rules may
// differ, checks each content again and records what its rules say. It
// holds at most MaxWatches entries, and starts afresh past that.
type checkMemo struct {
	mu    sync.Mutex
	m     map[memoKey]*checked
	alike map[string]*checked // each outcome once: most contents share one
}

type memoKey struct {
	hash         [sha256.Size]byte
	unrecognised int
}

func (c *checkMemo) get(hash [sha256.Size]byte, unrecognised int) (*checked, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.m[memoKey{hash, unrecognised}]
	return r, ok
}

func (c *checkMemo) put(hash [sha256.Size]byte, unrecognised int, r *checked) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= MaxWatches {
		c.m, c.alike = make(map[memoKey]*checked), make(map[string]*checked)
	}
	if same, ok := c.alike[r.verdict+" "+r.text]; ok {
		r = same
	} else {
		c.alike[r.verdict+" "+r.text] = r
	}
	c.m[memoKey{hash, unrecognised}] = r
}

// appendChecks writes the statuses as a JSON object in rule order.
func appendChecks(b []byte, cs []RuleStatus) []byte {
	b = append(b, '{')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = advert.AppendQuoted(b, c.Rule)
		b = append(b, ':')
		b = advert.AppendQuoted(b, c.Status)
	}
	return append(b, '}')
}

// parseChecks reads the checks column.
func parseChecks(s string) ([]RuleStatus, error) {
	v, err := advert.ParseValue([]byte(s))
	if err != nil || v.Kind != advert.Object {
		return nil, fmt.Errorf("checks: not a JSON object")
	}
	out := make([]RuleStatus, 0, v.Len())
	for _, m := range v.Members() {
		out = append(out, RuleStatus{Rule: m.Key, Status: m.Value.Str})
	}
	return out, nil
}

// decodeDocument reads a stored document back: the groups of the
// normalized JSON, each in its place.
func decodeDocument(paid string, data []byte) (*advert.Document, error) {
	v, err := advert.ParseValue(data)
	if err != nil {
		return nil, err
	}
	if v.Kind != advert.Object {
		return nil, errors.New("the stored document is not a JSON object")
	}
	d := &advert.Document{PAID: paid}
	for _, m := range v.Members() {
		switch advert.Group(m.Key) {
		case advert.GroupAdvertiser:
			d.Advertiser = m.Value
		case advert.GroupCampaign:
			d.Campaign = m.Value
		case advert.GroupSponsors:
			d.Sponsors, d.SponsorsState = partyList(m.Value)
		case advert.GroupControllers:
			d.Controllers, d.ControllersState = partyList(m.Value)
		case advert.GroupBasicInformation:
			d.BasicInformation = m.Value
		case advert.GroupComplianceAndFunding:
			d.ComplianceAndFunding = m.Value
		case advert.GroupTargeting:
			d.Targeting = m.Value
		case advert.GroupLegalAndMetadata:
			d.LegalAndMetadata = m.Value
		case advert.GroupOther:
			d.Other = m.Value
		}
		if m.Key == "answeredPaid" && m.Value.Kind == advert.String {
			d.AnsweredPAID = m.Value.Str
		}
		if m.Key == "view" && m.Value.Str == advert.Full.String() {
			d.View = advert.Full
		}
	}
	return d, nil
}

func partyList(v advert.Value) ([]advert.Value, advert.ListState) {
	switch v.Kind {
	case advert.Null:
		return nil, advert.ListNull
	case advert.Array:
		return v.Items(), advert.ListSent
	}
	return nil, advert.ListAbsent
}

// sameChecks compares two lists of statuses and verdicts.
func sameChecks(a, b []RuleStatus) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
