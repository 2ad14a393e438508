package advert

import (
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/padview/padview/api/vocab"
)

// readDate writes a date as the normalizer does: YYYY-MM-DD, an instant as
// RFC 3339 in the offset written (an instant at midnight UTC is a date), a
// date and time without a zone as written where it is ISO 8601, else as
// YYYY-MM-DDThh:mm:ss: no zone is made up for it. See ReadDate for what
// it reads.
func readDate(v Value) (Value, bool) {
	if v.Kind == String && len(v.Str) == 10 && isISODay(v.Str) {
		_, ok := isoDay(v.Str) // the common case, without building an Instant
		return v, ok
	}
	in, ok := ReadDate(v)
	if !ok {
		return v, false
	}
	return StringValue(in.Normalized()), true
}

// Instant is a date, or a date and a time, as ReadDate reads it.
type Instant struct {
	// Time is the instant in the offset it was written with. A date alone
	// is its midnight in UTC; a time without a zone is its wall clock read
	// as if in UTC, to be compared only with another such (Zoned says
	// which).
	Time time.Time
	// HasTime says a time of day was written; an instant at midnight UTC
	// is a date.
	HasTime bool
	// Zoned says the zone is known: written, or Unix time.
	Zoned bool

	written string // a date and time without a zone, as written
	norm    string // the normalized text where it is the text as written
}

// Date is the day: of a zoned instant in UTC, else as written.
func (in Instant) Date() string {
	if in.Zoned {
		return in.Time.UTC().Format(time.DateOnly)
	}
	return in.Time.Format(time.DateOnly)
}

// Normalized is the instant as the normalized document writes it (see
// readDate).
func (in Instant) Normalized() string {
	switch {
	case in.norm != "":
		return in.norm
	case !in.HasTime:
		return in.Time.Format(time.DateOnly)
	case in.Zoned:
		return instantText(in.Time)
	}
	return in.Time.Format("2006-01-02T15:04:05.999999999")
}

// String is the instant for people: "2006-01-02", "2006-01-02 15:04 UTC",
// or a date and time without a zone as written.
func (in Instant) String() string {
	switch {
	case !in.HasTime:
		return in.Date()
	case in.Zoned:
		return in.Time.UTC().Format("2006-01-02 15:04 UTC")
	}
	return in.written
}

// maxDateText bounds the text ReadDate reads: the longest date written in
// words with a time and a zone is well within it.
const maxDateText = 100

// ReadDate reads a date or an instant in any common spelling; it is the one
// reader of dates, for the normalizer, the display and the check:
//
//   - ISO 8601 and RFC 3339, with a T or a space, zones written Z, UTC,
//     GMT, +hh:mm, +hhmm or +hh ("2020-09-25 16:30:00 UTC",
//     "2019-05-01T20:04:44+0000"), seconds and fractions optional;
//   - numbers with slashes, dots or hyphens: year first ("2020/03/01
//     06:00:00Z", "2024.03.01"), or day first with a four-digit year
//     ("01.03.2024", "1.3.2024", "01-03-2024", "01/03/2024"), as all
//     ten languages padview knows write dates. Only with slashes and where
//     the second number cannot be a month ("03/25/2024") is the month read
//     first. Two-digit years are not read: their century is a guess;
//   - month names and abbreviations in those languages, the day and a
//     four-digit year in either order ("1. März 2024", "12 maja 2024 r.",
//     "3 de marzo de 2024", "March 3, 2024", "3 mrt. 2024"), a weekday
//     written beside them only where it is the date's own;
//   - a time after any of these ("14:30", "2:30 PM", "14:30:05 CET");
//   - Unix time in seconds or milliseconds, as a number or a string of
//     digits, told apart by size (1973 to 5138).
//
// Impossible dates ("2026-02-30") are not dates. The words are the
// vocabulary's (vocab.DateWord).
func ReadDate(v Value) (Instant, bool) {
	switch v.Kind {
	case Number:
		return unixInstant(v.Str)
	case String:
		return readDateText(strings.TrimSpace(v.Str))
	}
	return Instant{}, false
}

// readDateText reads a trimmed text: the ISO forms first, on a path that
// costs no allocation for a date, then numbers, then the rest.
func readDateText(s string) (Instant, bool) {
	if len(s) < 6 || len(s) > maxDateText {
		return Instant{}, false
	}
	if isISODay(s) {
		if len(s) == 10 {
			t, ok := isoDay(s)
			return Instant{Time: t, norm: s}, ok
		}
		if in, ok := readISOInstant(s); ok {
			return in, true
		}
	}
	if allDigits(s) {
		return unixInstant(s)
	}
	return readDateWords(s)
}

