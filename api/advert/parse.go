package advert

import (
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth bounds nesting so that a hostile body cannot exhaust the stack.
const maxDepth = 10000

// ParseValue decodes one JSON document (RFC 8259), keeping member order and
// number literals. Duplicate names are kept, each in its place; invalid
// UTF-8 inside strings is kept as it came (CleanText makes it safe to
// show). It accepts exactly what encoding/json's Valid accepts, which a
// differential fuzz test checks; it exists because the client decodes every
// response and this costs about half of a general tokenizer.
func ParseValue(data []byte) (Value, error) {
	p := parser{data: data}
	p.space()
	v, err := p.value()
	if err != nil {
		return Value{}, err
	}
	p.space()
	if p.pos < len(p.data) {
		return Value{}, p.fail("unexpected data after the JSON value")
	}
	return v, nil
}

// parser collects the members and items of open containers on shared
// stacks and copies each container out at its exact size once closed, so
// that a document costs one allocation per container, not one per append.
type parser struct {
	data    []byte
	pos     int
	depth   int
	members []Member
	items   []Value
}

// SyntaxError is malformed JSON, with the byte offset where it went wrong.
type SyntaxError struct {
	Offset int
	msg    string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%s at byte %d", e.msg, e.Offset) }

func (p *parser) fail(msg string) error { return &SyntaxError{Offset: p.pos, msg: msg} }

func (p *parser) unexpected() error {
	if p.pos >= len(p.data) {
		return p.fail("unexpected end of JSON input")
	}
	return p.fail(fmt.Sprintf("invalid character %q", p.data[p.pos]))
}

func (p *parser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) value() (Value, error) {
	if p.pos >= len(p.data) {
		return Value{}, p.unexpected()
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.str()
		return Value{Kind: String, Str: s}, err
	case c == 't':
		return Value{Kind: Bool, Bool: true}, p.literal("true")
	case c == 'f':
		return Value{Kind: Bool}, p.literal("false")
	case c == 'n':
		return Value{Kind: Null}, p.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		s, err := p.number()
		return Value{Kind: Number, Str: s}, err
	}
	return Value{}, p.unexpected()
}

func (p *parser) literal(lit string) error {
	if len(p.data)-p.pos < len(lit) || string(p.data[p.pos:p.pos+len(lit)]) != lit {
		return p.fail("invalid literal")
	}
	p.pos += len(lit)
	return nil
}

// enter steps into an object or array; it reports whether the container
// closes at once ("{}" or "[]").
func (p *parser) enter(closer byte) (empty bool, err error) {
	p.depth++
	if p.depth > maxDepth {
		return false, p.fail("JSON nested too deeply")
	}
	p.pos++ // the opening bracket
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == closer {
		p.pos++
		p.depth--
		return true, nil
	}
	return false, nil
}

// next reads what follows an element: a comma (more to come) or the
// closing bracket (done).
func (p *parser) next(closer byte) (done bool, err error) {
	p.space()
	if p.pos >= len(p.data) {
		return false, p.unexpected()
	}
	switch p.data[p.pos] {
	case ',':
		p.pos++
		p.space()
		return false, nil
	case closer:
		p.pos++
		p.depth--
		return true, nil
	}
	return false, p.unexpected()
}

// pop copies the elements above base off a shared stack at their exact
// size and shrinks the stack back.
func pop[T any](stack *[]T, base int) []T {
	out := make([]T, len(*stack)-base)
	copy(out, (*stack)[base:])
	clear((*stack)[base:])
	*stack = (*stack)[:base]
	return out
}

func (p *parser) object() (Value, error) {
	if empty, err := p.enter('}'); empty || err != nil {
		return Value{Kind: Object, Members: []Member{}}, err
	}
	base := len(p.members)
	for {
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return Value{}, p.unexpected()
		}
		key, err := p.str()
		if err != nil {
			return Value{}, err
		}
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return Value{}, p.unexpected()
		}
		p.pos++
		p.space()
		val, err := p.value()
		if err != nil {
			return Value{}, err
		}
		p.members = append(p.members, Member{Key: key, Value: val})
		if done, err := p.next('}'); err != nil || done {
			return Value{Kind: Object, Members: pop(&p.members, base)}, err
		}
	}
}

func (p *parser) array() (Value, error) {
	if empty, err := p.enter(']'); empty || err != nil {
		return Value{Kind: Array, Items: []Value{}}, err
	}
	base := len(p.items)
	for {
		val, err := p.value()
		if err != nil {
			return Value{}, err
		}
		p.items = append(p.items, val)
		if done, err := p.next(']'); err != nil || done {
			return Value{Kind: Array, Items: pop(&p.items, base)}, err
		}
	}
}

// str reads a string; the common case without escapes is one allocation.
func (p *parser) str() (string, error) {
	start := p.pos + 1
	for i := start; i < len(p.data); i++ {
		switch c := p.data[i]; {
		case c == '"':
			p.pos = i + 1
			return string(p.data[start:i]), nil
		case c == '\\':
			return p.escapedStr(start, i)
		case c < 0x20:
			p.pos = i
			return "", p.fail("control character in string")
		}
	}
	p.pos = len(p.data)
	return "", p.fail("unexpected end of JSON input in string")
}

func (p *parser) escapedStr(start, i int) (string, error) {
	buf := make([]byte, 0, i-start+16)
	buf = append(buf, p.data[start:i]...)
	for i < len(p.data) {
		c := p.data[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return string(buf), nil
		case c < 0x20:
			p.pos = i
			return "", p.fail("control character in string")
		case c != '\\':
			buf = append(buf, c)
			i++
			continue
		}
		if i+1 >= len(p.data) {
			break
		}
		switch e := p.data[i+1]; e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := hex4(p.data, i+2)
			if !ok {
				p.pos = i
				return "", p.fail("invalid \\u escape")
			}
			i += 6
			if utf16.IsSurrogate(r) {
				if r2, ok := hex4(p.data, i+2); ok && i+1 < len(p.data) && p.data[i] == '\\' && p.data[i+1] == 'u' {
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						buf = utf8.AppendRune(buf, dec)
						i += 6
						continue
					}
				}
				r = utf8.RuneError
			}
			buf = utf8.AppendRune(buf, r)
			continue
		default:
			p.pos = i
			return "", p.fail("invalid escape in string")
		}
		i += 2
	}
	p.pos = len(p.data)
	return "", p.fail("unexpected end of JSON input in string")
}

func hex4(b []byte, at int) (rune, bool) {
	if at+4 > len(b) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[at:at+4]), 16, 32)
	return rune(n), err == nil
}

// number reads a number by the JSON grammar and keeps its literal text.
func (p *parser) number() (string, error) {
	start := p.pos
	d := p.data
	i := p.pos
	if d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	default:
		p.pos = i
		return "", p.unexpected()
	}
	if i < len(d) && d[i] == '.' {
		i++
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			p.pos = i
			return "", p.unexpected()
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			p.pos = i
			return "", p.unexpected()
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	p.pos = i
	return string(d[start:i]), nil
}
