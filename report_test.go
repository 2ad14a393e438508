package main

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

// chromium finds headless Chromium (the Debian package `chromium`): a
// test that opens a page in it skips without it, but fails under CI,
// which installs it.
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() && os.Getenv("CI") == "" {
		t.Skip("runs Chromium: left out by -short (CI runs it)")
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("CI must install chromium (.ci/run lists it)")
	}
	t.Skip("chromium is not installed (apt-get install chromium; CI installs it)")
	return ""
}

// runChromium opens file in headless Chromium with args (--dump-dom,
// --screenshot=…) and returns its stdout. The flags keep it off the
// network (no component update, sync or background fetch), so that the
// only requests it could make are the page's; each run has a new profile.
// It is waited for to its end: the hang guard only stops one that hangs.
func runChromium(t *testing.T, bin, file string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hungAfterChromium)
	defer cancel()
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--window-size=1000,1400"}, args...)
	c := exec.CommandContext(ctx, bin, append(all, "file://"+file)...)
	c.Env = append(os.Environ(), "HOME="+t.TempDir())
	var out, errs bytes.Buffer
	c.Stdout, c.Stderr = &out, &errs
	if err := c.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, errs.String())
	}
	return out.String()
}

// hungAfterChromium only stops a Chromium that hangs; a busy machine may
// take many seconds to start one.
const hungAfterChromium = 3 * time.Minute

// TestCheckSummaryHTMLInChromium opens `check --summary --format html` in
// headless Chromium: its screenshot is a picture, the DOM it loaded holds
// the charts' numbers equal to the text summary's tally and lines, no
// script is in it (so none ran), nothing was requested from the loopback
// listener the hostile values point at, and those values (markup, a
// javascript: URL, an RTL override) stayed text.
func TestCheckSummaryHTMLInChromium(t *testing.T) {
	t.Parallel() // it waits on Chromium, not on the CPU
	bin := chromium(t)
	keyring.MockInit()

	var requests atomic.Int32
	listener := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { requests.Add(1) }))
	defer listener.Close()
	hostile := []string{
		"<script>document.title='ran';fetch('" + listener.URL + "/script')</script>",
		`<img src="` + listener.URL + `/img">`,
		"javascript:fetch('" + listener.URL + "/js')",
		"AB\u202eDC12",
	}
	paids := append([]string{"AB12CD", "TN2026", "REV2026", "NOPE42"}, hostile...)
	text, _ := runDemo(t, append([]string{"--demo", "check", "--summary"}, paids...)...)
	page, _ := runDemo(t, append([]string{"--demo", "check", "--format", "html"}, paids...)...)
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, []byte(page), 0o600); err != nil {
		t.Fatal(err)
	}

	dom := runChromium(t, bin, file, "--dump-dom")
	if !strings.Contains(dom, `<g class="verdict"`) {
		t.Fatalf("the DOM has no chart:\n%s", dom)
	}
	// The charts' numbers are the text summary's.
	if got, want := domVerdicts(dom), textVerdicts(t, text); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the verdict chart has %v, the text summary %v", got, want)
	}
	if got, want := domItems(dom), textItems(text); fmt.Sprint(got) != fmt.Sprint(want) || len(want) == 0 {
		t.Errorf("the items chart has %v, the text summary %v\n%s", got, want, text)
	}
	// Nothing ran, nothing became markup or a link, nothing was asked for.
	for _, bad := range []string{"<script", "<img", "href=", "\u202e"} {
		if strings.Contains(dom, bad) {
			t.Errorf("the DOM holds %q:\n%s", bad, dom)
		}
	}
	for _, want := range []string{"<title>Transparency notice check</title>", "&lt;script&gt;document.title=", "&lt;img src=",
		"javascript:fetch(", "AB⟨U+202E⟩DC12"} {
		if !strings.Contains(dom, want) {
			t.Errorf("the DOM lacks %q as text:\n%s", want, dom)
		}
	}

	shot := filepath.Join(t.TempDir(), "report.png")
	runChromium(t, bin, file, "--screenshot="+shot, "--hide-scrollbars")
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the screenshot: %v", err)
	}
	dark := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y += 2 {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x += 2 {
			if r, g, b, _ := img.At(x, y).RGBA(); r+g+b < 3*0x4000 {
				dark++
			}
		}
	}
	if dark < 1000 { // the text, the bars' patterns and the table's lines
		t.Errorf("the screenshot is nearly blank: %d dark pixels", dark)
	}
	if n := requests.Load(); n != 0 {
		t.Errorf("the page made %d requests", n)
	}
}

var (
	domVerdict = regexp.MustCompile(`<g class="verdict" data-key="([^"]+)" data-count="(\d+)"`)
	domItem    = regexp.MustCompile(`<g class="item" data-id="[^"]+" data-label="([^"]+)" data-missing="(\d+)" data-unknown="(\d+)"`)
	tallyPart  = regexp.MustCompile(`([\d,]+) (complete|incomplete|undetermined|not found|failed|invalid)`)
)

// domVerdicts is the verdict chart's counts by the tally's words.
func domVerdicts(dom string) map[string]int {
	words := map[string]string{"notFound": "not found"}
	out := map[string]int{}
	for _, m := range domVerdict.FindAllStringSubmatch(dom, -1) {
		n, _ := strconv.Atoi(m[2])
		key := m[1]
		if w, ok := words[key]; ok {
			key = w
		}
		if n > 0 || key == "complete" || key == "incomplete" || key == "undetermined" {
			out[key] = n
		}
	}
	return out
}

// textVerdicts reads the text summary's tally: "4 advertisements: 0
// complete, 2 incomplete, 1 undetermined; 1 not found, 3 invalid".
func textVerdicts(t *testing.T, text string) map[string]int {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	out := map[string]int{}
	for _, m := range tallyPart.FindAllStringSubmatch(lines[len(lines)-1], -1) {
		n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
		out[m[2]] = n
	}
	if len(out) < 4 {
		t.Fatalf("no tally in\n%s", text)
	}
	return out
}

// domItems is the items chart: "label missing/unknown" counts.
func domItems(dom string) map[string]string {
	out := map[string]string{}
	for _, m := range domItem.FindAllStringSubmatch(dom, -1) {
		out[strings.ReplaceAll(m[1], "&#39;", "'")] = m[2] + "/" + m[3]
	}
	return out
}

// textItems counts, from the text summary's lines, how often each item is
// named missing and unknown.
func textItems(text string) map[string]string {
	missing, unknown := map[string]int{}, map[string]int{}
	for _, line := range strings.Split(text, "\n") {
		for _, part := range strings.Split(line, " · ") {
			_, items, ok := strings.Cut(part, " missing: ")
			into := missing
			if !ok {
				_, items, ok = strings.Cut(part, " unknown: ")
				into = unknown
			}
			if !ok {
				continue
			}
			for _, it := range strings.Split(items, "; ") {
				into[strings.TrimSuffix(it, " (full view only)")]++
			}
		}
	}
	out := map[string]string{}
	for _, m := range []map[string]int{missing, unknown} {
		for label := range m {
			out[label] = fmt.Sprintf("%d/%d", missing[label], unknown[label])
		}
	}
	return out
}
