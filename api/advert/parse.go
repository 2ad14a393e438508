package advert

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unsafe"

	"github.com/go-json-experiment/json/jsontext"
)

// MaxValues is the most values (strings, numbers, literals, objects and
// arrays; member names are not counted) a response may hold. It bounds the
// memory of a parse: a realistic large advertisement, 50,000 sponsors of
// fifteen fields one of which is an address of five, has about 1.05
// million values; at the limit the tree takes about 70 MB, and padview
// stays under 256 MB of memory whatever the shape of the values.
const MaxValues = 1_500_000

// maxValues is the cap the parser applies: MaxValues, a variable only so
// that a test of the shapes the cap must catch can make it small
// (TestValueCap holds the real one at its boundary).
var maxValues = MaxValues

// TooManyValuesError refuses a response with more than MaxValues values; it
// is found while parsing, before the tree outgrows its bound.
type TooManyValuesError struct{ Max int }

// Error gives the bare figure: messages for people come from api, which
// words it with text.Thousands (advert cannot import text).
func (e *TooManyValuesError) Error() string {
	return fmt.Sprintf("the answer has more than %d values, the most padview reads", e.Max)
}

// SyntaxError is malformed JSON, with the byte offset where it went wrong.
type SyntaxError struct {
	Offset int64
	Err    error // from jsontext
}

func (e *SyntaxError) Error() string {
	var se *jsontext.SyntacticError
	if errors.As(e.Err, &se) && se.Err != nil {
		return fmt.Sprintf("%v at byte %d", se.Err, e.Offset)
	}
	return fmt.Sprintf("%v at byte %d", e.Err, e.Offset)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// ParseValue decodes one JSON document (RFC 8259) with jsontext, keeping
// member order, number literals and duplicate names as sent; invalid UTF-8
// inside strings is kept as it came (the writers and CleanText make it
// safe). It accepts exactly what encoding/json's Valid accepts, which a
// differential fuzz test checks, and refuses more than MaxValues values.
func ParseValue(data []byte) (Value, error) {
	p := newParser(data, string(data), nil)
	return p.parse()
}

// parseUnique is ParseValue for the normalizer: a repeated member name
// keeps its first value, and a repeat with another value is reported to
// warn (see dedupe). The tree's strings share data's memory instead of a
// copy of it, so data must never change afterwards: Normalize keeps it as
// the document's Raw, which nothing writes.
func parseUnique(data []byte, warn func(func() string)) (Value, error) {
	if warn == nil {
		warn = func(func() string) {}
	}
	p := newParser(data, unsafe.String(unsafe.SliceData(data), len(data)), warn)
	return p.parse()
}

// parser builds the tree from jsontext's tokens. Strings without escapes
// and number literals are substrings of the input, so a value costs no
// allocation of its own; the children of open containers wait on
// chunked stacks and are copied out at their exact size when the container
// closes, so nothing is allocated twice over.
type parser struct {
	data    []byte
	src     string // data as a string: scalars are substrings of it
	dec     *jsontext.Decoder
	count   int
	frames  []frame
	members chunkStack[Member]
	items   chunkStack[Value]
	warn    func(func() string) // nil: keep duplicate names
}

// frame is one open object or array.
type frame struct {
	kind    Kind
	start   int    // offset of its opening bracket
	base    int    // where its children start on the members or items stack
	key     string // an object's member name waiting for its value
	wantKey bool
	// A large container's children go straight to storage of their exact
	// number (see presize) instead of waiting on the stack.
	members []Member
	items   []Value
	large   bool
}

func newParser(data []byte, src string, warn func(func() string)) *parser {
	return &parser{
		data: data,
		src:  src,
		dec:  jsontext.NewDecoder(bytes.NewBuffer(data), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)),
		warn: warn,
	}
}

func (p *parser) syntaxError(err error) error {
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		return &SyntaxError{Offset: se.ByteOffset, Err: err}
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return &SyntaxError{Offset: p.dec.InputOffset(), Err: err}
}

// parse reads the tokens of one JSON value: a token opens a container,
// closes one, names a member, or is a scalar, and each value that is
// complete joins the container open around it. It is better whole for
// speed: it runs once for every token of an answer (up to 32 MiB by
// default), and split into helpers for each kind of token (open, close,
// key, scalar) BenchmarkParseValue ran about 5 to 10% slower.
func (p *parser) parse() (Value, error) {
	prev := 0 // input offset after the previous token
	for {
		tok, err := p.dec.ReadToken()
		if err != nil {
			return Value{}, p.syntaxError(err)
		}
		end := int(p.dec.InputOffset())
		start := prev
		prev = end
		var v Value
		k := tok.Kind()
		switch k {
		case '{', '[':
			if err := p.counted(); err != nil {
				return Value{}, err
			}
			f := frame{kind: Array, start: end - 1, base: p.items.len()}
			if k == '{' {
				f = frame{kind: Object, start: end - 1, base: p.members.len(), wantKey: true}
			}
			p.frames = append(p.frames, f)
			continue
		case '}':
			f := p.frames[len(p.frames)-1]
			p.frames = p.frames[:len(p.frames)-1]
			ms := f.members
			if !f.large {
				ms = p.members.pop(f.base)
			}
			if p.warn != nil {
				ms = p.dedupe(ms)
			}
			v = NewObject(ms...)
		case ']':
			f := p.frames[len(p.frames)-1]
			p.frames = p.frames[:len(p.frames)-1]
			items := f.items
			if !f.large {
				items = p.items.pop(f.base)
			}
			v = NewArray(items...)
		case '"':
			s := p.str(start, end)
			if n := len(p.frames); n > 0 && p.frames[n-1].wantKey {
				p.frames[n-1].key, p.frames[n-1].wantKey = s, false
				continue
			}
			v = Value{Kind: String, Str: s}
		case '0':
			v = Value{Kind: Number, Str: p.src[skipSeparators(p.data, start):end]}
		case 't', 'f':
			v = Value{Kind: Bool, Bool: k == 't'}
		case 'n':
			v = Value{Kind: Null}
		}
		if k != '}' && k != ']' {
			if err := p.counted(); err != nil {
				return Value{}, err
			}
		}
		n := len(p.frames)
		if n == 0 {
			if _, err := p.dec.ReadToken(); err != io.EOF {
				if err == nil {
					err = errors.New("unexpected data after the JSON value")
				}
				return Value{}, p.syntaxError(err)
			}
			return v, nil
		}
		if err := p.add(&p.frames[n-1], v); err != nil {
			return Value{}, err
		}
	}
}

