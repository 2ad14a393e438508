package ui

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/padview/padview/api/text"
)

// TestJSONLinesMatchIndent: laid out lazily, a document reads exactly as
// json.Indent writes it, from any line on.
func TestJSONLinesMatchIndent(t *testing.T) {
	t.Parallel()
	samples, err := os.ReadFile("../api/fake/samples.json")
	if err != nil {
		t.Fatal(err)
	}
	docs := [][]byte{
		samples,
		manySponsorsJSON(700), // several marks
		[]byte(`{}`), []byte(`[]`), []byte(`"text"`), []byte(`42`),
		[]byte(` { "a" : [ ] , "b" : { } , "c" : [ 1 , [ 2 , [ ] ] , { "d" : null } ] , "e" : "x\"}y" } `),
		[]byte("{\"esc\":\"a\\u001b[2Jb\",\"bidi\":\"\u202eevil\",\"nl\":\"x\\ny\"}"),
	}
	for _, doc := range docs {
		var want bytes.Buffer
		if err := json.Indent(&want, doc, "", "  "); err != nil {
			t.Fatal(err)
		}
		wantLines := strings.Split(text.CleanBlock(strings.TrimSpace(want.String())), "\n")
		j := newJSONLines(doc)
		if n := j.total(); n != len(wantLines) {
			t.Fatalf("%.40q: %d lines, json.Indent writes %d", doc, n, len(wantLines))
		}
		got := j.window(0, len(wantLines)+5)
		if strings.Join(got, "\n") != strings.Join(wantLines, "\n") {
			t.Fatalf("%.40q:\n%s\n--- want ---\n%s", doc, strings.Join(got, "\n"), strings.Join(wantLines, "\n"))
		}
		for _, from := range []int{1, markEvery - 1, markEvery, markEvery + 7, 3*markEvery + 1, len(wantLines) - 2} {
			if from < 0 || from >= len(wantLines) {
				continue
			}
			w := j.window(from, 3)
			for i, l := range w {
				if l != wantLines[from+i] {
					t.Fatalf("line %d from a mark: %q, want %q", from+i, l, wantLines[from+i])
				}
			}
		}
	}
}

// TestJSONLinesSurviveNonsense: bytes that are not JSON still lay out,
// cleaned, and a huge line is cut.
func TestJSONLinesSurviveNonsense(t *testing.T) {
	t.Parallel()
	for _, doc := range []string{"}}]]{{", `{"a":`, `"unterminated`, "<html>\x1b]52;c;x\x07</html>", `{"a":"` + strings.Repeat("é", 10000) + `"}`} {
		j := newJSONLines([]byte(doc))
		n := j.total()
		for _, l := range j.window(0, n) {
			if strings.ContainsAny(l, "\x1b\x07") || len(l) > maxRawLine+8 {
				t.Fatalf("%.20q: line %.60q", doc, l)
			}
		}
	}
}

// TestJSONLinesCountOnlyWhatIsAsked: opening Raw does not read the
// document to its end.
func TestJSONLinesCountOnlyWhatIsAsked(t *testing.T) {
	t.Parallel()
	j := newJSONLines(manySponsorsJSON(5000))
	if got := j.count(100); got != 100 || j.done {
		t.Fatalf("count(100) = %d, done %v", got, j.done)
	}
	if j.at.pos > 100*200 {
		t.Fatalf("counting 100 lines read %d bytes", j.at.pos)
	}
}
