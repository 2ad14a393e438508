package answerfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api/advert"
)

// readAll opens path (stdin for "-") and reads every answer.
func readAll(t *testing.T, path string, stdin io.Reader, opts Options) (Source, []Answer, error) {
	t.Helper()
	r, err := Open(path, stdin, opts)
	if err != nil {
		return Source{}, nil, err
	}
	defer r.Close()
	var out []Answer
	for {
		a, err := r.Next()
		if err == io.EOF {
			return r.Source(), out, nil
		}
		if err != nil {
			return r.Source(), out, err
		}
		out = append(out, a)
	}
}

func write(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func paids(as []Answer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.PAID)
	}
	return out
}

const oneAnswer = `{"paid": "AB12CD", "advertiser": {"companyName": "Riverside Civic Alliance", "email": "info@riverside.example"}}`

func TestOneJSONDocument(t *testing.T) {
	clock := time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)
	p := write(t, "ad.json", "\n  "+oneAnswer+"\n")
	src, as, err := readAll(t, p, nil, Options{View: advert.Full, Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 1 || as[0].PAID != "AB12CD" || as[0].Line != 2 || as[0].Doc == nil {
		t.Fatalf("answers = %+v", as)
	}
	d := as[0].Doc
	if d.View != advert.Full || d.PAID != "AB12CD" {
		t.Errorf("document %s, %s view", d.PAID, d.View)
	}
	if got, _ := d.Advertiser.Get("companyName"); got.Str != "Riverside Civic Alliance" {
		t.Errorf("advertiser not read: %v", d.Advertiser)
	}
	sum := sha256.Sum256([]byte("\n  " + oneAnswer + "\n"))
	if src.SHA256 != hex.EncodeToString(sum[:]) || src.Format != JSON || !src.ReadAt.Equal(clock) || src.Name != p {
		t.Errorf("source = %+v", src)
	}
}

func TestJSONLinesAndFallbackPAID(t *testing.T) {
	p := write(t, "ads.jsonl", oneAnswer+"\n"+`{"title": "no identifier here"}`+"\n\n"+`{"adId": "XK9P2M"}`+"\n")
	_, as, err := readAll(t, p, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"AB12CD", p + ":2", "XK9P2M"}
	if got := paids(as); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("PAIDs = %q, want %q", got, want)
	}
	if as[2].Line != 4 {
		t.Errorf("third answer at line %d, want 4", as[2].Line)
	}
}

func TestJSONArrayOfAnswers(t *testing.T) {
	data, err := os.ReadFile("../fake/samples.json")
	if err != nil {
		t.Fatal(err)
	}
	p := write(t, "samples.json", string(data))
	_, as, err := readAll(t, p, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) < 2 || as[0].PAID != "AB12CD" || as[0].Line != 2 {
		t.Fatalf("first of %d answers: %+v", len(as), as[0])
	}
	for _, a := range as {
		if a.Err != nil || a.Doc == nil {
			t.Errorf("%s: %v", a.PAID, a.Err)
		}
	}
	_, _, err = readAll(t, write(t, "more.json", "[{\"paid\":\"AB12CD\"}] {\"x\":1}"), nil, Options{})
	if err == nil || !strings.Contains(err.Error(), "after its array") {
		t.Errorf("more after the array: %v", err)
	}
}

