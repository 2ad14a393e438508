package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// responseOfSize builds a plausible full-view body of about n bytes: the
// bulk is sponsors, as in the largest real advertisements.
func responseOfSize(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"status":"ok","data":{"advertisement":{"paid":"AB12CD","advertiser":{"companyName":"Riverside","email":"a@b.example"},"campaign":{"name":"C","totalValue":{"amount":1.5,"currency":"EUR"}},"sponsors":[`)
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"Donor %d","kind":"individual","email":"donor%d@donors.example","phone":"+44 20 7946 %04d","streetAddress":"%d Example Street","postalCode":"NB1 1AA","city":"Łódź","country":"PL","contribution":{"amount":%d,"currency":"EUR"},"tags":["a","b",null,true]}`, i, i, i%10000, i%200, i%95)
	}
	b.WriteString(`],"basicInformation":{"title":"t"}}}}`)
	return []byte(b.String())
}

// BenchmarkNormalize reports normalizing a body against encoding/json
// decoding the same bytes into any: the ratio metric is normalize/stdlib.
func BenchmarkNormalize(b *testing.B) {
	for _, size := range []int{1 << 20, 10 << 20} {
		body := responseOfSize(size)
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			var ours, std time.Duration
			for b.Loop() {
				start := time.Now()
				if _, err := advert.Normalize(body, "AB12CD", advert.Full); err != nil {
					b.Fatal(err)
				}
				mid := time.Now()
				var v any
				if err := json.Unmarshal(body, &v); err != nil {
					b.Fatal(err)
				}
				ours += mid.Sub(start)
				std += time.Since(mid)
			}
			b.ReportMetric(float64(ours)/float64(std), "ratio-vs-stdlib")
		})
	}
}

// BenchmarkClientOverhead compares Client.Get, normalization included, with
// a bare net/http GET that reads the same body, against the same fake; and
// with a bare GET that also decodes the body with encoding/json, the least
// any client that returns data must do.
func BenchmarkClientOverhead(b *testing.B) {
	s, err := fake.Start(fake.Options{Limit: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	c, err := api.New(s.URL, fake.DemoToken, api.Options{Budget: api.NewBudget(1<<30, time.Minute)})
	if err != nil {
		b.Fatal(err)
	}
	bare := &http.Client{}
	url := s.URL + "/advertisement/AB12CD"
	ctx := context.Background()
	var ours, base, decoded time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		if _, _, err := c.Get(ctx, "AB12CD", advert.Standard); err != nil {
			b.Fatal(err)
		}
		mid := time.Now()
		req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
		req.Header.Set("Authorization", "Bearer "+fake.DemoToken)
		resp, err := bare.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		end := time.Now()
		req, _ = http.NewRequestWithContext(ctx, "GET", url, nil)
		req.Header.Set("Authorization", "Bearer "+fake.DemoToken)
		if resp, err = bare.Do(req); err != nil {
			b.Fatal(err)
		}
		var v any
		if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
		ours += mid.Sub(start)
		base += end.Sub(mid)
		decoded += time.Since(end)
	}
	b.ReportMetric(float64(ours)/float64(base), "ratio-vs-bare-http")
	b.ReportMetric(float64(ours)/float64(decoded), "ratio-vs-bare-http+decode")
	b.ReportMetric(float64(ours-base)/float64(b.N)/1e3, "µs-overhead/op")
}