// largeContainer is the number of children after which a container's
// children are counted ahead (see presize); far more than a realistic
// answer's largest list. A variable, so that tests can make it small.
var largeContainer = 1 << 18

// add gives a finished value to the open container f.
func (p *parser) add(f *frame, v Value) error {
	switch {
	case f.large && f.kind == Object:
		f.members = append(f.members, Member{Key: f.key, Value: v})
	case f.large:
		f.items = append(f.items, v)
	case f.kind == Object:
		p.members.push(Member{Key: f.key, Value: v})
	default:
		p.items.push(v)
	}
	f.key, f.wantKey = "", f.kind == Object
	if !f.large && p.members.len()-f.base == largeContainer && f.kind == Object ||
		!f.large && p.items.len()-f.base == largeContainer && f.kind == Array {
		return p.presize(f)
	}
	return nil
}

// presize counts a large container's children in a second, shallow pass
// over its bytes and moves them to storage of exactly that size, so that
// the container costs its size once (not its size on the stack and again
// in a copy at the close), and a container of more than MaxValues children
// is refused at once. If the bytes are malformed the counting stops and
// the main pass reports the error.
func (p *parser) presize(f *frame) error {
	d := jsontext.NewDecoder(bytes.NewBuffer(p.data[f.start:]), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if _, err := d.ReadToken(); err != nil {
		return nil
	}
	n := 0
	for {
		switch d.PeekKind() {
		case '}', ']':
			goto counted
		case '"':
			if f.kind == Object {
				if _, err := d.ReadToken(); err != nil {
					return nil
				}
			}
		}
		if err := d.SkipValue(); err != nil {
			return nil
		}
		if n++; n > maxValues {
			return &TooManyValuesError{Max: maxValues}
		}
	}
counted:
	if f.kind == Object {
		f.members = p.members.popInto(f.base, make([]Member, n))
	} else {
		f.items = p.items.popInto(f.base, make([]Value, n))
	}
	f.large = true
	return nil
}

// counted counts one more value and refuses the document past MaxValues.
func (p *parser) counted() error {
	p.count++
	if p.count > maxValues {
		return &TooManyValuesError{Max: maxValues}
	}
	return nil
}

// str returns the content of the string token that ends at end and
// starts after whitespace and a separator at or after start.
func (p *parser) str(start, end int) string {
	start = skipSeparators(p.data, start)
	raw := p.data[start:end]
	if bytes.IndexByte(raw, '\\') < 0 {
		return p.src[start+1 : end-1]
	}
	// jsontext has validated the string; an unpaired surrogate becomes
	// U+FFFD, as encoding/json decodes it, and the error says only that.
	b, _ := jsontext.AppendUnquote(make([]byte, 0, len(raw)), raw)
	return string(b)
}

// skipSeparators skips the whitespace, comma and colon that may stand
// between the end of one token and the start of the next.
func skipSeparators(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
		default:
			return i
		}
	}
	return i
}

// chunkStack is a stack in fixed-size chunks that are kept for reuse:
// growing it never copies, and a parse allocates only as much stack as its
// largest run of open children. Closed containers are carved out of slabs
// at their exact size, so that a document of a million small objects costs
// a few hundred allocations, not a million.
type chunkStack[T any] struct {
	chunks [][]T
	n      int
	slab   []T // free space for closed containers
}

const chunkSize = 1024

func (s *chunkStack[T]) len() int { return s.n }

func (s *chunkStack[T]) push(x T) {
	c := s.n / chunkSize
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, make([]T, chunkSize))
	}
	s.chunks[c][s.n%chunkSize] = x
	s.n++
}

// pop removes the elements from base up and returns them in a slice of
// their exact length and capacity (nil when there are none).
func (s *chunkStack[T]) pop(base int) []T {
	n := s.n - base
	if n == 0 {
		return nil
	}
	var out []T
	switch {
	case n > chunkSize/4:
		out = make([]T, n)
	default:
		if len(s.slab) < n {
			s.slab = make([]T, chunkSize)
		}
		out, s.slab = s.slab[:n:n], s.slab[n:]
	}
	s.moveTo(base, out)
	return out
}

// popInto moves the elements from base up to the start of dst, which has
// room for them, and returns dst holding them.
func (s *chunkStack[T]) popInto(base int, dst []T) []T {
	dst = dst[:s.n-base]
	s.moveTo(base, dst)
	return dst
}

func (s *chunkStack[T]) moveTo(base int, out []T) {
	for i := 0; i < len(out); {
		c, off := (base+i)/chunkSize, (base+i)%chunkSize
		i += copy(out[i:], s.chunks[c][off:min(chunkSize, off+len(out)-i)])
	}
	s.n = base
}
