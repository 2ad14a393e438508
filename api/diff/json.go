package diff

import (
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// MarshalJSON writes the result in the shape `padview diff --json` documents:
//
//	{"a": PAID, "b": PAID, "aView": "standard", "bView": "full", "equal": bool,
//	 ["masked": true,] "changes": [
//	  {"group": "sponsors", "party": "Name", "nth": 2, "path": "/contribution",
//	   "change": "added|removed|changed", "a": value, "b": value}]
//	 [, "onlyInFullView": [change, …]]}
//
// "party" is there for sponsors and controllers only, "nth" only when
// several parties share the name; "path" is a JSON Pointer (RFC 6901) into
// the group or party, "" for the whole party; "a" is left out for an added
// value and "b" for a removed one. Values are the normalized JSON values.
// "onlyInFullView" is there only when the views differ: what the standard
// side lacks because it is the standard view (Result.FullOnly), in the
// shape of a change.
func (r *Result) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 256+(len(r.Changes)+len(r.FullOnly))*128)
	b = append(b, `{"a":`...)
	b = quote(b, r.A)
	b = append(b, `,"b":`...)
	b = quote(b, r.B)
	b = append(b, `,"aView":`...)
	b = quote(b, r.AView.String())
	b = append(b, `,"bView":`...)
	b = quote(b, r.BView.String())
	b = append(b, `,"equal":`...)
	b = strconv.AppendBool(b, r.Equal())
	if r.Masked {
		b = append(b, `,"masked":true`...)
	}
	b = appendChanges(append(b, `,"changes":`...), r.Changes)
	if r.CrossView() {
		b = appendChanges(append(b, `,"onlyInFullView":`...), r.FullOnly)
	}
	return append(b, '}'), nil
}

// appendChanges appends changes as a JSON array.
func appendChanges(b []byte, changes []Change) []byte {
	b = append(b, '[')
	for i, c := range changes {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"group":`...)
		b = quote(b, string(c.Group))
		if c.InParty {
			b = append(b, `,"party":`...)
			b = quote(b, c.Party)
			if c.Nth > 0 {
				b = append(b, `,"nth":`...)
				b = strconv.AppendInt(b, int64(c.Nth), 10)
			}
		}
		b = append(b, `,"path":`...)
		b = quote(b, c.Pointer())
		b = append(b, `,"change":`...)
		b = quote(b, string(c.Kind))
		if c.A.IsPresent() {
			b = append(b, `,"a":`...)
			b = c.A.AppendJSON(b)
		}
		if c.B.IsPresent() {
			b = append(b, `,"b":`...)
			b = c.B.AppendJSON(b)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// Pointer is the change's path as a JSON Pointer (RFC 6901) into its group
// or party: "/totalValue", "/audience/regions", "/items/0/name".
func (c Change) Pointer() string {
	var s strings.Builder
	for _, st := range c.Path {
		s.WriteByte('/')
		if st.IsIndex {
			s.WriteString(strconv.Itoa(st.Index))
			continue
		}
		s.WriteString(pointerEscape.Replace(st.Key))
	}
	return s.String()
}

// pointerEscape escapes a member name as RFC 6901 requires.
var pointerEscape = strings.NewReplacer("~", "~0", "/", "~1")

// quote appends s as a JSON string; invalid UTF-8 becomes U+FFFD.
func quote(b []byte, s string) []byte {
	b, _ = jsontext.AppendQuote(b, s)
	return b
}
