package text

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/currency"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

// NotDisclosed is how a null value reads to a person.
const NotDisclosed = "not disclosed"

// FormatField renders a value for a person by what its name means (the
// vocabulary's type for it): dates, money always with its currency or
// NoCurrency, yes or no. A string in a date layout reads as a date and an
// {amount, currency} object as money under any name. Anything else is
// shown as written. Null reads "not disclosed".
func FormatField(key string, v advert.Value) string {
	switch v.Kind {
	case advert.Null:
		return NotDisclosed
	case advert.Absent:
		return ""
	}
	typ, currency := vocab.Builtin().TypeOf(key)
	if s, ok := formatTyped(typ, currency, v); ok {
		return s
	}
	switch v.Kind {
	case advert.String:
		if s, ok := FormatDate(v); ok && yearFirst(v.Str) {
			return s // a string in an ISO date layout is a date whatever its name
		}
	case advert.Bool:
		return yesNo(v.Bool)
	case advert.Object:
		if s, ok := FormatAmount(v); ok {
			return s
		}
		if s, ok := formatRange(v, ""); ok {
			return s
		}
	}
	return v.Text()
}

// formatTyped writes v as a value of type typ, if it reads as one.
func formatTyped(typ vocab.Type, currency string, v advert.Value) (string, bool) {
	switch typ {
	case vocab.Date:
		return FormatDate(v)
	case vocab.Money, vocab.Benefit:
		return FormatMoney(v, currency)
	case vocab.Bool, vocab.Flag:
		if b, ok := ParseBool(v); ok {
			return yesNo(b), true
		}
	case vocab.Count:
		return formatRange(v, "")
	}
	return "", false
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// FormatDate writes a date or an instant as "2006-01-02" or "2006-01-02
// 15:04 UTC", and a date and time without a zone as written: padview does
// not make up a zone. What it reads is advert.ReadDate's: ISO 8601,
// slashes and dots, month names in the languages padview knows, Unix
// time.
func FormatDate(v advert.Value) (string, bool) {
	in, ok := advert.ReadDate(v)
	if !ok {
		return "", false
	}
	return in.String(), true
}

// yearFirst reports whether s starts as an ISO 8601 date does: a string
// under a name that says nothing of dates is read as one only in that
// form, so that a title or a note that holds a date in words stays as
// written.
func yearFirst(s string) bool {
	s = strings.TrimSpace(s)
	if len(s) < 10 || s[4] != '-' {
		return false
	}
	for _, c := range []byte(s[:4]) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// FormatDateExact is FormatDate to the second, and to the fraction of a
// second the value gives, for an instant ("2026-10-02 09:30:15 UTC",
// "2026-10-02 09:30:15.25 UTC"): what tells apart two instants that
// FormatDate writes alike, as a change of seconds. Any other date reads
// as FormatDate writes it.
func FormatDateExact(v advert.Value) (string, bool) {
	in, ok := advert.ReadDate(v)
	if !ok {
		return "", false
	}
	if !in.Zoned || !in.HasTime {
		return in.String(), true
	}
	return in.Time.UTC().Format("2006-01-02 15:04:05.999999999 UTC"), true
}

// NoCurrency follows an amount whose currency the service did not give, so
// that it never reads like one in a known currency beside it.
const NoCurrency = "(currency not stated)"

// FormatMoney writes a value the vocabulary reads as money, always with
// its currency: an amount or range as the normalizer writes it, or a bare
// number in the currency its name gives ("totale_waarde_campagne_euro")
// or else followed by NoCurrency.
func FormatMoney(v advert.Value, currency string) (string, bool) {
	switch v.Kind {
	case advert.Number, advert.String:
		num, ok := FormatAmount(v)
		switch {
		case !ok && currency != "" && v.Kind == advert.String:
			return currency + " " + v.Str, true // not a number padview reads, but its currency is known
		case !ok:
			return "", false
		case strings.Contains(num, " "):
			return num, true // "EUR 12,500.00": it says its currency
		case currency != "":
			return currency + " " + minorUnits(num, currency), true
		}
		return num + " " + NoCurrency, true // its minor units unknown: the digits as sent
	case advert.Object:
		if s, ok := FormatAmount(v); ok {
			return s, true
		}
		return formatRange(v, NoCurrency)
	}
	return "", false
}

// FormatAmount reads money as the normalizer writes it, {"amount":
// "<decimal>", "currency": "<ISO 4217>" or null} (and the {value,
// currency} shape besides), and writes it with thousands separators, the
// decimals its currency uses (minorUnits) and always its currency: "EUR
// 12,500.00", "JPY 5,000", or "12,500 (currency not stated)" with the
// digits as sent. A bare number or numeric string is grouped as written,
// and "EUR 12500" reads as money too.
func FormatAmount(v advert.Value) (string, bool) {
	switch v.Kind {
	case advert.Number:
		return groupDigits(v.Str), true
	case advert.String:
		s := strings.TrimSpace(v.Str)
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			return groupDigits(s), true
		}
		if cur, num, ok := strings.Cut(s, " "); ok && len(cur) == 3 {
			if _, err := strconv.ParseFloat(num, 64); err == nil {
				return cur + " " + minorUnits(groupDigits(num), cur), true
			}
		}
	case advert.Object:
		amount, cur, ok := moneyParts(v)
		if !ok {
			return "", false
		}
		if amount.Kind == advert.Null {
			return NotDisclosed, true
		}
		num, ok := FormatAmount(amount)
		switch {
		case !ok && amount.Kind == advert.String:
			num = amount.Str // kept as sent: an amount padview could not read, with its currency
		case !ok || amount.Kind == advert.String && strings.Contains(num, " "):
			return "", false
		default:
			num = minorUnits(num, currencyCode(cur))
		}
		return approximately(v) + withCurrency(num, cur, NoCurrency), true
	}
	return "", false
}

// approximately is "about " for money read from words that said it is
// approximate ("ca. 20.000 €": advert.ApproximateKey), else "".
func approximately(v advert.Value) string {
	if a, ok := v.Get(advert.ApproximateKey); ok && a.Kind == advert.Bool && a.Bool {
		return "about "
	}
	return ""
}

// withCurrency writes an amount after its currency, or before none, a
// note saying so where there is one.
func withCurrency(num string, cur advert.Value, none string) string {
	if cur.Kind == advert.String && strings.TrimSpace(cur.Str) != "" {
		return cur.Str + " " + num
	}
	if none == "" {
		return num
	}
	return num + " " + none
}

// currencyCode is the code a money object's currency member gives, or ""
// where it gives none.
func currencyCode(cur advert.Value) string {
	if cur.Kind != advert.String {
		return ""
	}
	return strings.TrimSpace(cur.Str)
}

// minorUnits writes an amount grouped by groupDigits with the decimals
// its currency uses, its ISO 4217 minor units as golang.org/x/text/currency
// has them (EUR 2, JPY 0, BHD 3), so that every amount in one currency on
// a screen reads alike: "EUR 30,000.00" beside "EUR 48,250.00". Zeros are
// only ever added, never a digit dropped: "1,234.5" in EUR reads
// "1,234.50", "1,234.567" stays as sent, and so does "5,000.00" in JPY.
// An amount whose currency padview does not know (none, "XXX", a code it
// cannot read) keeps its digits as sent, as does anything but a grouped
// decimal.
func minorUnits(num, code string) string {
	if len(code) != 3 {
		return num
	}
	unit, err := currency.ParseISO(code)
	if err != nil || unit == currency.XXX {
		return num
	}
	scale, _ := currency.Standard.Rounding(unit)
	whole, frac, _ := strings.Cut(strings.TrimPrefix(num, "-"), ".")
	if whole == "" || strings.Trim(whole, "0123456789,") != "" || strings.Trim(frac, "0123456789") != "" {
		return num
	}
	if len(frac) >= scale {
		return num // every digit sent is kept, even a zero: "1.250" may be a thousand written the German way
	}
	if !strings.Contains(num, ".") {
		num += "."
	}
	return num + strings.Repeat("0", scale-len(frac))
}

// moneyParts finds the amount and the currency of a money object.
func moneyParts(v advert.Value) (amount, currency advert.Value, ok bool) {
	parts := vocab.Builtin()
	hasCurrency := false
	for _, m := range v.Members() {
		switch parts.MoneyPart(m.Key) {
		case "amount":
			if !amount.IsPresent() || m.Key == "amount" {
				amount = m.Value
			}
		case "currency":
			currency, hasCurrency = m.Value, true
		}
	}
	if !amount.IsPresent() || !hasCurrency && v.Len() > 1 {
		return amount, currency, false
	}
	return amount, currency, true
}

// formatRange writes a range of amounts or counts ({"lowerBound",
// "upperBound", "currency"}, and the lower_bound/upper_bound shape besides)
// as "EUR 100.00–199.00" (both ends with their currency's decimals, by
// minorUnits), "1,000 or more", "up to 99", "about" before a range read
// from words that said so; none follows an amount without a currency.
func formatRange(v advert.Value, none string) (string, bool) {
	var lower, upper, cur advert.Value
	parts := vocab.Builtin()
	for _, m := range v.Members() {
		if m.Key == advert.ApproximateKey {
			continue
		}
		switch parts.MoneyPart(m.Key) {
		case "lower":
			lower = m.Value
		case "upper":
			upper = m.Value
		case "currency":
			cur = m.Value
		default:
			return "", false
		}
	}
	lo, loOK := FormatAmount(lower)
	hi, hiOK := FormatAmount(upper)
	lo, hi = minorUnits(lo, currencyCode(cur)), minorUnits(hi, currencyCode(cur)) // both ends alike
	if !cur.IsPresent() {
		none = "" // a count, or a range that has no currency member at all
	}
	about := approximately(v)
	switch {
	case loOK && hiOK:
		return about + withCurrency(lo+"–"+hi, cur, none), true
	case loOK:
		return about + withCurrency(lo, cur, none) + " or more", true
	case hiOK:
		return "up to " + about + withCurrency(hi, cur, none), true
	}
	return "", false
}

// IsAmount reports whether an object is money and nothing else (an
// amount, or a range, and a currency), so that it shows as one value, not
// a tree; money with further members shows as a tree, so that none of them
// is hidden.
func IsAmount(v advert.Value) bool {
	if v.Kind != advert.Object {
		return false
	}
	n := v.Len()
	if approximately(v) != "" {
		n-- // shown as "about"
	}
	if n > 3 {
		return false
	}
	if _, ok := FormatAmount(v); ok && n <= 2 {
		return true
	}
	_, ok := formatRange(v, "")
	return ok
}

// groupDigits adds thousands separators to a decimal literal, keeping its
// fraction as written. Exponent forms are written out in full.
func groupDigits(s string) string {
	if strings.ContainsAny(s, "eE") {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(f, 0) || math.Abs(f) >= 1e21 {
			return s
		}
		s = strconv.FormatFloat(f, 'f', -1, 64)
	}
	sign := ""
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		sign, s = s[:1], s[1:]
		if sign == "+" {
			sign = ""
		}
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	out := sign + b.String()
	if hasFrac {
		out += "." + frac
	}
	return out
}

// ParseBool reads a yes or a no as the normalizer does, in any language
// the vocabulary knows: what it reads as a boolean in the fields it types.
func ParseBool(v advert.Value) (bool, bool) {
	b, ok := advert.ReadBool(v)
	return b.Bool, ok
}

// PartyName is how a sponsor or controller is called in a list: the first
// of the names it goes by (vocab.SetNames: its name, company name, legal
// name), else a person's names (vocab.SetPersonName) in their order, else
// its id (an id sent, or the key of a collection keyed by ids), each under
// any name the vocabulary knows for it.
func PartyName(v advert.Value) string {
	switch v.Kind {
	case advert.String, advert.Number:
		return v.Str
	case advert.Object:
	default:
		return v.Text()
	}
	n := readNaming(vocab.Builtin(), v)
	switch {
	case n.name != "":
		return n.name
	case n.person != "":
		return n.person
	case n.hasID:
		return n.id.Text()
	}
	return "(unnamed)"
}

// maxPersonParts bounds the person's names PartyName joins (first, middle,
// last, …): a vocabulary's set longer than this is read to its bound.
const maxPersonParts = 8

// naming is what PartyName reads of a party.
type naming struct {
	name, person string
	nameKey      string // the member name is read from
	id           advert.Value
	hasID        bool
}

// readNaming reads a party's names in one pass over its members, the first
// member for each field, with no map: a check reads the name of every one
// of 50,000 sponsors.
func readNaming(vc *vocab.Vocabulary, v advert.Value) naming {
	names, person := vc.Set(vocab.SetNames), vc.Set(vocab.SetPersonName)
	id, _ := vc.Field("party.id")
	var out naming
	nameRank := len(names)
	var parts [maxPersonParts]string
	var seen [maxPersonParts]bool
	for _, m := range v.Members() {
		mean := vc.Lookup(vocab.Sponsors, m.Key)
		if mean.Kind != vocab.FieldName || mean.Field.Group != "party" {
			continue
		}
		f, given := mean.Field, givenText(m.Value)
		if r := slices.Index(names, f); r >= 0 && r < nameRank && given != "" {
			out.name, out.nameKey, nameRank = m.Value.Str, m.Key, r
		}
		if r := slices.Index(person, f); r >= 0 && r < maxPersonParts && !seen[r] {
			seen[r], parts[r] = true, given
		}
		if f == id && !out.hasID && m.Value.Kind != advert.Null {
			out.id, out.hasID = m.Value, true
		}
	}
	out.person = joinNonEmpty(parts[:])
	return out
}

// givenText is a string value trimmed; "" for any other kind.
func givenText(v advert.Value) string {
	if v.Kind != advert.String {
		return ""
	}
	return strings.TrimSpace(v.Str)
}

// joinNonEmpty joins the non-empty parts with a space.
func joinNonEmpty(parts []string) string {
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p)
	}
	return b.String()
}

// IsScalarList reports whether an array holds no objects or arrays, so that
// it can be shown on one line.
func IsScalarList(v advert.Value) bool { return advert.IsScalarList(v) }

// FormatSize writes a byte count for people: "812 B", "2.3 KiB", "1.2 MiB".
func FormatSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
