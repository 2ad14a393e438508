package advert

import (
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/padview/padview/api/vocab"
)

// readDate writes a date as YYYY-MM-DD and an instant as RFC 3339 (an
// instant at midnight UTC is a date). It reads dates, RFC 3339 with a T or
// a space, offsets written +hhmm ("2019-05-01T20:04:44+0000"), and Unix
// time in seconds or milliseconds, as a number or a string of digits. A
// date and time without a zone is a date all the same, kept as written:
// no zone is made up for it.
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
	t := s
	if len(t) > 10 && t[10] == ' ' {
		t = t[:10] + "T" + t[11:]
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999-0700"} {
		if tm, err := time.Parse(layout, t); err == nil {
			return StringValue(instantText(tm)), true
		}
	}
	if _, err := time.Parse("2006-01-02T15:04:05.999999999", t); err == nil {
		return StringValue(s), true // no zone: as written
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

// ReadBool reads a boolean as the normalizer does: true/false, 1/0, and a
// yes or a no in any language the vocabulary knows ("yes", "ja", "nee",
// "oui", "nein", "y", "1").
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
		if yes, ok := vocab.YesNo(v.Str); ok {
			return BoolValue(yes), true
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

// IsCurrencyCode reports whether s is an ISO 4217 code, in either case.
func IsCurrencyCode(s string) bool {
	_, ok := currencyCode(s)
	return ok
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
