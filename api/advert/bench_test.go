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
