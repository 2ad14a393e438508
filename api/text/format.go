package text

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/padview/padview/api/advert"
)

// NotDisclosed is how a null value reads to a person.
const NotDisclosed = "not disclosed"

// personalMarkers are fragments of folded member names that carry personal
// data in the sense of the spec: emails, phone numbers and full addresses.
var personalMarkers = []string{"email", "phone", "mobile", "telephone", "fax",
	"street", "address", "postalcode", "postcode", "zip", "birth", "passport", "nationalid",
	"taxid", "iban", "personalid"}

// IsPersonalField reports whether a member name holds personal data (email,
// phone, street address and the like), so that a UI can mark or mask it.
func IsPersonalField(key string) bool {
	f := advert.FoldKey(key)
	for _, p := range personalMarkers {
		if strings.Contains(f, p) {
			return true
		}
	}
	return false
}

// FormatField renders a value for a person, reading the member name for
// hints: dates for *Date/*At/*On fields, amounts for value/amount/spend
// fields, booleans for is*/has* fields. Anything it does not recognize is
// shown as written. Null reads "not disclosed".
func FormatField(key string, v advert.Value) string {
	switch v.Kind {
	case advert.Null:
		return NotDisclosed
	case advert.Absent:
		return ""
	}
	f := advert.FoldKey(key)
	// A string in a date layout is a date whatever its name; a number is
	// read as an epoch only where the name says it is a date.
	if isDateName(f) || v.Kind == advert.String {
		if s, ok := FormatDate(v); ok && (isDateName(f) || !isNumeric(v.Str)) {
			return s
		}
	}
	if isAmountName(f) {
		if s, ok := FormatAmount(v); ok {
			return s
		}
	}
	if v.Kind == advert.Bool || strings.HasPrefix(f, "is") || strings.HasPrefix(f, "has") {
		if b, ok := ParseBool(v); ok {
			return yesNo(b)
		}
	}
	if v.Kind == advert.Object && (isAmountName(f) || hasCurrency(v)) {
		if s, ok := FormatAmount(v); ok {
			return s
		}
	}
	return v.Text()
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func isNumeric(s string) bool {
	_, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return err == nil
}

func isDateName(f string) bool {
	for _, s := range []string{"updated", "published", "created", "modified", "expires"} {
		if strings.HasSuffix(f, s) {
			return true
		}
	}
	return strings.HasSuffix(f, "date") || strings.HasSuffix(f, "at") && len(f) > 4 ||
		strings.HasSuffix(f, "on") && (strings.HasPrefix(f, "start") || strings.HasPrefix(f, "end") ||
			strings.HasSuffix(f, "edon")) || strings.HasSuffix(f, "time") || strings.HasSuffix(f, "timestamp")
}

func isAmountName(f string) bool {
	for _, s := range []string{"value", "amount", "spend", "cost", "price", "budget", "total"} {
		if strings.Contains(f, s) {
			return true
		}
	}
	return false
}

func hasCurrency(v advert.Value) bool {
	_, ok := v.Get("currency")
	return ok
}

// FormatDate reads a date-only string, an RFC 3339 timestamp, or epoch
// seconds or milliseconds (told apart by size), and writes it as
// "2006-01-02" or "2006-01-02 15:04 UTC".
func FormatDate(v advert.Value) (string, bool) {
	switch v.Kind {
	case advert.String:
		s := strings.TrimSpace(v.Str)
		if s == "" || s[0] < '0' || s[0] > '9' {
			return "", false // every layout starts with the year, an epoch with a digit: names, cities and phones are not parsed
		}
		if t, err := time.Parse("2006-01-02", s); err == nil {
			return t.Format("2006-01-02"), true
		}
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05"} {
			if t, err := time.Parse(layout, s); err == nil {
				return formatInstant(t), true
			}
		}
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return formatEpoch(n)
		}
	case advert.Number:
		if n, err := strconv.ParseInt(v.Str, 10, 64); err == nil {
			return formatEpoch(n)
		}
	}
	return "", false
}

