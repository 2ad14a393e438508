package advert

import (
	"slices"
	"strconv"
	"strings"

	"github.com/padview/padview/api/vocab"
)

// currencies are the currency members of one object, found in one pass: a
// "<name>Currency" for its own amount, and a plain "currency" for the
// object's amounts, which moves into the amount when it serves exactly one.
type currencies struct {
	own      map[int]int // an amount's member → its "<name>Currency" member
	named    uint64      // bit i: member i (of the first 64) names its currency itself
	plain    int         // a plain currency member, or -1
	moneys   int         // amounts that name no currency of their own
	consumed []int       // members moved into an amount
}

// currencies finds the currency members of an object. Past 64 amounts in
// one object it looks for no "<name>Currency" (each still reads a plain
// "currency"), so that a hostile object costs no table of its own size.
func (t *typer) currencies(c *currencies, ms []Member, info []*keyInfo) {
	c.plain = -1
	for i, m := range ms {
		if info[i].typ != vocab.Money && info[i].typ != vocab.Benefit {
			continue
		}
		if t.hasCurrency(m.Value) {
			if i < 64 {
				c.named |= 1 << i
			}
			continue
		}
		c.moneys++
	}
	if c.moneys == 0 {
		return
	}
	for j := range ms {
		if c.plain < 0 && info[j].part == "currency" {
			c.plain = j
		}
	}
	if c.moneys <= 64 {
		c.own = t.ownCurrencies(ms, info, c.moneys)
	}
}

// ownCurrencies finds the "<name>Currency" member of each amount (the
// vocabulary's naming rule, vocab.CurrencyOf), in one pass over the object.
func (t *typer) ownCurrencies(ms []Member, info []*keyInfo, moneys int) map[int]int {
	want := make(map[string]int, moneys)
	for i, m := range ms {
		if info[i].typ == vocab.Money || info[i].typ == vocab.Benefit {
			want[FoldKey(m.Key)] = i
		}
	}
	own := make(map[int]int, moneys)
	for j, m := range ms {
		if amount, ok := t.n.vocab.CurrencyOf(m.Key); ok {
			if i, ok := want[amount]; ok {
				if _, dup := own[i]; !dup {
					own[i] = j
				}
			}
		}
	}
	return own
}

// hasCurrency reports whether a value names its currency itself: an
// object with a currency member.
func (t *typer) hasCurrency(v Value) bool {
	if v.Kind != Object {
		return false
	}
	for _, m := range v.Members() {
		if t.n.info(scopeNone, m.Key).part == "currency" {
			return true
		}
	}
	return false
}

// beside is the currency written beside the amount of member i, and the
// member it is in (-1 for none, or for a plain currency that serves more
// than one amount and so stays where it is).
func (c *currencies) beside(ms []Member, i int) (Value, int) {
	if j, ok := c.own[i]; ok {
		return ms[j].Value, j
	}
	if c.plain >= 0 {
		if c.moneys == 1 {
			return ms[c.plain].Value, c.plain
		}
		return ms[c.plain].Value, -1
	}
	return Value{}, -1
}

// without is the object with the currency members moved into amounts left
// out; v itself when none moved.
func (c *currencies) without(v Value) Value {
	if len(c.consumed) == 0 {
		return v
	}
	ms := v.Members()
	kept := make([]Member, 0, len(ms)-len(c.consumed))
	for i, m := range ms {
		if !slices.Contains(c.consumed, i) {
			kept = append(kept, m)
		}
	}
	return NewObject(kept...)
}

// moneyMember reads a money-typed member, with the currency written beside
// it or named by its name; consumed is the currency member it took in.
func (t *typer) moneyMember(ms []Member, i int, m *keyInfo, cur *currencies) (Value, int) {
	v, outer, at := ms[i].Value, Value{}, -1
	named := i < 64 && cur.named&(1<<i) != 0 || i >= 64 && t.hasCurrency(v)
	if v.Kind != Array && !named {
		outer, at = cur.beside(ms, i)
	}
	nv, ok := t.moneyField(v, outer, m.currency, m.typ == vocab.Benefit)
	if !ok || at < 0 || slices.Contains(cur.consumed, at) {
		return nv, -1
	}
	return nv, at
}

