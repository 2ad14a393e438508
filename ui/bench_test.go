package ui

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/fake"
)

// manySponsorsJSON is an advertisement with n sponsors, as a service would
// send it in the full view (about 250 bytes and 12 Raw lines a sponsor).
func manySponsorsJSON(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"paid":"BIG","advertiser":{"companyName":"Grassroots fund","email":"fund@example.org"},` +
		`"campaign":{"name":"Many donors","startDate":"2026-05-01"},"sponsors":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"Donor %05d","kind":"individual","email":"donor%05d@donors.example","phone":"+44 20 7946 %04d",`+
			`"streetAddress":"%d Example Street","postalCode":"NB1 1AA","city":"Łódź","country":"PL","contribution":{"amount":"%d","currency":"EUR"}}`,
			i+1, i+1, i%10000, i%200+1, 5+i%95)
	}
	b.WriteString(`],"basicInformation":{"title":"Grassroots fund: many small donors"}}`)
	return b.Bytes()
}

// bigExchange is a successful full-view exchange of n sponsors, built
// without a server.
func bigExchange(b *testing.B, n int) *exchange {
	raw := manySponsorsJSON(n)
	doc, err := advert.Normalize(raw, "BIG", advert.Full)
	if err != nil {
		b.Fatal(err)
	}
	rec := &api.Exchange{Method: "GET", URL: "https://partner.example/v1/advertisement-full/BIG", Status: 200, Proto: "HTTP/1.1",
		Duration: 40 * time.Millisecond, Attempts: 1, Size: int64(len(raw)), Body: raw, RequestID: "req-1",
		Curl: "curl https://partner.example/v1/advertisement-full/BIG"}
	return &exchange{lookup: lookup{"BIG", advert.Full}, doc: doc, rec: rec}
}

// shown is a model at 120×40 showing ex on the tab labelled label.
func shown(b *testing.B, ex *exchange, label string) Model {
	s := startFake(b, fake.Options{})
	m, _ := newModel(b, demoConfig(s), 120, 40)
	m.show(ex)
	m.blurInput()
	for i, p := range m.deck.panes {
		if p.Tab().Label == label {
			m.deck.jump(i)
		}
	}
	m.chrome = m.drawChrome() // as Update does
	return m
}

// BenchmarkRawOpen is an answer arriving while Raw is open, or Raw opened
// on an answer: the Raw pane is built and drawn. Its cost and allocations
// do not grow with the document (issue 10: under 16 ms on 50,000
// sponsors, in proportion to what is visible).
func BenchmarkRawOpen(b *testing.B) {
	for _, n := range []int{5000, 50000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ex := bigExchange(b, n)
			m := shown(b, ex, "Advertiser")
			b.ReportAllocs()
			for b.Loop() {
				mm := m
				mm.show(ex) // a fresh Raw pane: nothing laid out yet
				next, _ := mm.Update(keyMsg("9"))
				_ = next.(Model).View()
			}
		})
	}
}

// BenchmarkView draws the sponsors table with the cursor in the middle and
// Raw scrolled to the middle: under 2 ms and flat from 5,000 to 50,000.
func BenchmarkView(b *testing.B) {
	for _, n := range []int{5000, 50000} {
		ex := bigExchange(b, n)
		b.Run(fmt.Sprintf("sponsors/%d", n), func(b *testing.B) {
			m := shown(b, ex, "Sponsors")
			m.deck.panes[m.deck.active], _ = m.deck.current().Update(keyMsg("pgdown"))
			for range n / 2 / 34 {
				_ = m.deck.update(keyMsg("pgdown"))
			}
			m.chrome = m.drawChrome()
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
		b.Run(fmt.Sprintf("raw/%d", n), func(b *testing.B) {
			m := shown(b, ex, "Raw")
			_ = m.deck.update(keyMsg("end"))
			for range 40 {
				_ = m.deck.update(keyMsg("pgup"))
			}
			m.chrome = m.drawChrome()
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// BenchmarkRawEnd is G on Raw of 50,000 sponsors: the one step that reads
// the whole document, to count its lines.
func BenchmarkRawEnd(b *testing.B) {
	ex := bigExchange(b, 50000)
	m := shown(b, ex, "Advertiser")
	b.ReportAllocs()
	for b.Loop() {
		mm := m
		mm.show(ex)
		next, _ := mm.Update(keyMsg("9"))
		next, _ = next.Update(keyMsg("end"))
		_ = next.(Model).View()
	}
}

// BenchmarkKeystroke is one key press on a typical advertisement: Update
// (moving down the sponsors table) and the View that follows.
func BenchmarkKeystroke(b *testing.B) {
	m := shown(b, bigExchange(b, 3), "Sponsors")
	keys := []string{"j", "k"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		next, _ := m.Update(keyMsg(keys[i%2]))
		m = next.(Model)
		_ = m.View()
		i++
	}
}

// BenchmarkKeystrokeTabSwitch switches panes.
func BenchmarkKeystrokeTabSwitch(b *testing.B) {
	m := shown(b, bigExchange(b, 3), "Advertiser")
	b.ReportAllocs()
	for b.Loop() {
		next, _ := m.Update(keyMsg("tab"))
		m = next.(Model)
		_ = m.View()
	}
}

// typeKeys sends keys to the model one at a time, drawing after each, as
// a terminal would.
func typeKeys(m Model, keys []tea.KeyPressMsg) Model {
	for _, k := range keys {
		next, _ := m.Update(k)
		m = next.(Model)
		_ = m.View()
	}
	return m
}

// timeKeys is typeKeys that reports the average and the slowest key.
func timeKeys(b *testing.B, m Model, keys []tea.KeyPressMsg) {
	var slowest time.Duration
	b.ReportAllocs()
	for b.Loop() {
		for _, k := range keys {
			start := time.Now()
			next, _ := m.Update(k)
			_ = next.(Model).View()
			slowest = max(slowest, time.Since(start))
			m = next.(Model)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(keys)), "ns/key")
	b.ReportMetric(float64(slowest.Nanoseconds()), "slowest-ns/key")
}

// openFind presses / and hands the pane the index its command builds, as
// the program would.
func openFind(b *testing.B, m Model) Model {
	next, cmd := m.Update(keyMsg("/"))
	next, _ = next.(Model).Update(messageOf[findIndex](b, cmd))
	return next.(Model)
}

// typedQuery is a long find typed key by key, then taken back key by key:
// each key typed narrows the rows the last one left, each backspace
// filters all of them again.
func typedQuery(query string) []tea.KeyPressMsg {
	var keys []tea.KeyPressMsg
	for _, r := range query {
		keys = append(keys, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	for range query {
		keys = append(keys, tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	return keys
}

// BenchmarkFilter50000 is a long filter on the sponsors table of 50,000
// (issue 12: under one frame, 16 ms, per keystroke): ns/key is one key's
// Update and the View after it, typed and taken back.
func BenchmarkFilter50000(b *testing.B) {
	m := shown(b, bigExchange(b, 50000), "Sponsors")
	m = openFind(b, m) // the rows are indexed once, here
	timeKeys(b, m, typedQuery("donor 04711@donors"))
}

// BenchmarkFilterOpen50000 is / on the sponsors table of 50,000, Update
// and the View after it: the rows' index is built in a command
// (BenchmarkFilterIndex50000).
func BenchmarkFilterOpen50000(b *testing.B) {
	m := shown(b, bigExchange(b, 50000), "Sponsors")
	b.ReportAllocs()
	for b.Loop() {
		mm := m
		mm.show(m.ex) // a fresh table, not indexed yet
		typeKeys(mm, []tea.KeyPressMsg{keyMsg("/")})
	}
}

// BenchmarkFilterIndex50000 is the index of a table of 50,000 (every
// row's columns), built once a table in the command / starts.
func BenchmarkFilterIndex50000(b *testing.B) {
	p := shown(b, bigExchange(b, 50000), "Sponsors").deck.current().(partiesPane)
	b.ReportAllocs()
	for b.Loop() {
		_ = newPartyHay(p.doc.Vocabulary(), p.kind, p.contrib, p.list, p.full)
	}
}

// BenchmarkFindRaw50000 is a find in Raw of 50,000 sponsors (some 600,000
// lines), per key as BenchmarkFilter50000.
func BenchmarkFindRaw50000(b *testing.B) {
	m := shown(b, bigExchange(b, 50000), "Raw")
	m = openFind(b, m) // the body is laid out once, here
	timeKeys(b, m, typedQuery("donor04711@donors"))
}

// BenchmarkFindRawOpen50000 is / in Raw of 50,000 sponsors, Update and the
// View after it: the index of the whole body is built in a command
// (BenchmarkFindRawIndex50000).
func BenchmarkFindRawOpen50000(b *testing.B) {
	m := shown(b, bigExchange(b, 50000), "Raw")
	b.ReportAllocs()
	for b.Loop() {
		mm := m
		mm.show(m.ex)
		typeKeys(mm, []tea.KeyPressMsg{keyMsg("/")})
	}
}

// BenchmarkFindRawIndex50000 is the index of Raw of 50,000 sponsors: the
// whole body laid out, once a Raw pane, in the command / starts.
func BenchmarkFindRawIndex50000(b *testing.B) {
	p := shown(b, bigExchange(b, 50000), "Raw").deck.current().(rawPane)
	b.ReportAllocs()
	for b.Loop() {
		_ = p.index()
	}
}
