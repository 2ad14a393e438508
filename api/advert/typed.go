package advert

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// fieldType is how the normalizer reads a member, from its name.
type fieldType uint8

const (
	plainField   fieldType = iota
	moneyField             // an amount of money
	benefitField           // money, or benefits in kind described in words
	dateField              // a date or an instant
	boolField              // yes or no
	flagField              // yes or no when it reads as one, else as sent (a list of techniques)
	countryField           // a country
	placeField             // a country when it reads as one, else a place as sent
)

// typedNames are the well-known names of typed fields (folded); names that
// end in a date word, and is…/has… flags, are recognized by their form.
var typedNames = foldedTable(map[fieldType][]string{
	moneyField:   {"totalValue", "amount", "amountsReceived", "amountReceived", "totalAmount", "totalSpend", "totalCost"},
	benefitField: {"otherBenefits"},
	dateField: {"startDate", "endDate", "electionDate", "lastUpdated", "firstPublished", "lastModified",
		"published", "updated", "created", "modified"},
	boolField:    {"ongoing", "thirdCountryFunded", "isThirdCountryFunded", "previouslySuspended"},
	flagField:    {"techniquesUsed", "targetingTechniquesUsed"},
	countryField: {"country", "countryCode", "countryOfEstablishment"},
	placeField:   {"placeOfEstablishment", "establishment"},
})

// keyInfo is what a member name says, worked out once per name.
type keyInfo struct {
	t        fieldType
	amount   bool // "amount" or "value" inside a money object
	currency bool // "currency" or "currencyCode"
}

func classify(key string) keyInfo {
	var buf [64]byte
	f := foldInto(buf[:0], key)
	k := keyInfo{
		amount:   string(f) == "amount" || string(f) == "value",
		currency: string(f) == "currency" || string(f) == "currencycode",
	}
	switch t, ok := typedNames[string(f)]; {
	case ok:
		k.t = t
	case hasWordSuffix(key, "date") || hasWordSuffix(key, "at") && len(key) > 3:
		k.t = dateField
	case hasWordPrefix(key, "is") || hasWordPrefix(key, "has"):
		k.t = boolField
	}
	return k
}

// hasWordSuffix reports whether key ends in the word w (lower case): after
// a separator, as a camelCase word ("startDate", "created_at"), or alone.
func hasWordSuffix(key, w string) bool {
	n := len(key) - len(w)
	if n < 0 || !strings.EqualFold(key[n:], w) {
		return false
	}
	if n == 0 {
		return true
	}
	c, first := key[n-1], key[n]
	return c == '_' || c == '-' || c == ' ' || c == '.' ||
		first >= 'A' && first <= 'Z' && (c >= 'a' && c <= 'z' || c >= '0' && c <= '9')
}

// hasWordPrefix reports whether key starts with the word w followed by more
// words: "isOngoing", "is_ongoing", "Has Targeting"; not "issue" or "hash".
func hasWordPrefix(key, w string) bool {
	if len(key) <= len(w) || !strings.EqualFold(key[:len(w)], w) {
		return false
	}
	c := key[len(w)]
	lowerWord := key[len(w)-1] >= 'a' && key[len(w)-1] <= 'z'
	return c == '_' || c == '-' || c == ' ' || lowerWord && c >= 'A' && c <= 'Z'
}

// typer rewrites the typed fields of a normalized document in place of
// their values as sent; what it cannot read stays as sent with a warning.
type typer struct {
	n    *normalizer
	path []pathStep
	d    *Document
}

// pathStep is a member name, or an index when key is empty and index >= 0.
type pathStep struct {
	key   string
	index int
}

func (t *typer) push(key string) { t.path = append(t.path, pathStep{key: key, index: -1}) }
func (t *typer) pushIndex(i int) { t.path = append(t.path, pathStep{index: i}) }
func (t *typer) pop()            { t.path = t.path[:len(t.path)-1] }

func (t *typer) warn(problem string, v Value) {
	t.d.warn(func() string { return fmt.Sprintf("%s: %s %s; kept as sent", pathText(t.path), Brief(v), problem) })
}

// value types the members of every object within v.
func (t *typer) value(v Value) Value {
	switch v.Kind {
	case Object:
		if t.isMoney(v) {
			return t.moneyObject(v)
		}
		return t.object(v)
	case Array:
		return t.items(v, func(it Value) Value { return t.value(it) })
	}
	return v
}

// items applies f to each item. The typer rewrites the tree Normalize
// has just parsed and alone holds, so changed items are written in place.
func (t *typer) items(v Value, f func(Value) Value) Value {
	items := v.Items()
	for i, it := range items {
		t.pushIndex(i)
		items[i] = f(it)
		t.pop()
	}
	return v
}