// moneyField reads the value of a money-named member: a number, a numeric
// string (with or without a currency code), an {amount, currency} object,
// a range, or a list of those. outer is a currency written beside it,
// named one the member's name gives. ok says whether outer went into the
// value. An amount it cannot read stays as sent, with a warning, but
// never loses the currency beside it or in its name: {"amount": as sent,
// "currency": "EUR"}.
func (t *typer) moneyField(v Value, outer Value, named string, benefits bool) (Value, bool) {
	switch v.Kind {
	case Null:
		return v, true
	case Array:
		return t.items(v, func(it Value) Value {
			nv, _ := t.moneyField(it, Value{}, named, benefits)
			return nv
		}), true
	case String:
		if benefits && !strings.ContainsAny(v.Str, "0123456789") {
			return v, false // benefits in kind, described in words
		}
	}
	nv, problem := t.readMoney(v, outer, named)
	if problem == "" {
		return nv, true
	}
	t.warn(problem, v) // one warning for the amount as a whole, none inside
	if v.Kind != String && v.Kind != Number {
		return v, false
	}
	if v.Kind == String && !isBareNumber(v.Str) {
		return v, false // it says something of its own besides a number: it is not padview's to add a currency
	}
	if code, conflict := pickCurrency(outer, "", named); conflict == "" && code.Kind == String {
		return NewObject(Member{Key: "amount", Value: v}, Member{Key: "currency", Value: code}), true
	}
	return v, false
}

// moneyObject reads an object shaped as an amount wherever it is.
func (t *typer) moneyObject(v Value, named string) Value {
	nv, problem := t.readMoney(v, Value{}, named)
	if problem != "" {
		t.warn(problem, v)
		return v
	}
	return nv
}

// readMoney writes money one way: {"amount": "<decimal>", "currency":
// "<ISO 4217>" or null}, or for a range {"lowerBound", "upperBound",
// "currency"}, with members besides them after. It returns a problem when
// the value does not read as money.
func (t *typer) readMoney(v Value, outer Value, named string) (Value, string) {
	switch v.Kind {
	case Number, String:
		known := knownCurrency(outer, named)
		amt, inText, problem := t.readAmount(v, known)
		if problem != "" && v.Kind == String {
			if nv, ok := t.readPhrase(v.Str, outer, named, known); ok {
				return nv, ""
			}
		}
		if problem != "" {
			return v, problem
		}
		code, problem := pickCurrency(outer, inText, named)
		if problem != "" {
			return v, problem
		}
		return NewObject(Member{Key: "amount", Value: amt}, Member{Key: "currency", Value: code}), ""
	case Object:
		return t.readMoneyObject(v, outer, named)
	}
	return v, "is not an amount"
}

// ApproximateKey is the member a money object read from text holds when
// its words said the amount is approximate ("ca. 20.000 €", "about EUR
// 500"): true. The display reads it.
const ApproximateKey = "approximate"

// readPhrase reads an amount or a range written with words
// (readAmountPhrase) as money: {"amount"} or {"lowerBound",
// "upperBound"}, the currency, and "approximate": true where a word said
// so.
func (t *typer) readPhrase(text string, outer Value, named, known string) (Value, bool) {
	p, ok := readAmountPhrase(text, t.n.vocab.CurrencyByWord, known)
	if !ok {
		return Value{}, false
	}
	code, problem := pickCurrency(outer, p.code, named)
	if problem != "" {
		return Value{}, false
	}
	out := make([]Member, 0, 4)
	switch {
	case p.amount != "":
		out = append(out, Member{Key: "amount", Value: StringValue(p.amount)})
	default:
		if p.lower != "" {
			out = append(out, Member{Key: "lowerBound", Value: StringValue(p.lower)})
		}
		if p.upper != "" {
			out = append(out, Member{Key: "upperBound", Value: StringValue(p.upper)})
		}
	}
	out = append(out, Member{Key: "currency", Value: code})
	if p.approx {
		out = append(out, Member{Key: ApproximateKey, Value: BoolValue(true)})
	}
	return NewObject(out...), true
}

// knownCurrency is the ISO 4217 code of the currency written beside an
// amount, else the one its name gives; "" for none.
func knownCurrency(outer Value, named string) string {
	if outer.Kind == String {
		if c, ok := currencyCode(outer.Str); ok {
			return c
		}
	}
	return named
}

// moneyParts are the members of a money object, by index (-1 for none).
type moneyParts struct{ amount, currency, lower, upper int }

// partsOf finds the parts of a money object; an "amount" wins over a
// "value" or a "total".
func (t *typer) partsOf(ms []Member) moneyParts {
	p := moneyParts{-1, -1, -1, -1}
	for i, m := range ms {
		switch t.n.info(scopeNone, m.Key).part {
		case "amount":
			if p.amount < 0 || FoldKey(m.Key) == "amount" && FoldKey(ms[p.amount].Key) != "amount" {
				p.amount = i
			}
		case "currency":
			if p.currency < 0 {
				p.currency = i
			}
		case "lower":
			if p.lower < 0 {
				p.lower = i
			}
		case "upper":
			if p.upper < 0 {
				p.upper = i
			}
		}
	}
	return p
}

