package advert

import (
	"testing"
	"time"

	"github.com/padview/padview/api/vocab"
)

// Dates in every shape ReadDate reads, and in each language's month
// names: the normalized text and the text for people.
func TestReadDate(t *testing.T) {
	for _, c := range []struct {
		in, norm, shown string
	}{
		// ISO 8601 and RFC 3339, zones in every spelling
		{"2024-03-01", "2024-03-01", "2024-03-01"},
		{"2024-02-29", "2024-02-29", "2024-02-29"},
		{"2000-02-29", "2000-02-29", "2000-02-29"},
		{"2026-10-02T09:30:00Z", "2026-10-02T09:30:00Z", "2026-10-02 09:30 UTC"},
		{"2026-08-20T12:00:00+02:00", "2026-08-20T12:00:00+02:00", "2026-08-20 10:00 UTC"},
		{"2019-05-01T20:04:44+0000", "2019-05-01T20:04:44Z", "2019-05-01 20:04 UTC"},
		{"2020-09-25 16:30:00 UTC", "2020-09-25T16:30:00Z", "2020-09-25 16:30 UTC"},
		{"2020-09-25 16:30 GMT", "2020-09-25T16:30:00Z", "2020-09-25 16:30 UTC"},
		{"2020-09-25T16:30Z", "2020-09-25T16:30:00Z", "2020-09-25 16:30 UTC"},
		{"2020-09-25 16:30:00 +0200", "2020-09-25T16:30:00+02:00", "2020-09-25 14:30 UTC"},
		{"2020-09-25 16:30:00 UTC+2", "2020-09-25T16:30:00+02:00", "2020-09-25 14:30 UTC"},
		{"2020-09-25 16:30 CEST", "2020-09-25T16:30:00+02:00", "2020-09-25 14:30 UTC"},
		{"2020-09-25 16:30:00.250-05:00", "2020-09-25T16:30:00.25-05:00", "2020-09-25 21:30 UTC"},
		{"2020-09-25 16:30:00.123456 UTC", "2020-09-25T16:30:00.123456Z", "2020-09-25 16:30 UTC"},
		{"2025-03-01T00:00:00Z", "2025-03-01", "2025-03-01"},
		// slashes and dots
		{"2020/03/01 06:00:00Z", "2020-03-01T06:00:00Z", "2020-03-01 06:00 UTC"},
		{"2024/03/01", "2024-03-01", "2024-03-01"},
		{"2024.03.01", "2024-03-01", "2024-03-01"},
		{"01.03.2024", "2024-03-01", "2024-03-01"},
		{"1.3.2024", "2024-03-01", "2024-03-01"},
		{"1. 3. 2024", "2024-03-01", "2024-03-01"},
		{"01-03-2024", "2024-03-01", "2024-03-01"},
		{"01/03/2024", "2024-03-01", "2024-03-01"},
		{"25/03/2024", "2024-03-25", "2024-03-25"},
		{"03/25/2024", "2024-03-25", "2024-03-25"},
		{"01.03.2024 14:30 Uhr", "2024-03-01T14:30:00", "01.03.2024 14:30 Uhr"},
		{"01/03/2024 2:30 PM UTC", "2024-03-01T14:30:00Z", "2024-03-01 14:30 UTC"},
		// month names, a language each at least
		{"March 3, 2024", "2024-03-03", "2024-03-03"},
		{"3rd of March 2024", "2024-03-03", "2024-03-03"},
		{"Mon, 04 Mar 2024 10:00:00 GMT", "2024-03-04T10:00:00Z", "2024-03-04 10:00 UTC"},
		{"3 mrt. 2024", "2024-03-03", "2024-03-03"},
		{"1 oktober 2025", "2025-10-01", "2025-10-01"},
		{"maandag 3 maart 2025", "2025-03-03", "2025-03-03"},
		{"1. März 2024", "2024-03-01", "2024-03-01"},
		{"Freitag, 1. Maerz 2024, 18:00 Uhr MEZ", "2024-03-01T18:00:00+01:00", "2024-03-01 17:00 UTC"},
		{"15 janvier 2025", "2025-01-15", "2025-01-15"},
		{"1er août 2024", "2024-08-01", "2024-08-01"},
		{"3 marzo 2024", "2024-03-03", "2024-03-03"},
		{"1° marzo 2024", "2024-03-01", "2024-03-01"},
		{"3 de marzo de 2024", "2024-03-03", "2024-03-03"},
		{"12 maja 2024 r.", "2024-05-12", "2024-05-12"},
		{"12 października 2024", "2024-10-12", "2024-10-12"},
		{"den 3 mars 2024", "2024-03-03", "2024-03-03"},
		{"3. marts 2024", "2024-03-03", "2024-03-03"},
		{"3 de março de 2024", "2024-03-03", "2024-03-03"},
		{"1º de dezembro de 2024", "2024-12-01", "2024-12-01"},
		// Unix time
		{"1786233600", "2026-08-09", "2026-08-09"},
		{"1793577600123", "2026-11-02T00:00:00.123Z", "2026-11-02 00:00 UTC"},
	} {
		in, ok := ReadDate(StringValue(c.in))
		if !ok {
			t.Errorf("ReadDate(%q): not a date", c.in)
			continue
		}
		if got := in.Normalized(); got != c.norm {
			t.Errorf("ReadDate(%q).Normalized() = %q; want %q", c.in, got, c.norm)
		}
		if got := in.String(); got != c.shown {
			t.Errorf("ReadDate(%q).String() = %q; want %q", c.in, got, c.shown)
		}
	}
	if in, ok := ReadDate(NumberValue("1777795200")); !ok || in.Normalized() != "2026-05-03T08:00:00Z" {
		t.Errorf("Unix seconds as a number: %v %v", in.Normalized(), ok)
	}
}