// isMoney reports whether an object is an amount by its shape alone:
// exactly an amount (or value) and a currency.
func (t *typer) isMoney(v Value) bool {
	ms := v.Members()
	if len(ms) != 2 {
		return false
	}
	a, b := t.n.info(ms[0].Key), t.n.info(ms[1].Key)
	return a.amount && b.currency || a.currency && b.amount
}

func (t *typer) object(v Value) Value {
	ms := v.Members()
	var buf [16]keyInfo
	infos := buf[:0]
	if len(ms) > len(buf) {
		infos = make([]keyInfo, 0, len(ms))
	}
	infos = infos[:len(ms)]
	moneys := 0
	for i, m := range ms {
		infos[i] = t.n.info(m.Key)
		if k := infos[i].t; (k == moneyField || k == benefitField) && isScalar(m.Value) {
			moneys++
		}
	}
	// A currency written beside the amounts: "<name>Currency" belongs to
	// its own field, a plain "currency" to the object's amounts; it moves
	// into the amount when it serves exactly one.
	var consumed []int     // members moved into an amount
	var own map[string]int // "<name>currency" → its member, for each amount
	currency := -1
	if moneys > 0 {
		own = currencyMembers(ms, infos, moneys)
		for j, k := range infos {
			if k.currency {
				currency = j
				break
			}
		}
	}
	for i, m := range ms {
		nv := m.Value
		t.push(m.Key)
		switch infos[i].t {
		case moneyField, benefitField:
			cur, at := Value{}, -1
			if isScalar(m.Value) {
				if j, ok := own[FoldKey(m.Key)+"currency"]; ok {
					cur, at = ms[j].Value, j
				} else if currency >= 0 {
					cur = ms[currency].Value
					if moneys == 1 {
						at = currency
					}
				}
			}
			var ok bool
			nv, ok = t.moneyField(m.Value, cur, infos[i].t == benefitField)
			if ok && at >= 0 && !slices.Contains(consumed, at) {
				consumed = append(consumed, at)
			}
		case dateField:
			nv = t.typedScalar(m.Value, readDate, "is not a date")
		case boolField:
			nv = t.typedScalar(m.Value, ReadBool, "is not yes or no")
		case flagField:
			if b, ok := ReadBool(m.Value); ok {
				nv = b
			} else {
				nv = t.value(m.Value)
			}
		case countryField:
			nv = t.typedScalar(m.Value, readCountry, "is not an ISO 3166 country code")
		case placeField:
			if c, ok := readCountry(m.Value); ok {
				nv = c
			} else {
				nv = t.value(m.Value)
			}
		default:
			if m.Value.Kind == Object || m.Value.Kind == Array {
				nv = t.value(m.Value)
			}
		}
		t.pop()
		ms[i].Value = nv // in place: see items
	}
	if len(consumed) == 0 {
		return v
	}
	kept := make([]Member, 0, len(ms)-len(consumed))
	for i, m := range ms {
		if !slices.Contains(consumed, i) {
			kept = append(kept, m)
		}
	}
	return NewObject(kept...)
}

func isScalar(v Value) bool { return v.Kind == Number || v.Kind == String }

// currencyMembers finds the "<name>Currency" member of each amount in one
// pass over the object. Past 64 amounts in one object it looks for none
// (each still reads a plain "currency"), so that a hostile object costs no
// table of its own size.
func currencyMembers(ms []Member, infos []keyInfo, moneys int) map[string]int {
	if moneys > 64 {
		return nil
	}
	want := make(map[string]int, moneys)
	for i, k := range infos {
		if k.t == moneyField || k.t == benefitField {
			want[FoldKey(ms[i].Key)+"currency"] = -1
		}
	}
	found := make(map[string]int, moneys)
	var buf [64]byte
	for j, m := range ms {
		f := foldInto(buf[:0], m.Key)
		if at, ok := want[string(f)]; ok && at < 0 {
			if _, dup := found[string(f)]; !dup {
				found[string(f)] = j
			}
		}
	}
	return found
}

// typedScalar reads a scalar (or each item of an array) with read; a
// value it cannot read stays as sent with a warning. Null stays null.
func (t *typer) typedScalar(v Value, read func(Value) (Value, bool), problem string) Value {
	switch v.Kind {
	case Null:
		return v
	case Array:
		return t.items(v, func(it Value) Value { return t.typedScalar(it, read, problem) })
	}
	if nv, ok := read(v); ok {
		return nv
	}
	t.warn(problem, v)
	return t.value(v)
}

