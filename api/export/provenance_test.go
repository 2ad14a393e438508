package export

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/fake"
	"github.com/padview/padview/api/fake/faketest"
	"github.com/padview/padview/api/text"
)

// fetched looks paid up in view from the fake service over loopback, and
// returns the document with the provenance of its exchange.
func fetched(t *testing.T, srv *fake.Server, paid string, view advert.View) Item {
	t.Helper()
	d, ex := faketest.Get(t, srv.URL, paid, view)
	return Item{Doc: d, From: NewProvenance(ex, check.Check(d), "1.4.0 (commit 0123456789ab)")}
}

func startFake(t *testing.T) *fake.Server {
	t.Helper()
	srv, err := fake.Start(fake.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

// The JSON export carries the provenance as its last member, "provenance":
// the answer's time, the base URL's host alone, the view, the service's
// request id, padview's version and the check's verdict.
func TestJSONCarriesProvenance(t *testing.T) {
	srv := startFake(t)
	before := time.Now().Add(-time.Second)
	it := fetched(t, srv, "TN2026", advert.Full)
	after := time.Now().Add(time.Second)
	var out bytes.Buffer
	if err := Write(&out, JSON, it); err != nil {
		t.Fatal(err)
	}
	var got struct {
		PAID       string            `json:"paid"`
		Provenance map[string]string `json:"provenance"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	p := got.Provenance
	at, err := time.Parse(time.RFC3339, p["fetchedAt"])
	if err != nil || at.Before(before) || at.After(after) || !strings.HasSuffix(p["fetchedAt"], "Z") {
		t.Errorf("fetchedAt %q (%v), not between %v and %v", p["fetchedAt"], err, before, after)
	}
	base, _ := url.Parse(srv.URL)
	want := map[string]string{"host": base.Host, "view": "full", "padviewVersion": "1.4.0 (commit 0123456789ab)",
		"verdict": string(check.Complete)}
	for k, v := range want {
		if p[k] != v {
			t.Errorf("provenance %s = %q, want %q", k, p[k], v)
		}
	}
	if !strings.HasPrefix(p["requestId"], "fake-") {
		t.Errorf("requestId %q is not the service's", p["requestId"])
	}
	if len(p) != 6 {
		t.Errorf("provenance has %d members: %v", len(p), p)
	}
	if strings.Contains(out.String(), fake.DemoToken) || strings.Contains(out.String(), "/v1") {
		t.Errorf("the export names the token or the base URL's path:\n%s", out.String())
	}
}

// The Markdown report has the provenance as a block under its title.
func TestMarkdownCarriesProvenance(t *testing.T) {
	srv := startFake(t)
	it := fetched(t, srv, "AB12CD", advert.Standard)
	var out bytes.Buffer
	if err := Write(&out, Markdown, it); err != nil {
		t.Fatal(err)
	}
	base, _ := url.Parse(srv.URL)
	fetchedAt := it.From.FetchedAt.UTC().Truncate(time.Second).Format(time.RFC3339)
	want := "# Advertisement AB12CD\n\n" +
		"- **Fetched at:** " + fetchedAt + "\n" +
		"- **Service host:** " + base.Host + "\n" +
		"- **View:** standard\n" +
		"- **Request id:** " + it.From.RequestID + "\n" +
		"- **padview version:** 1.4.0 (commit 0123456789ab)\n" +
		"- **Transparency check:** " + string(check.Check(it.Doc).Outcome()) + "\n\n" +
		"Standard view, as normalized by padview.\n"
	if !strings.HasPrefix(out.String(), want) {
		t.Errorf("the report begins\n%s\nwant\n%s", out.String()[:min(len(want)+40, out.Len())], want)
	}
}

// The CSV has the provenance of each advertisement as comment lines before
// the header row; a CSV reader that skips them reads the table alone, and
// a masked advertisement says it is masked.
func TestCSVCarriesProvenanceInComments(t *testing.T) {
	srv := startFake(t)
	a := fetched(t, srv, "AB12CD", advert.Full)
	a.Doc = text.MaskDocument(a.Doc)
	b := fetched(t, srv, "AB12CE", advert.Standard)
	var out bytes.Buffer
	if err := Write(&out, CSV, a, b); err != nil {
		t.Fatal(err)
	}
	var comments []string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "#") {
			comments = append(comments, l)
		} else {
			if !strings.HasPrefix(l, "paid,group,") {
				t.Fatalf("the first line after the comments is not the header row: %q", l)
			}
			break
		}
	}
	base, _ := url.Parse(srv.URL)
	head := strings.Join(comments, "\n")
	for _, want := range []string{
		"# padview export: sponsors and controllers; skip the lines starting with # to read the table",
		"# Advertisement: AB12CD\n# MASKED: personal data hidden for screen sharing",
		"# Fetched at: " + a.From.FetchedAt.UTC().Truncate(time.Second).Format(time.RFC3339),
		"# Service host: " + base.Host + "\n# View: full\n# Request id: " + a.From.RequestID,
		"# Advertisement: AB12CE\n# Fetched at: ",
		"# View: standard\n# Request id: " + b.From.RequestID + "\n# padview version: 1.4.0 (commit 0123456789ab)\n# Transparency check: ",
	} {
		if !strings.Contains(head, want) {
			t.Errorf("the comment header lacks %q:\n%s", want, head)
		}
	}
	if strings.Count(head, "MASKED") != 1 {
		t.Errorf("only the masked advertisement says it is masked:\n%s", head)
	}
	records := readCSV(t, &out)
	if records[0][0] != "paid" || len(records) != 1+3+4 { // AB12CD: 2 sponsors, 1 controller; AB12CE: 3 and 1
		t.Fatalf("%d records, header %q", len(records), records[0])
	}
	for _, r := range records[1:] {
		if strings.HasPrefix(r[0], "#") || r[0] != "AB12CD" && r[0] != "AB12CE" {
			t.Errorf("row %q", r)
		}
	}
}

// What the service sent as a request id is untrusted: invisible
// characters are shown as markers (net/http refuses control characters in
// a header already), Markdown is escaped, and a long one is cut.
func TestHostileRequestIDIsCleaned(t *testing.T) {
	body := `{"paid":"AB12CD","advertiser":{"companyName":"A"}}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Request-Id", "id\u202e]52 *x*"+strings.Repeat("y", 5000))
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(body))
	}))
	defer srv.Close()
	c, err := api.New(srv.URL+"/v1", "secret-token-123", api.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, ex, err := c.Get(context.Background(), "AB12CD", advert.Standard)
	if err != nil {
		t.Fatal(err)
	}
	it := Item{Doc: d, From: NewProvenance(ex, check.Check(d), "dev")}
	for _, f := range Formats {
		var out bytes.Buffer
		if err := Write(&out, f, it); err != nil {
			t.Fatal(err)
		}
		s := out.String()
		if strings.ContainsRune(s, '\u202e') || strings.Contains(s, "secret-token-123") || strings.Contains(s, strings.Repeat("y", 300)) {
			t.Errorf("%s: the request id passed through uncleaned or uncut", f)
		}
		if f == Markdown && !strings.Contains(s, `- **Request id:** id⟨U+202E⟩\]52 \*x\*yyy`) {
			t.Errorf("markdown request id:\n%s", s[:400])
		}
	}
}

func TestFileProvenanceSaysSourceFile(t *testing.T) {
	read := time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)
	p := Provenance{View: advert.Standard, Version: "1.0", RequestID: "never", Host: "never.example",
		File: &FileOrigin{Name: "ad.json", SHA256: "ab12", ReadAt: read}}
	got := string(appendProvenanceJSON(nil, p))
	want := `{"source":"file","file":"ad.json","sha256":"ab12","readAt":"2026-11-29T06:00:00Z","view":"standard","padviewVersion":"1.0","verdict":""}`
	if got != want {
		t.Errorf("provenance JSON\n got %s\nwant %s", got, want)
	}
}
