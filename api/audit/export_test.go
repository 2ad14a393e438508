package audit

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// fullDoc is a full-view answer with personal data of three categories
// (fictional).
func fullDoc(t *testing.T) *advert.Document {
	t.Helper()
	d, err := advert.Normalize([]byte(`{"paid":"AB12CD","advertiser":{"companyName":"Riverside Civic Alliance",
		"email":"maren.holt@riverside-civic.example","phone":"+44 20 7946 0018"},
		"sponsors":[{"name":"Friends of the Estuary","streetAddress":"4 Quay Lane"}]}`), "AB12CD", advert.Full)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// An export line names the file, the format and the categories of
// personal data written, never a value; it chains like any other line, so
// that Check (padview audit --verify) finds the log intact.
func TestExportLine(t *testing.T) {
	l := openTemp(t)
	record(t, l, "AB12CD")
	d := fullDoc(t)
	x := Export{Profile: "work", Host: "partner.example", File: "/home/maren/padview-AB12CD-full-20261002.md", Format: "markdown",
		Written: text.PersonalCategories(d)}
	if err := l.Export(context.Background(), x, d); err != nil {
		t.Fatal(err)
	}
	if err := l.Export(context.Background(), Export{Profile: "work", Host: "partner.example", File: StdoutFile, Format: "csv",
		Written: []string{"email", "address"}}, text.MaskDocument(d)); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(l.Path())
	for _, value := range []string{"maren.holt", "7946", "Quay Lane"} {
		if strings.Contains(string(raw), value) {
			t.Fatalf("the log holds a value of personal data (%s):\n%s", value, raw)
		}
	}
	var es []Entry
	f, _ := os.Open(l.Path())
	defer f.Close()
	Each(f, func(l Line) error { es = append(es, l.Entry); return nil })
	if len(es) != 4 {
		t.Fatalf("%d entries", len(es))
	}
	e := es[2]
	if e.Event != EventExport || e.Seq != 3 || e.PAID != "AB12CD" || e.View != "full" || e.File != x.File || e.Format != "markdown" ||
		strings.Join(e.Written, ",") != "email,phone,address" || e.Masked || e.Profile != "work" || e.Host != "partner.example" ||
		e.User == "" || e.ID == "" || e.Status != nil || e.Shown != nil {
		t.Errorf("export line: %+v", e)
	}
	if e := es[3]; e.File != "stdout" || e.Format != "csv" || !e.Masked || strings.Join(e.Written, ",") != "email,address" {
		t.Errorf("masked export line: %+v", e)
	}
	if n, err := check(l); n != 4 || err != nil {
		t.Errorf("check over a log with export lines: %d lines, %v", n, err)
	}
	var nilLog *Log
	if err := nilLog.Export(context.Background(), x, d); err != nil {
		t.Errorf("a nil log (access_log = false): %v", err)
	}
}