// moneyField reads the value of a money-named member: a number, a numeric
// string (with or without a currency code), an {amount, currency} object,
// or a list of those. cur is a currency written beside it, if any.
func (t *typer) moneyField(v Value, cur Value, benefits bool) (Value, bool) {
	switch v.Kind {
	case Null:
		return v, true
	case Array:
		return t.items(v, func(it Value) Value {
			nv, _ := t.moneyField(it, Value{}, benefits)
			return nv
		}), true
	case String:
		if benefits && !strings.ContainsAny(v.Str, "0123456789") {
			return v, false // benefits in kind, described in words
		}
	}
	nv, problem := t.n.readMoney(v, cur, t)
	if problem != "" {
		t.warn(problem, v) // one warning for the amount as a whole, none inside
		return v, false
	}
	return nv, true
}

// moneyObject reads an object shaped as an amount wherever it is.
func (t *typer) moneyObject(v Value) Value {
	nv, problem := t.n.readMoney(v, Value{}, t)
	if problem != "" {
		t.warn(problem, v)
		return v
	}
	return nv
}

// readMoney writes money one way: {"amount": "<decimal>", "currency":
// "<ISO 4217>" or null}, and members besides them after. It returns a
// problem when the value does not read as an amount.
func (n *normalizer) readMoney(v Value, outer Value, t *typer) (Value, string) {
	var amount, cur Value
	var rest []Member
	switch v.Kind {
	case Number, String:
		amount, cur = v, outer
	case Object:
		ai, ci := -1, -1
		ms := v.Members()
		for i, m := range ms {
			k := n.info(m.Key)
			switch {
			case k.amount && (ai < 0 || FoldKey(m.Key) == "amount" && FoldKey(ms[ai].Key) != "amount"):
				ai = i
			case k.currency && ci < 0:
				ci = i
			}
		}
		if ai < 0 {
			return v, "has no amount"
		}
		amount, cur = ms[ai].Value, outer
		if ci >= 0 {
			cur = ms[ci].Value
		}
		for i, m := range ms {
			if i != ai && i != ci {
				t.push(m.Key)
				rest = append(rest, Member{Key: m.Key, Value: t.value(m.Value)})
				t.pop()
			}
		}
	default:
		return v, "is not an amount"
	}
	amt, inText, problem := readAmount(amount)
	if problem != "" {
		return v, problem
	}
	code := NullValue()
	switch {
	case cur.Kind == String:
		c, ok := currencyCode(cur.Str)
		if !ok {
			return v, "has a currency that is not an ISO 4217 code"
		}
		if inText != "" && inText != c {
			return v, "names two different currencies"
		}
		code = StringValue(c)
	case cur.Kind == Absent || cur.Kind == Null:
		if inText != "" {
			code = StringValue(inText)
		}
	default:
		return v, "has a currency that is not an ISO 4217 code"
	}
	out := make([]Member, 0, 2+len(rest))
	out = append(out, Member{Key: "amount", Value: amt}, Member{Key: "currency", Value: code})
	return NewObject(append(out, rest...)...), ""
}

// readAmount reads an amount: a JSON number, or a string holding a plain
// decimal, optionally with a currency code before or after it. Thousands
// separators are read only where they cannot be a decimal comma
// ("22,000.00", "1,250,000"); "22,000" is ambiguous and is not read.
func readAmount(v Value) (amount Value, currency, problem string) {
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
	default:
		return v, "", "is not an amount"
	}
	s := strings.TrimSpace(v.Str)
	if a, b, ok := strings.Cut(s, " "); ok {
		b = strings.TrimSpace(b)
		switch {
		case isLetters3(a):
			currency, s = strings.ToUpper(a), b
		case isLetters3(b):
			currency, s = strings.ToUpper(b), a
		default:
			return v, "", "is not an amount"
		}
		if _, ok := currencyCode(currency); !ok {
			return v, "", "has a currency that is not an ISO 4217 code"
		}
	}
	if strings.Contains(s, ",") {
		whole, frac, hasFrac := strings.Cut(s, ".")
		groups := strings.Split(strings.TrimPrefix(whole, "-"), ",")
		if !hasFrac && len(groups) < 3 {
			return v, "", "is ambiguous (a thousands separator or a decimal comma?)"
		}
		for i, g := range groups {
			if i == 0 && (len(g) < 1 || len(g) > 3) || i > 0 && len(g) != 3 {
				return v, "", "is not an amount"
			}
		}
		s = strings.ReplaceAll(whole, ",", "")
		if hasFrac {
			s += "." + frac
		}
	}
	if !isDecimal(s) {
		return v, "", "is not an amount"
	}
	sign, s := "", s
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
	return StringValue(d), currency, ""
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