// readMoneyObject reads an {amount, currency} object or a range.
func (t *typer) readMoneyObject(v Value, outer Value, named string) (Value, string) {
	ms := v.Members()
	p := t.partsOf(ms)
	if p.currency >= 0 {
		outer = ms[p.currency].Value
	}
	out, inText, problem := t.readAmounts(ms, p, knownCurrency(outer, named))
	if problem != "" {
		return v, problem
	}
	code, problem := pickCurrency(outer, inText, named)
	if problem != "" {
		return v, problem
	}
	out = append(out, Member{Key: "currency", Value: code})
	for i, m := range ms {
		if i != p.amount && i != p.currency && i != p.lower && i != p.upper {
			t.push(m.Key)
			out = append(out, Member{Key: m.Key, Value: t.value(m.Value)})
			t.pop()
		}
	}
	return NewObject(out...), ""
}

// readAmounts reads the amount of a money object, or the bounds of a
// range, and the currency their text names, if any.
func (t *typer) readAmounts(ms []Member, p moneyParts, known string) (out []Member, inText, problem string) {
	out = make([]Member, 0, len(ms)+1)
	read := func(i int, name string) string {
		amt, cur, problem := t.readAmount(ms[i].Value, known)
		if problem == "" && cur != "" {
			if inText != "" && inText != cur {
				return "names two different currencies"
			}
			inText = cur
		}
		out = append(out, Member{Key: name, Value: amt})
		return problem
	}
	switch {
	case p.amount >= 0:
		problem = read(p.amount, "amount")
	case p.lower >= 0 || p.upper >= 0:
		if p.lower >= 0 {
			problem = read(p.lower, "lowerBound")
		}
		if p.upper >= 0 && problem == "" {
			problem = read(p.upper, "upperBound")
		}
	default:
		problem = "has no amount"
	}
	return out, inText, problem
}

// pickCurrency is the one currency an amount is in: the one written beside
// or in it, the one in its text, the one its name gives. It is null when
// none says, and a problem when two differ or one is no ISO 4217 code.
func pickCurrency(cur Value, inText, named string) (Value, string) {
	var codes []string
	switch cur.Kind {
	case String:
		c, ok := currencyCode(cur.Str)
		if !ok {
			return cur, "has a currency that is not an ISO 4217 code"
		}
		codes = append(codes, c)
	case Absent, Null:
	default:
		return cur, "has a currency that is not an ISO 4217 code"
	}
	for _, c := range []string{inText, named} {
		if c != "" {
			codes = append(codes, c)
		}
	}
	if len(codes) == 0 {
		return NullValue(), ""
	}
	for _, c := range codes[1:] {
		if c != codes[0] {
			return cur, "names two different currencies"
		}
	}
	return StringValue(codes[0]), ""
}

// readAmount reads an amount: a JSON number, or a string holding one (see
// readAmountText; known is the currency beside it or in its name).
func (t *typer) readAmount(v Value, known string) (amount Value, currency, problem string) {
	switch v.Kind {
	case Null:
		return v, "", ""
	case Number:
		d, ok := plainDecimal(v.Str)
		if !ok {
			return v, "", "is not an amount padview can write exactly"
		}
		return StringValue(d), "", ""
	case String:
		d, currency, problem := readAmountText(v.Str, t.n.vocab.CurrencyByWord, known)
		if problem != "" {
			return v, "", problem
		}
		return StringValue(d), currency, ""
	}
	return v, "", "is not an amount"
}

// canonicalDecimal writes -?digits(.digits)? without leading zeros.
func canonicalDecimal(s string) string {
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole = strings.TrimLeft(whole, "0"); whole == "" {
		whole = "0"
	}
	d := sign + whole
	if hasFrac {
		d += "." + frac
	}
	return d
}

func isLetters3(s string) bool {
	if len(s) != 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// isDecimal reports whether s is -?digits(.digits)?.
func isDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	whole, frac, hasFrac := strings.Cut(s, ".")
	return allDigits(whole) && (!hasFrac || allDigits(frac))
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// plainDecimal writes a JSON number literal without an exponent, digit for
// digit ("1.5e3" is "1500"); fractions keep their written zeros. Exponents
// beyond ±64 are not expanded: such an amount is not a real one.
func plainDecimal(lit string) (string, bool) {
	mant, exp, hasExp := strings.Cut(strings.ToLower(lit), "e")
	if !hasExp {
		return lit, true
	}
	e, err := strconv.Atoi(exp)
	if err != nil || e > 64 || e < -64 {
		return "", false
	}
	neg := strings.HasPrefix(mant, "-")
	mant = strings.TrimPrefix(mant, "-")
	whole, frac, _ := strings.Cut(mant, ".")
	digits := whole + frac
	point := len(whole) + e // position of the decimal point in digits
	switch {
	case point <= 0:
		digits = strings.Repeat("0", 1-point) + digits
		point = 1
	case point > len(digits):
		digits += strings.Repeat("0", point-len(digits))
	}
	out := strings.TrimLeft(digits[:point], "0")
	if out == "" {
		out = "0"
	}
	if point < len(digits) {
		out += "." + digits[point:]
	}
	if neg {
		out = "-" + out
	}
	return out, true
}