// isISODay reports whether s starts with YYYY-MM-DD.
func isISODay(s string) bool {
	return len(s) >= 10 && allDigits(s[:4]) && s[4] == '-' && allDigits(s[5:7]) && s[7] == '-' && allDigits(s[8:10])
}

// isoDay reads YYYY-MM-DD (isISODay says it has that form) as its
// midnight in UTC, for less than time.Parse costs; ok is false for a day
// no month has ("2026-02-30").
func isoDay(s string) (time.Time, bool) {
	num := func(a, b int) int {
		n := 0
		for i := a; i < b; i++ {
			n = n*10 + int(s[i]-'0')
		}
		return n
	}
	y, m, d := num(0, 4), num(5, 7), num(8, 10)
	if m < 1 || m > 12 || d < 1 || d > daysIn(y, m) {
		return time.Time{}, false
	}
	return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC), true
}

// daysIn is the number of days of month m of year y.
func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// readISOInstant reads RFC 3339 with a T or a space, an offset written
// +hhmm, and an ISO date and time without a zone (kept as written).
func readISOInstant(s string) (Instant, bool) {
	if s[10] != 'T' && s[10] != ' ' {
		return Instant{}, false
	}
	t := s
	if s[10] == ' ' {
		t = s[:10] + "T" + s[11:]
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999-0700"} {
		if tm, err := time.Parse(layout, t); err == nil {
			return zoned(tm), true
		}
	}
	if tm, err := time.Parse("2006-01-02T15:04:05.999999999", t); err == nil {
		return Instant{Time: tm, HasTime: true, written: s, norm: s}, true
	}
	return Instant{}, false
}

// zoned is an instant whose zone is known: at midnight UTC, a date.
func zoned(tm time.Time) Instant {
	_, off := tm.Zone()
	if off == 0 {
		tm = tm.UTC()
		if tm.Hour() == 0 && tm.Minute() == 0 && tm.Second() == 0 && tm.Nanosecond() == 0 {
			return Instant{Time: tm, Zoned: true}
		}
	}
	return Instant{Time: tm, HasTime: true, Zoned: true}
}

func unixInstant(lit string) (Instant, bool) {
	n, err := strconv.ParseInt(lit, 10, 64)
	switch {
	case err != nil:
		return Instant{}, false
	case n >= 1e8 && n < 1e11: // seconds: 1973 to 5138
		return zoned(time.Unix(n, 0).UTC()), true
	case n >= 1e11 && n < 1e14: // milliseconds: 1973 to 5138
		return zoned(time.UnixMilli(n).UTC()), true
	}
	return Instant{}, false
}

func instantText(tm time.Time) string {
	if _, off := tm.Zone(); off == 0 {
		tm = tm.UTC()
		if tm.Hour() == 0 && tm.Minute() == 0 && tm.Second() == 0 && tm.Nanosecond() == 0 {
			return tm.Format(time.DateOnly)
		}
	}
	return tm.Format(time.RFC3339Nano)
}

// dateToken is a piece of a date written other than in ISO 8601: a run
// of digits, a run of letters, or one other character (spaces are none:
// space says a token ends).
type dateToken struct {
	kind  byte // 'd' digits, 'w' a word, else the character itself (ASCII; 0 beyond)
	text  string
	n     int  // the number, for digits
	glued bool // no space before it
}

// tokenizeDate splits a date into tokens; false for text no date holds (a
// character beyond ASCII that is neither a letter nor a space).
func tokenizeDate(s string) ([]dateToken, bool) {
	var out []dateToken
	glued := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r >= '0' && r <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(s[i:j])
			if err != nil || j-i > 9 { // a fraction of a second has up to nine
				return nil, false
			}
			out = append(out, dateToken{kind: 'd', text: s[i:j], n: n, glued: glued})
			i, glued = j, true
			continue
		case unicode.IsLetter(r):
			j := i
			for j < len(s) {
				r, size := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r) {
					break
				}
				j += size
			}
			out = append(out, dateToken{kind: 'w', text: s[i:j], glued: glued})
			i, glued = j, true
			continue
		case unicode.IsSpace(r):
			glued = false
		case r == '°': // "1° marzo": an ordinal's mark, as "º" is
		case r < utf8.RuneSelf:
			out = append(out, dateToken{kind: byte(r), text: s[i : i+size], glued: glued})
			glued = true
		case r == '\u2212' || r == '\u2013': // a minus sign, an en dash: a sign or a hyphen
			out = append(out, dateToken{kind: '-', text: s[i : i+size], glued: glued})
			glued = true
		default:
			return nil, false
		}
		i += size
	}
	return out, true
}