func formatEpoch(n int64) (string, bool) {
	switch {
	case n > 1e11 && n < 1e14: // milliseconds: 1973 to 5138
		return formatInstant(time.UnixMilli(n)), true
	case n > 1e8 && n < 1e11: // seconds: 1973 to 5138
		return formatInstant(time.Unix(n, 0)), true
	}
	return "", false
}

func formatInstant(t time.Time) string {
	t = t.UTC()
	if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0 {
		return t.Format("2006-01-02")
	}
	return t.Format("2006-01-02 15:04 UTC")
}

// NoCurrency follows an amount whose currency the service did not give, so
// that it never reads like one in a known currency beside it.
const NoCurrency = "(currency not stated)"

// FormatAmount reads money as the normalizer writes it, {"amount":
// "<decimal>", "currency": "<ISO 4217>" or null} (and the {value,
// currency} shape besides), and writes it with thousands separators and
// always its currency: "EUR 12,500.00", or "12,500.00 (currency not
// stated)". A bare number or numeric string is grouped as written, and
// "EUR 12500" reads as money too.
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
				return cur + " " + groupDigits(num), true
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
		if !ok || amount.Kind == advert.String && strings.Contains(num, " ") {
			return "", false
		}
		if cur.Kind == advert.String && strings.TrimSpace(cur.Str) != "" {
			return cur.Str + " " + num, true
		}
		return num + " " + NoCurrency, true
	}
	return "", false
}

// moneyParts finds the amount and the currency of a money object.
func moneyParts(v advert.Value) (amount, currency advert.Value, ok bool) {
	for _, k := range []string{"amount", "value", "total", "sum"} {
		if a, found := v.Get(k); found {
			amount = a
			break
		}
	}
	currency, hasCurrency := v.Get("currency")
	if !amount.IsPresent() || !hasCurrency && v.Len() > 1 {
		return amount, currency, false
	}
	return amount, currency, true
}

// IsAmount reports whether an object is money and nothing else (an
// amount and a currency), so that it shows as one value, not a tree; money
// with further members shows as a tree, so that none of them is hidden.
func IsAmount(v advert.Value) bool {
	if v.Kind != advert.Object || v.Len() > 2 {
		return false
	}
	_, ok := FormatAmount(v)
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

// ParseBool reads true/false, "yes"/"no", "y"/"n", "true"/"false", 1/0:
// what the normalizer reads as a boolean in the fields it types.
func ParseBool(v advert.Value) (bool, bool) {
	b, ok := advert.ReadBool(v)
	return b.Bool, ok
}

// PartyName is how a sponsor or controller is called in a list: its name,
// else its company or legal name, else first and last name, else its id.
func PartyName(v advert.Value) string {
	switch v.Kind {
	case advert.String, advert.Number:
		return v.Str
	case advert.Object:
	default:
		return v.Text()
	}
	for _, k := range []string{"name", "companyName", "legalName", "displayName", "organisation", "organization"} {
		if n, ok := v.Get(k); ok && n.Kind == advert.String && strings.TrimSpace(n.Str) != "" {
			return n.Str
		}
	}
	first, _ := v.Get("firstName")
	last, _ := v.Get("lastName")
	if full := strings.TrimSpace(first.Str + " " + last.Str); full != "" {
		return full
	}
	for _, k := range []string{"id", "key"} {
		if n, ok := v.Get(k); ok && n.Kind != advert.Null {
			return n.Text()
		}
	}
	return "(unnamed)"
}

// IsScalarList reports whether an array holds no objects or arrays, so that
// it can be shown on one line.
func IsScalarList(v advert.Value) bool {
	for _, it := range v.Items() {
		if it.Kind == advert.Object || it.Kind == advert.Array {
			return false
		}
	}
	return true
}

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
