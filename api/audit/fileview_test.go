package audit

import (
	"context"
	"os"
	"strings"
	"testing"
)

// A file-view line names the file and its SHA-256 and the reason, never a
// value, and chains like any other line.
func TestFileViewLine(t *testing.T) {
	l := openTemp(t)
	x := FileView{Profile: "work", File: "saved/AB12CD-full.json", SHA256: strings.Repeat("ab", 32), Reason: "Compliance review"}
	if err := l.FileView(context.Background(), x); err != nil {
		t.Fatal(err)
	}
	var es []Entry
	f, _ := os.Open(l.Path())
	defer f.Close()
	Each(f, func(l Line) error { es = append(es, l.Entry); return nil })
	if len(es) != 1 {
		t.Fatalf("%d entries", len(es))
	}
	e := es[0]
	if e.Event != EventFileView || e.File != x.File || e.SHA256 != x.SHA256 || e.Reason != x.Reason || e.View != "full" ||
		e.Profile != "work" || e.Host != "" || e.PAID != "" || e.User == "" || e.Status != nil {
		t.Errorf("file-view line: %+v", e)
	}
	if n, err := check(l); n != 1 || err != nil {
		t.Errorf("check over a log with a file-view line: %d lines, %v", n, err)
	}
	var nilLog *Log
	if err := nilLog.FileView(context.Background(), x); err != nil {
		t.Errorf("a nil log (access_log = false): %v", err)
	}
}
