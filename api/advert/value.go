package advert

import (
	"io"
	"strconv"
	"unsafe"
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
//
// A Value is 32 bytes and a Member 48, whatever the kind: a container holds
// a pointer to its first child and a count instead of two slice headers, so
// that a response of a million values costs tens of megabytes, not hundreds
// (see MaxValues). Values are immutable once built: Members and Items return
// the stored children, which callers read but never change; Set and the
// constructors make new storage.
type Value struct {
	Str  string         // String content, or the literal text of a Number
	kids unsafe.Pointer // Object: *Member, Array: *Value; the first of n
	n    uint32
	Kind Kind
	Bool bool
}

// Member is one name/value pair of an Object.
type Member struct {
	Key   string
	Value Value
}

// NewObject returns an object of members, which it keeps (not copies): the
// caller does not change them afterwards.
func NewObject(members ...Member) Value {
	v := Value{Kind: Object, n: uint32(len(members))}
	if len(members) > 0 {
		v.kids = unsafe.Pointer(unsafe.SliceData(members))
	}
	return v
}

// NewArray returns an array of items, which it keeps (not copies).
func NewArray(items ...Value) Value {
	v := Value{Kind: Array, n: uint32(len(items))}
	if len(items) > 0 {
		v.kids = unsafe.Pointer(unsafe.SliceData(items))
	}
	return v
}

// StringValue returns a JSON string value.
func StringValue(s string) Value { return Value{Kind: String, Str: s} }

// NumberValue returns a JSON number with the literal text s, which the
// caller has checked is a JSON number.
func NumberValue(s string) Value { return Value{Kind: Number, Str: s} }

// BoolValue returns true or false.
func BoolValue(b bool) Value { return Value{Kind: Bool, Bool: b} }

// NullValue returns JSON null.
func NullValue() Value { return Value{Kind: Null} }

// Members returns an object's members in wire order (nil for other kinds).
// The slice is the value's own storage: read it, do not change it.
func (v Value) Members() []Member {
	if v.Kind != Object || v.n == 0 {
		return nil
	}
	return unsafe.Slice((*Member)(v.kids), v.n)
}

// Items returns an array's items (nil for other kinds). The slice is the
// value's own storage: read it, do not change it.
func (v Value) Items() []Value {
	if v.Kind != Array || v.n == 0 {
		return nil
	}
	return unsafe.Slice((*Value)(v.kids), v.n)
}

// IsPresent reports whether the value was in the response.
func (v Value) IsPresent() bool { return v.Kind != Absent }

// Len is the number of members or items; 0 for scalars.
func (v Value) Len() int {
	if v.Kind == Object || v.Kind == Array {
		return int(v.n)
	}
	return 0
}

// Get returns the first member named key, and whether it exists.
func (v Value) Get(key string) (Value, bool) {
	for _, m := range v.Members() {
		if m.Key == key {
			return m.Value, true
		}
	}
	return Value{}, false
}

// Set replaces the first member named key, or appends it. It writes new
// storage, so values that share the old members do not change.
func (v *Value) Set(key string, val Value) {
	old := v.Members()
	ms := make([]Member, len(old), len(old)+1)
	copy(ms, old)
	for i := range ms {
		if ms[i].Key == key {
			ms[i].Value = val
			*v = NewObject(ms...)
			return
		}
	}
	*v = NewObject(append(ms, Member{Key: key, Value: val})...)
}

// With returns the object with members appended after its own.
func (v Value) With(members ...Member) Value {
	old := v.Members()
	ms := make([]Member, 0, len(old)+len(members))
	return NewObject(append(append(ms, old...), members...)...)
}

// Equal reports whether two values are the same JSON: same kinds, the same
// string or number text, members with the same names in the same order.
func (v Value) Equal(w Value) bool {
	if v.Kind != w.Kind || v.Str != w.Str || v.Bool != w.Bool || v.Len() != w.Len() {
		return false
	}
	switch v.Kind {
	case Object:
		a, b := v.Members(), w.Members()
		for i := range a {
			if a[i].Key != b[i].Key || !a[i].Value.Equal(b[i].Value) {
				return false
			}
		}
	case Array:
		a, b := v.Items(), w.Items()
		for i := range a {
			if !a[i].Equal(b[i]) {
				return false
			}
		}
	}
	return true
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
	return string(v.AppendJSON(nil))
}

// MarshalJSON writes the value with members in their kept order. An absent
// value is written as null; see AppendJSON for the escaping.
func (v Value) MarshalJSON() ([]byte, error) {
	return v.AppendJSON(make([]byte, 0, 64)), nil
}

// AppendJSON appends the compact JSON form of v to b. Strings and member
// names are escaped by AppendQuoted: nothing in the output can drive a
// terminal or hide text.
func (v Value) AppendJSON(b []byte) []byte {
	o := jsonOut{b: b}
	v.writeJSON(&o)
	return o.b
}

// writeJSON writes v to o. It is better whole for speed: it runs once for
// every value of every answer written as JSON (the raw pane, get --json,
// exports), and with its object and array cases split into helpers
// BenchmarkParsedAppendJSON ran about 4% slower.
func (v Value) writeJSON(o *jsonOut) {
	if o.limit > 0 && len(o.b) > o.limit {
		return // Brief has what it needs
	}
	switch v.Kind {
	case Bool:
		o.b = strconv.AppendBool(o.b, v.Bool)
	case Number:
		o.b = append(o.b, v.Str...)
	case String:
		o.b = AppendQuoted(o.b, v.Str)
	case Object:
		o.b = append(o.b, '{')
		for i, m := range v.Members() {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			o.b = AppendQuoted(o.b, m.Key)
			o.b = append(o.b, ':')
			m.Value.writeJSON(o)
			o.spill()
			if o.limit > 0 && len(o.b) > o.limit {
				break
			}
		}
		o.b = append(o.b, '}')
	case Array:
		o.b = append(o.b, '[')
		for i, it := range v.Items() {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			it.writeJSON(o)
			o.spill()
			if o.limit > 0 && len(o.b) > o.limit {
				break
			}
		}
		o.b = append(o.b, ']')
	default:
		o.b = append(o.b, "null"...)
	}
}

// jsonOut is where JSON is written: a buffer, which spills to w (if any)
// whenever it holds spillSize bytes, or which stops taking more past limit
// bytes (if set), for a brief excerpt that costs no more than it shows.
type jsonOut struct {
	b     []byte
	w     io.Writer
	err   error
	limit int
}

const spillSize = 32 << 10

func (o *jsonOut) spill() {
	if o.w != nil && len(o.b) >= spillSize {
		o.flush()
	}
}

func (o *jsonOut) flush() error {
	if o.err == nil && len(o.b) > 0 {
		_, o.err = o.w.Write(o.b)
	}
	o.b = o.b[:0]
	return o.err
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
