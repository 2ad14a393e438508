package fake

import (
	"io"
	"net/http"
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
		ad := samples().byPAID[id]
		for _, g := range []string{"advertiser", "campaign", "basicInformation"} {
			if _, ok := ad.Get(g); !ok {
				t.Errorf("%s lacks %s", id, g)
			}
		}
		// Fictional contact data only.
		for _, m := range []string{"email"} {
			adv, _ := ad.Get("advertiser")
			if e, ok := adv.Get(m); ok && e.Kind == advert.String && !strings.HasSuffix(e.Str, ".example") {
				t.Errorf("%s: %s %q is not an .example address", id, m, e.Str)
			}
		}
	}
	for _, id := range []string{"AB12CD", "PAD-2026-000000123456", ManySponsorsPAID} {
		if !have[id] {
			t.Errorf("sample %s missing", id)
		}
	}
	sp, _ := samples().byPAID[ManySponsorsPAID].Get("sponsors")
	if sp.Len() != 5000 {
		t.Errorf("large sample has %d sponsors", sp.Len())
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