// clock is a time of day read from a date's tokens, and its zone.
type clock struct {
	hour, min, sec, nsec int
	zone                 *time.Location // nil: none written
}

// readDateWords reads a date written with numbers and separators or with
// the name of its month, and a time if one is written (see ReadDate).
func readDateWords(s string) (Instant, bool) {
	toks, ok := tokenizeDate(s)
	if !ok {
		return Instant{}, false
	}
	var c clock
	hasTime := false
	for i := range toks {
		if start, end, ck, ok := readClock(toks, i); ok {
			c, hasTime = ck, true
			toks = append(toks[:start:start], toks[end:]...)
			break
		}
	}
	y, m, d, ok := readDay(toks)
	if !ok {
		return Instant{}, false
	}
	loc := c.zone
	if loc == nil {
		loc = time.UTC
	}
	t := time.Date(y, time.Month(m), d, c.hour, c.min, c.sec, c.nsec, loc)
	if t.Year() != y || int(t.Month()) != m || t.Day() != d {
		return Instant{}, false // 30 February
	}
	switch {
	case c.zone != nil:
		return zoned(t), true
	case hasTime:
		return Instant{Time: t, HasTime: true, written: s}, true
	}
	return Instant{Time: t}, true
}

// readClock reads a time of day starting at token i: hh:mm, then :ss and
// a fraction, AM or PM, a zone (Z, UTC, GMT, a European zone's
// abbreviation, an offset); start and end are the tokens it spans, a T
// glued before it included.
func readClock(toks []dateToken, i int) (start, end int, c clock, ok bool) {
	at := func(j int, kind byte) bool { return j < len(toks) && toks[j].kind == kind }
	num := func(j, width int) bool { return at(j, 'd') && len(toks[j].text) == width && toks[j].glued }
	if !at(i, 'd') || len(toks[i].text) > 2 || !at(i+1, ':') || !toks[i+1].glued || !num(i+2, 2) {
		return 0, 0, clock{}, false
	}
	start, c.hour, c.min = i, toks[i].n, toks[i+2].n
	j := i + 3
	if at(j, ':') && toks[j].glued && num(j+1, 2) {
		c.sec = toks[j+1].n
		j += 2
		if (at(j, '.') || at(j, ',')) && toks[j].glued && at(j+1, 'd') && toks[j+1].glued {
			frac := toks[j+1].text + "000000000"
			c.nsec, _ = strconv.Atoi(frac[:9])
			j += 2
		}
	}
	if start > 0 && toks[start-1].kind == 'w' && strings.EqualFold(toks[start-1].text, "T") && toks[start].glued {
		start--
	}
	if at(j, 'w') {
		switch strings.ToLower(toks[j].text) {
		case "am", "pm":
			if c.hour < 1 || c.hour > 12 {
				return 0, 0, clock{}, false
			}
			c.hour %= 12
			if strings.EqualFold(toks[j].text, "pm") {
				c.hour += 12
			}
			j++
		}
	}
	if at(j, 'w') && at(j+1, 'w') {
		if _, _, filler := vocab.DateWord(toks[j].text); filler {
			if _, zone := zoneOffsets[strings.ToLower(toks[j+1].text)]; zone {
				j++ // "18:00 Uhr MEZ"
			}
		}
	}
	j, c.zone, ok = readZone(toks, j)
	if !ok || c.hour > 23 || c.min > 59 || c.sec > 59 {
		return 0, 0, clock{}, false
	}
	return start, j, c, true
}

// zoneOffsets are the zones a date may name by abbreviation, by their
// offset from UTC in hours: UTC's names, and the fixed zones of the EU
// (MEZ and MESZ are CET and CEST in German).
var zoneOffsets = map[string]int{"z": 0, "utc": 0, "gmt": 0, "ut": 0, "wet": 0, "west": 1, "cet": 1, "cest": 2,
	"mez": 1, "mesz": 2, "eet": 2, "eest": 3}