func TestCSVDelimitersQuotedNewlinesAndBOM(t *testing.T) {
	rows := func(d string) string {
		return "\ufeffpaid" + d + "sponsor name" + d + "notes\r\n" +
			"AB12CD" + d + "Friends of the Estuary" + d + "\"two\nlines, \"\"quoted\"\"\"\r\n" +
			"" + d + "Northbank Greens" + d + "\r\n" +
			d + d + "\r\n" +
			"XK9P2M" + d + "Eastmarsh" + d + "x\r\n"
	}
	for name, d := range map[string]string{"comma": ",", "semicolon": ";", "tab": "\t"} {
		t.Run(name, func(t *testing.T) {
			p := write(t, "export.csv", rows(d))
			src, as, err := readAll(t, p, nil, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if src.Format != CSV || string(src.Delimiter) != d {
				t.Errorf("format %s, delimiter %q", src.Format, src.Delimiter)
			}
			want := []string{"AB12CD", p + ":4", "XK9P2M"}
			if got := paids(as); strings.Join(got, "|") != strings.Join(want, "|") {
				t.Fatalf("PAIDs = %q, want %q (the all-empty row is none)", got, want)
			}
			if as[2].Line != 6 {
				t.Errorf("row after a quoted line break at line %d, want 6", as[2].Line)
			}
			raw := string(as[0].Doc.Raw)
			if !strings.Contains(raw, `"notes":"two\nlines, \"quoted\""`) || !strings.HasPrefix(raw, `{"paid":`) {
				t.Errorf("row as JSON: %s", raw)
			}
			if strings.Contains(string(as[1].Doc.Raw), `"notes"`) {
				t.Errorf("an empty cell became a member: %s", as[1].Doc.Raw)
			}
		})
	}
}

func TestCSVRowWithTooManyCellsGoesOn(t *testing.T) {
	p := write(t, "x.csv", "paid,title\nAB12CD,a,extra\nXK9P2M,b\n")
	_, as, err := readAll(t, p, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 2 || as[0].Err == nil || as[1].PAID != "XK9P2M" {
		t.Fatalf("answers = %+v", as)
	}
	if !strings.Contains(as[0].Err.Error(), p+":2: the row has 3 cells and the header row names 2") {
		t.Errorf("error = %v", as[0].Err)
	}
}

func TestRefusedFilesSayWhatWasExpected(t *testing.T) {
	for name, content := range map[string]string{
		"binary":   "%PDF-1.7\x00\x01\x02binary",
		"utf16":    "\xff\xfe{\x00}\x00",
		"empty":    " \n\n",
		"prose":    "Dear support, the ad looks wrong.\n",
		"latin1":   "paid,name\nAB12CD,M\xfcller\n",
		"nothing":  "[]",
		"header":   "paid,title\n",
		"badjson":  "{\"paid\": \"AB12CD\",}",
		"cutshort": "{\"paid\": \"AB12CD\"",
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := readAll(t, write(t, name, content), nil, Options{})
			var fe *Error
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), Expected) {
				t.Errorf("error = %v", err)
			}
		})
	}
}

func TestAnswerOverTheCapIsRefusedNamingIt(t *testing.T) {
	big := `{"paid":"AB12CD","description":"` + strings.Repeat("x", 300<<10) + `"}`
	for name, content := range map[string]string{
		"json":  big,
		"jsonl": oneAnswer + "\n" + big + "\n" + oneAnswer,
		"array": "[" + oneAnswer + ",\n" + big + "]",
		"csv":   "paid,description\nAB12CD,ok\nXK9P2M,\"" + strings.Repeat("y", 300<<10) + "\"\n",
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := readAll(t, write(t, name, content), nil, Options{MaxAnswerBytes: 100 << 10})
			line := map[string]string{"json": ":1:", "jsonl": ":2:", "array": ":2:", "csv": ":3:"}[name]
			if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), line+" an answer is over 100.0 KiB, the most padview reads of one answer") {
				t.Errorf("error = %v", err)
			}
		})
	}
}

// TestHugeFileAtTheRealCap: a saved answer of 33 MiB is refused with the
// cap of the service's answers named.
func TestHugeFileAtTheRealCap(t *testing.T) {
	p := filepath.Join(t.TempDir(), "huge.json")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"paid":"AB12CD","description":"`)
	chunk := bytes.Repeat([]byte("x"), 1<<20)
	for range 33 {
		f.Write(chunk)
	}
	f.WriteString(`"}`)
	f.Close()
	_, _, err = readAll(t, p, nil, Options{})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "huge.json:1: an answer is over 32.0 MiB") {
		t.Errorf("error = %v", err)
	}
}