// What is not a date stays unread: impossible days, two-digit years, a
// month alone, a weekday that is not the date's, words beside a date,
// numbers of other kinds.
func TestReadDateRefuses(t *testing.T) {
	for _, s := range []string{"2026-02-30", "2023-02-29", "2100-02-29", "2024-13-01", "2024-00-10", "2024-01-00", "31.04.2024", "01/09/26", "März 2024", "Dienstag, 1. März 2024",
		"1 March 2024 or later", "soon", "06-12345678", "+31 6 1234 5678", "1234 AB", "2024", "20260901",
		"01.03/2024", "3 marzo maggio 2024", "13/13/2024", "2024-03-01 25:00", "1.250,00",
		"Kerkstraat 12, 1017 GC Amsterdam", "12:30", "ISO 9001:2015"} {
		if in, ok := ReadDate(StringValue(s)); ok {
			t.Errorf("ReadDate(%q) = %q; want not a date", s, in.Normalized())
		}
	}
}

// A date alone reads its own text back: the common case costs no
// allocation (the normalizer reads every date of 10 MB answers).
func TestReadDateISOAllocatesNothing(t *testing.T) {
	v := StringValue("2024-03-01")
	if n := testing.AllocsPerRun(100, func() { _, _ = readDate(v) }); n != 0 {
		t.Errorf("readDate of an ISO date: %v allocations", n)
	}
}

// Dates are compared by day where either has no time; instants with
// zones by the instant.
func TestInstantDate(t *testing.T) {
	in, _ := ReadDate(StringValue("2024-03-01T23:30:00-02:00"))
	if in.Date() != "2024-03-02" || !in.Zoned || !in.HasTime {
		t.Errorf("a zoned instant's day is its UTC day: %s %v %v", in.Date(), in.Zoned, in.HasTime)
	}
	in, _ = ReadDate(StringValue("2024-03-01T23:30:00"))
	if in.Date() != "2024-03-01" || in.Zoned || !in.Time.Equal(time.Date(2024, 3, 1, 23, 30, 0, 0, time.UTC)) {
		t.Errorf("a time without a zone: %s %v %v", in.Date(), in.Zoned, in.Time)
	}
}

// A registration answered "not applicable", in any spelling, says the
// party is a natural person where its name has no organisation's word;
// one answered "none" only where its name is a person's (organisations
// answer "geen" too).
func TestNaturalPersonByRegistration(t *testing.T) {
	for _, c := range []struct {
		name, reg string
		want      bool
	}{
		{"Anna Fictiefsma", "nietvantoepassing", true}, {"Anna Fictiefsma", "N.V.T.", true},
		{"Jan Przykładowy", "nie dotyczy", true}, {"Sven Påhittad", "ej tillämpligt", true},
		{"Een burger spreekt", "n/a", true}, // no organisation's word: the "not applicable" decides
		{"Anna Fictiefsma", "geen", true}, {"Anna Fictiefsma", "none", true}, {"Anna Fictiefsma", "KVK 40530315", false},
		{"Fictief Fonds", "n/a", false}, {"Fictief Fonds", "geen", false}, {"Fictief Fonds", "none", false},
		{"CDA Zeeland", "n.v.t.", false}, // an acronym: an organisation
		{"Een burger spreekt", "geen", false},
	} {
		party := NewObject(Member{Key: "companyName", Value: StringValue(c.name)},
			Member{Key: "registrationNumber", Value: StringValue(c.reg)})
		if got := NaturalPerson(vocab.Builtin(), party); got != c.want {
			t.Errorf("%q, registration %q: natural person %v; want %v", c.name, c.reg, got, c.want)
		}
	}
}

// No text makes the date or the amount readers fail other than by saying
// no.
func FuzzReadDate(f *testing.F) {
	for _, s := range []string{"2020/03/01 06:00:00Z", "1. März 2024, 18:00 Uhr MEZ", "Mon, 04 Mar 2024 10:00:00 GMT",
		"01/03/2024 2:30 PM UTC+2", "12 maja 2024 r.", "ca. 20.000 € bis 30.000 €", "bis zu 5.500 EUR", "€50–€500"} {
		f.Add(s)
	}
	currency := vocab.Builtin().CurrencyByWord
	f.Fuzz(func(t *testing.T, s string) {
		if in, ok := ReadDate(StringValue(s)); ok {
			if _, err := time.Parse(time.DateOnly, in.Date()); err != nil {
				t.Errorf("ReadDate(%q) gives the day %q", s, in.Date())
			}
		}
		if p, ok := readAmountPhrase(s, currency, ""); ok && p.amount == "" && p.lower == "" && p.upper == "" {
			t.Errorf("readAmountPhrase(%q) read nothing", s)
		}
	})
}