// readZone reads a zone at token j, if any: a name, an offset (+hh,
// +hhmm, +hh:mm), or a name and an offset ("UTC+2"); ok is false for an
// offset that is not one.
func readZone(toks []dateToken, j int) (int, *time.Location, bool) {
	offset, named := 0, false
	if j < len(toks) && toks[j].kind == 'w' {
		if h, ok := zoneOffsets[strings.ToLower(toks[j].text)]; ok {
			offset, named = h*3600, true
			j++
		}
	}
	if j+1 < len(toks) && (toks[j].kind == '+' || toks[j].kind == '-') && toks[j+1].kind == 'd' && toks[j+1].glued {
		sign, h, m := 1, toks[j+1].n, 0
		if toks[j].kind == '-' {
			sign = -1
		}
		switch len(toks[j+1].text) {
		case 1, 2:
			j += 2
			if j+1 < len(toks) && toks[j].kind == ':' && toks[j+1].kind == 'd' && len(toks[j+1].text) == 2 {
				m = toks[j+1].n
				j += 2
			}
		case 4:
			h, m = h/100, h%100
			j += 2
		default:
			return j, nil, false
		}
		if h > 14 || m > 59 {
			return j, nil, false
		}
		offset += sign * (h*3600 + m*60)
		named = true
	}
	if !named {
		return j, nil, true
	}
	if offset == 0 {
		return j, time.UTC, true
	}
	return j, time.FixedZone("", offset), true
}

// readDay reads the day of a date's tokens, its time taken out: numbers
// with one kind of separator, or a month's name with a day and a year;
// every other word must be a weekday (the date's own) or a word dates
// hold ("de", "r.", "the").
func readDay(toks []dateToken) (y, m, d int, ok bool) {
	var nums []dateToken
	var seps []byte // the separator before each number but the first
	month, weekday, months := 0, 0, 0
	var last byte
	for _, t := range toks {
		switch t.kind {
		case 'd':
			if len(nums) > 0 {
				seps = append(seps, last)
			}
			nums = append(nums, t)
			last = 0
		case 'w':
			mo, wd, filler := vocab.DateWord(t.text)
			switch {
			case mo > 0:
				month, months = mo, months+1
			case wd > 0 && weekday == 0:
				weekday = wd
			case !filler:
				return 0, 0, 0, false
			}
			last = 'w'
		case '.', ',', '/', '-', '\'':
			if last == 0 {
				last = t.kind
			} else {
				last = 'x' // two separators in a row
			}
		default:
			return 0, 0, 0, false
		}
	}
	switch {
	case months > 1 || len(nums) != 3 && months == 0 || len(nums) != 2 && months == 1:
		return 0, 0, 0, false
	case months == 1:
		y, d, ok = yearAndDay(nums[0], nums[1])
		m = month
	default:
		y, m, d, ok = numericDay(nums, seps)
	}
	if ok && weekday > 0 {
		t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
		ok = (int(t.Weekday())+6)%7+1 == weekday
	}
	return y, m, d, ok
}

// yearAndDay reads the two numbers beside a month's name: a four-digit
// year and a day, in either order.
func yearAndDay(a, b dateToken) (y, d int, ok bool) {
	if len(a.text) == 4 {
		a, b = b, a
	}
	if len(b.text) != 4 || len(a.text) > 2 || a.n < 1 || a.n > 31 {
		return 0, 0, false
	}
	return b.n, a.n, true
}

// numericDay reads three numbers with one separator between them: year
// first, or day first with a four-digit year (month first only with
// slashes where the second number cannot be a month).
func numericDay(nums []dateToken, seps []byte) (y, m, d int, ok bool) {
	if seps[0] != seps[1] || seps[0] != '.' && seps[0] != '/' && seps[0] != '-' {
		return 0, 0, 0, false
	}
	a, b, c := nums[0], nums[1], nums[2]
	switch {
	case len(a.text) == 4 && len(b.text) <= 2 && len(c.text) <= 2:
		return a.n, b.n, c.n, true
	case len(c.text) != 4 || len(a.text) > 2 || len(b.text) > 2:
		return 0, 0, 0, false
	case seps[0] == '/' && b.n > 12 && a.n <= 12:
		return c.n, a.n, b.n, true // 03/25/2024: only the month can come first
	}
	return c.n, b.n, a.n, true
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