func TestStdin(t *testing.T) {
	src, as, err := readAll(t, "-", strings.NewReader(oneAnswer), Options{})
	if err != nil || len(as) != 1 || src.Name != StdinName || src.Size != int64(len(oneAnswer)) {
		t.Fatalf("stdin: %+v %+v %v", src, as, err)
	}
}

// TestSymlinkedFileIsReadNeverWritten: a file the user names is read
// wherever a link leads (the state directory's rules are for padview's
// own files), and neither it nor the link changes.
func TestSymlinkedFileIsReadNeverWritten(t *testing.T) {
	target := write(t, "saved.json", oneAnswer)
	link := filepath.Join(t.TempDir(), "ad.json")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	before, _ := os.Stat(target)
	src, as, err := readAll(t, link, nil, Options{})
	if err != nil || len(as) != 1 || as[0].PAID != "AB12CD" || src.Name != link {
		t.Fatalf("through the link: %+v %v", as, err)
	}
	after, _ := os.Stat(target)
	data, _ := os.ReadFile(target)
	if string(data) != oneAnswer || !after.ModTime().Equal(before.ModTime()) || after.Mode() != before.Mode() {
		t.Errorf("the file changed: %q, %v → %v", data, before.Mode(), after.Mode())
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link changed: %v %v", fi, err)
	}
}

func TestIdentifierIsCleaned(t *testing.T) {
	p := write(t, "x.json", `{"paid": "AB\u001b[31mCD\u202e"}`)
	_, as, err := readAll(t, p, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(as[0].PAID, "\x1b\u202e") {
		t.Errorf("PAID = %q", as[0].PAID)
	}
}

// TestPadviewsOwnJSONReadsAsTheAnswer: a saved `padview get --json` (an
// export, provenance and all) reads as the answer it was made of: what
// padview added is no member of the advertisement.
func TestPadviewsOwnJSONReadsAsTheAnswer(t *testing.T) {
	saved := `{"paid":"AB12CD","view":"standard","advertiser":{"companyName":"Riverside Civic Alliance"},` +
		`"other":{"adArchiveUrl":"https://archive.example/ab12cd"},"warnings":[],` +
		`"provenance":{"fetchedAt":"2026-10-02T09:30:00Z","host":"partner.example","view":"standard"}}`
	_, as, err := readAll(t, write(t, "saved.json", saved), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := as[0].Doc
	if d.PAID != "AB12CD" || d.ComplianceAndFunding.Kind != advert.Absent && strings.Contains(string(d.ComplianceAndFunding.AppendJSON(nil)), "provenance") {
		t.Errorf("provenance read as a member: %s", d.ComplianceAndFunding.AppendJSON(nil))
	}
	other := string(d.Other.AppendJSON(nil))
	if strings.Contains(other, "warnings") || strings.Contains(other, `"view"`) || !strings.Contains(other, "adArchiveUrl") {
		t.Errorf("other = %s", other)
	}
}

func TestFullViewOnly(t *testing.T) {
	_, as, err := readAll(t, write(t, "a.jsonl", oneAnswer+"\n"+
		`{"paid":"XK9P2M","advertiser":{"firstName":"Maren","lastName":"Holt"},"legalAndMetadata":{"complaintsEmail":"complaints@riverside.example"}}`), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !FullViewOnly(as[0].Doc) {
		t.Error("an advertiser's email in a standard-view file is not called full-view data")
	}
	if FullViewOnly(as[1].Doc) {
		t.Error("names and a complaints address, which the standard view carries, called full-view data")
	}
	as[0].Doc.View = advert.Full
	if FullViewOnly(as[0].Doc) {
		t.Error("a full-view file's data called closed")
	}
}
