package fake

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/padview/padview/api/advert"
)

func get(t *testing.T, url, token string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestSampleSet(t *testing.T) {
	ids := SamplePAIDs()
	if len(ids) < 12 {
		t.Fatalf("%d samples", len(ids))
	}
	have := map[string]bool{}
	for _, id := range ids {
		have[id] = true
		if id == HugeSponsorsPAID {
			// Built by the same code as MANY5000, ten times as long: under
			// -race that is tens of seconds for nothing new.
			if _, ok := largeSample(id); !ok {
				t.Errorf("listed sample %s cannot be fetched", id)
			}
			continue
		}
		ad, ok := sample(id)
		if !ok {
			t.Errorf("listed sample %s cannot be fetched", id)
		}
		// Every sample has an advertiser, and the samples in the spec's
		// layout a campaign and basic information, however the answer
		// names them.
		d := advert.NormalizeValue(ad, id, advert.Full)
		groups := []advert.Group{advert.GroupAdvertiser}
		if adv, _ := ad.Get("advertiser"); adv.Kind == advert.Object {
			groups = append(groups, advert.GroupCampaign, advert.GroupBasicInformation)
		}
		for _, g := range groups {
			if d.Group(g).Len() == 0 {
				t.Errorf("%s lacks %s", id, g)
			}
		}
		// Fictional contact data only: every email is an .example address.
		for _, path := range [][]string{{"advertiser", "email"}, {"complianceAndFunding", "payer", "email"},
			{"complianceAndFunding", "controllingEntity", "email"}} {
			v := d.Group(advert.Group(path[0]))
			for _, k := range path[1:] {
				v, _ = v.Get(k)
			}
			if v.Kind == advert.String && v.Str != "" && !strings.HasSuffix(v.Str, ".example") {
				t.Errorf("%s: %s %q is not an .example address", id, strings.Join(path, "."), v.Str)
			}
		}
		if paid, _ := ad.Get("paid"); paid.Str != id {
			t.Errorf("sample listed as %s carries paid %q", id, paid.Str)
		}
	}
	for _, id := range []string{"AB12CD", "PAD-2026-000000123456", ManySponsorsPAID, HugeSponsorsPAID} {
		if !have[id] {
			t.Errorf("sample %s missing", id)
		}
	}
	ad, _ := sample(ManySponsorsPAID)
	if sp, _ := ad.Get("sponsors"); sp.Len() != 5000 {
		t.Errorf("%s has %d sponsors", ManySponsorsPAID, sp.Len())
	}
	if _, ok := sample("NOPE"); ok {
		t.Error("an unknown PAID was found")
	}
}

// TestKeptBodiesAreTheSamples: the large samples' kept bodies are what the
// general path would serve, and every shape serves all their sponsors.
func TestKeptBodiesAreTheSamples(t *testing.T) {
	ad, _ := sample(ManySponsorsPAID)
	for view, want := range map[advert.View][]byte{advert.Full: ad.AppendJSON(nil), advert.Standard: standardView(ad).AppendJSON(nil)} {
		if got, ok := keptBody(ManySponsorsPAID, view, Plain); !ok || !bytes.Equal(got, want) {
			t.Errorf("%v: kept body differs from the sample (%d vs %d bytes)", view, len(got), len(want))
		}
	}
	if _, ok := keptBody("AB12CD", advert.Full, Plain); ok {
		t.Error("a small sample has a kept body")
	}
	s, err := Start(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, sh := range []Shape{Plain, Enveloped} {
		s.SetShape(sh)
		resp, body := get(t, s.URL+"/advertisement/"+ManySponsorsPAID, DemoToken)
		if resp.StatusCode != 200 || strings.Count(body, `"Donor `) != 5000 || strings.Contains(body, "donor0001@") {
			t.Errorf("%v: status %d, %d sponsors, personal data %v", sh, resp.StatusCode, strings.Count(body, `"Donor `), strings.Contains(body, "donor0001@"))
		}
	}
}

// TestSampleListMatchesEmbeddedSet keeps the written-out list of PAIDs in
// step with samples.json.
func TestSampleListMatchesEmbeddedSet(t *testing.T) {
	root, err := advert.ParseValue(samplesJSON)
	if err != nil {
		t.Fatal(err)
	}
	var inFile []string
	for _, ad := range root.Items() {
		id, _ := ad.Get("paid")
		inFile = append(inFile, id.Str)
	}
	if !slices.Equal(inFile, embeddedPAIDs[:]) {
		t.Fatalf("samples.json holds %v, but embeddedPAIDs in samples.go lists %v: list them there in the file's order", inFile, embeddedPAIDs)
	}
}

// TestListingSamplesBuildsNone lists the samples in a fresh process, where
// nothing has been built yet, and checks that it allocated no more than the
// list itself: parsing the set, or building the large samples, would show
// as hundreds of kilobytes to tens of megabytes.
func TestListingSamplesBuildsNone(t *testing.T) {
	const child = "PADVIEW_FAKE_LISTING_CHILD"
	if os.Getenv(child) == "1" {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		ids := SamplePAIDs()
		runtime.ReadMemStats(&after)
		fmt.Printf("listed %d samples, allocated %d bytes\n", len(ids), after.TotalAlloc-before.TotalAlloc)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestListingSamplesBuildsNone$", "-test.count=1")
	cmd.Env = append(os.Environ(), child+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	var n, bytes int
	for _, line := range strings.Split(string(out), "\n") {
		if _, err := fmt.Sscanf(line, "listed %d samples, allocated %d bytes", &n, &bytes); err == nil {
			break
		}
	}
	if n != len(embeddedPAIDs)+2 {
		t.Fatalf("child listed %d samples:\n%s", n, out)
	}
	if bytes > 1024 {
		t.Errorf("listing the samples allocated %d bytes: something was built", bytes)
	}
}

func TestServerAuthViewsAndLimit(t *testing.T) {
	s, err := Start(Options{Limit: 3, Window: time.Hour, RateHeaders: TrioHeaders})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if resp, _ := get(t, s.URL+"/advertisement/AB12CD", ""); resp.StatusCode != 401 {
		t.Errorf("no token: %d", resp.StatusCode)
	}
	if resp, _ := get(t, s.URL+"/advertisement/AB12CD", "wrong"); resp.StatusCode != 401 {
		t.Errorf("wrong token: %d", resp.StatusCode)
	}
	resp, body := get(t, s.URL+"/advertisement/AB12CD", DemoToken)
	if resp.StatusCode != 200 || strings.Contains(body, "maren.holt@") || strings.Contains(body, "info@estuary") || strings.Contains(body, "privacy@") ||
		strings.Contains(body, "+44") || strings.Contains(body, "+48") || strings.Contains(body, "Quayside") || strings.Contains(body, "Mill Lane") {
		t.Errorf("standard view leaks personal data: %s", body)
	}
	resp, body = get(t, s.URL+"/advertisement-full/AB12CD", DemoToken)
	if resp.StatusCode != 200 || !strings.Contains(body, "maren.holt@riverside-civic.example") {
		t.Errorf("full view: %d %s", resp.StatusCode, body[:80])
	}
	if resp.Header.Get("RateLimit-Remaining") != "1" {
		t.Errorf("remaining after 2 counted requests: %q", resp.Header.Get("RateLimit-Remaining"))
	}
	if resp, _ := get(t, s.URL+"/advertisement/NOPE", DemoToken); resp.StatusCode != 404 {
		t.Errorf("unknown PAID: %d", resp.StatusCode)
	}
	resp, _ = get(t, s.URL+"/advertisement/AB12CD", DemoToken)
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Errorf("over the limit across both views: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if st := s.Stats(); st.RateLimited != 1 {
		t.Errorf("stats %+v", st)
	}
}
