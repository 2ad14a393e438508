package advert

import (
	"fmt"
	"strings"
	"testing"
)

// benchBody is a full-view answer of about n bytes, mostly sponsors (as in
// the largest real advertisements), with names beyond ASCII, an invisible
// character and a control character for the quoting's slow paths.
func benchBody(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"paid":"AB12CD","advertiser":{"companyName":"Riverside"},"sponsors":[`)
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"Donor %d","city":"Łódź","note":"a\u200bb\tc","contribution":{"amount":%d,"currency":"EUR"},"tags":["a",null,true]}`, i, i%95)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// BenchmarkParseValue is the parser alone on a 1 MB answer: a figure for
// parser.parse, which is kept whole for speed.
func BenchmarkParseValue(b *testing.B) {
	body := benchBody(1 << 20)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseValue(body); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParsedAppendJSON writes a parsed 1 MB answer back as JSON: a
// figure for writeJSON and AppendQuoted.
func BenchmarkParsedAppendJSON(b *testing.B) {
	body := benchBody(1 << 20)
	v, err := ParseValue(body)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	buf := make([]byte, 0, 2*len(body))
	for b.Loop() {
		buf = v.AppendJSON(buf[:0])
	}
}

// valuesBody is an answer of about n bytes whose sponsors carry the values
// the typer reads from text: a date, an instant, a yes or no, an amount
// written as text, and the campaign a period and a range in words.
func valuesBody(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"paid":"AB12CD","campaign":{"startDate":"2026-09-01","endDate":"2026-10-02T09:30:00Z",` +
		`"totalValue":"ca. 20.000 € bis 30.000 €"},"sponsors":[`)
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"Donor %d","birthDate":"19%02d-0%d-1%d","naturalPerson":"ja","contribution":"%d.250,00 €"}`,
			i, i%100, 1+i%9, i%10, 1+i%95)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// BenchmarkNormalizeValues is the normalizer on a 1 MB answer of typed
// values: a figure for the date, boolean and amount readers' common paths.
func BenchmarkNormalizeValues(b *testing.B) {
	body := valuesBody(1 << 20)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Normalize(body, "AB12CD", Full); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadPartyText reads one sponsor's text block of six lines: a
// figure for an answer that sends thousands of sponsors so.
func BenchmarkReadPartyText(b *testing.B) {
	s := "CDU Kreisverband Beispielpfalz\nLuisenstraße 39\n66953 Pirmasens\nE-Mail: info@cdu-bsp.example\n" +
		"Tel.: 06331 123456\nvertreten durch den Kreisvorsitzenden Stefan Brenner"
	ReadPartyText(nil, s) // the word lists, once
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := ReadPartyText(nil, s); !ok {
			b.Fatal("not read")
		}
	}
}
