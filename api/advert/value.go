package advert

import (
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
)

// Kind is the JSON type of a Value.
type Kind uint8

const (
	// Absent marks a Value that was not in the response at all.
	Absent Kind = iota
	Null
	Bool
	Number
	String
	Object
	Array
)

// Value is a JSON value that keeps object members in the order the server sent
// them, so that nothing is reordered or dropped between the wire and the screen.
// Numbers keep their literal text so that "1e3" or "12.50" pass through unchanged.
type Value struct {
	Kind    Kind
	Str     string // String content, or the literal text of a Number
	Bool    bool
	Members []Member // Object members, in wire order
	Items   []Value  // Array items
}

// Member is one name/value pair of an Object.
type Member struct {
	Key   string
	Value Value
}

// NewObject returns an empty object value.
func NewObject() Value { return Value{Kind: Object, Members: []Member{}} }

// NewArray returns an array value holding items.
func NewArray(items ...Value) Value {
	if items == nil {
		items = []Value{}
	}
	return Value{Kind: Array, Items: items}
}

// StringValue returns a JSON string value.
func StringValue(s string) Value { return Value{Kind: String, Str: s} }

// IsPresent reports whether the value was in the response.
func (v Value) IsPresent() bool { return v.Kind != Absent }

// Len is the number of members or items; 0 for scalars.
func (v Value) Len() int {
	switch v.Kind {
	case Object:
		return len(v.Members)
	case Array:
		return len(v.Items)
	}
	return 0
}

// Get returns the first member named key, and whether it exists.
func (v Value) Get(key string) (Value, bool) {
	for _, m := range v.Members {
		if m.Key == key {
			return m.Value, true
		}
	}
	return Value{}, false
}

// Set replaces the first member named key, or appends it.
func (v *Value) Set(key string, val Value) {
	for i := range v.Members {
		if v.Members[i].Key == key {
			v.Members[i].Value = val
			return
		}
	}
	v.Members = append(v.Members, Member{Key: key, Value: val})
}

// Text is the value as plain text: strings unquoted, numbers and booleans as
// written, null as "null", objects and arrays as compact JSON.
func (v Value) Text() string {
	switch v.Kind {
	case String, Number:
		return v.Str
	case Bool:
		return strconv.FormatBool(v.Bool)
	case Null:
		return "null"
	case Absent:
		return ""
	}
	b, _ := v.MarshalJSON()
	return string(b)
}

// MarshalJSON writes the value with members in their kept order. An absent
// value is written as null; invalid UTF-8 is written as U+FFFD.
func (v Value) MarshalJSON() ([]byte, error) {
	return v.AppendJSON(make([]byte, 0, 64)), nil
}

// AppendJSON appends the compact JSON form of v to b.
func (v Value) AppendJSON(b []byte) []byte {
	switch v.Kind {
	case Bool:
		return strconv.AppendBool(b, v.Bool)
	case Number:
		return append(b, v.Str...)
	case String:
		return appendQuoted(b, v.Str)
	case Object:
		b = append(b, '{')
		for i, m := range v.Members {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendQuoted(b, m.Key)
			b = append(b, ':')
			b = m.Value.AppendJSON(b)
		}
		return append(b, '}')
	case Array:
		b = append(b, '[')
		for i, it := range v.Items {
			if i > 0 {
				b = append(b, ',')
			}
			b = it.AppendJSON(b)
		}
		return append(b, ']')
	}
	return append(b, "null"...)
}

// appendQuoted quotes s; the only possible error is invalid UTF-8, which
// AppendQuote has already replaced with U+FFFD in its output.
func appendQuoted(b []byte, s string) []byte {
	b, _ = jsontext.AppendQuote(b, s)
	return b
}

// UnmarshalJSON lets a Value be a field of an ordinary struct.
func (v *Value) UnmarshalJSON(data []byte) error {
	val, err := ParseValue(data)
	if err != nil {
		return err
	}
	*v = val
	return nil
}