// readDate writes a date as YYYY-MM-DD and an instant as RFC 3339 (an
// instant at midnight UTC is a date). It reads dates, RFC 3339 with a T or
// a space, and Unix time in seconds or milliseconds, as a number or a
// string of digits.
func readDate(v Value) (Value, bool) {
	switch v.Kind {
	case Number:
		return unixDate(v.Str)
	case String:
	default:
		return v, false
	}
	s := strings.TrimSpace(v.Str)
	if len(s) == 10 && !allDigits(s) {
		if _, err := time.Parse(time.DateOnly, s); err == nil {
			return StringValue(s), true
		}
		return v, false
	}
	if len(s) > 10 && s[10] == ' ' {
		s = s[:10] + "T" + s[11:]
	}
	if tm, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return StringValue(instantText(tm)), true
	}
	if allDigits(s) {
		return unixDate(s)
	}
	return v, false
}

func unixDate(lit string) (Value, bool) {
	n, err := strconv.ParseInt(lit, 10, 64)
	switch {
	case err != nil:
		return Value{}, false
	case n >= 1e8 && n < 1e11: // seconds: 1973 to 5138
		return StringValue(instantText(time.Unix(n, 0))), true
	case n >= 1e11 && n < 1e14: // milliseconds: 1973 to 5138
		return StringValue(instantText(time.UnixMilli(n))), true
	}
	return Value{}, false
}

func instantText(tm time.Time) string {
	if _, off := tm.Zone(); off == 0 && tm.Hour() == 0 && tm.Minute() == 0 && tm.Second() == 0 && tm.Nanosecond() == 0 {
		return tm.UTC().Format(time.DateOnly)
	}
	if _, off := tm.Zone(); off == 0 {
		tm = tm.UTC()
	}
	return tm.Format(time.RFC3339Nano)
}

// ReadBool reads a boolean as the normalizer does: true/false, 1/0, and
// "yes"/"no", "y"/"n", "true"/"false", "1"/"0" in any case.
func ReadBool(v Value) (Value, bool) {
	switch v.Kind {
	case Bool:
		return v, true
	case Number:
		switch v.Str {
		case "1":
			return BoolValue(true), true
		case "0":
			return BoolValue(false), true
		}
	case String:
		switch strings.ToLower(strings.TrimSpace(v.Str)) {
		case "true", "yes", "y", "1":
			return BoolValue(true), true
		case "false", "no", "n", "0":
			return BoolValue(false), true
		}
	}
	return v, false
}

// readCountry reads an ISO 3166-1 alpha-2 code in either case ("UK" and
// "EL", which the EU uses for the United Kingdom and Greece, read as GB and
// GR) or a country's English name exactly as ISO 3166 writes it.
func readCountry(v Value) (Value, bool) {
	if v.Kind != String {
		return v, false
	}
	s := strings.TrimSpace(v.Str)
	if len(s) == 2 {
		code := strings.ToUpper(s)
		switch code {
		case "UK":
			code = "GB"
		case "EL":
			code = "GR"
		}
		if countrySet()[code] {
			return StringValue(code), true
		}
		return v, false
	}
	if code, ok := countriesByName()[strings.ToLower(s)]; ok {
		return StringValue(code), true
	}
	return v, false
}

var countriesByName = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, len(countryNames))
	for name, code := range countryNames {
		m[strings.ToLower(name)] = code
	}
	return m
})

// currencyCode reads an ISO 4217 code in either case.
func currencyCode(s string) (string, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	return s, currencySet()[s]
}

// codeSet reads a table of space-separated codes into a set, once.
func codeSet(table string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool {
		m := map[string]bool{}
		for _, c := range strings.Fields(table) {
			m[c] = true
		}
		return m
	})
}

var countrySet, currencySet = codeSet(countryCodes), codeSet(currencyCodes)

// pathText writes a place in the normalized document: campaign.totalValue,
// sponsors[2].country; names that are not plain words are quoted.
func pathText(path []pathStep) string {
	var b strings.Builder
	for i, p := range path {
		switch {
		case p.index >= 0:
			fmt.Fprintf(&b, "[%d]", p.index)
		case isPlainName(p.key):
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(p.key)
		default:
			b.WriteByte('[')
			b.Write(AppendQuoted(nil, p.key))
			b.WriteByte(']')
		}
	}
	return b.String()
}

func isPlainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
