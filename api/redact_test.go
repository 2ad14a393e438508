package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
)

// echoToken is a token with characters JSON and URLs escape.
const echoToken = "pv_live/AbC+9&x<y>"

// echoServer answers each PAID by echoing the Authorization header back in
// another way, as careless services do.
func echoServer(t *testing.T) *httptest.Server {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		tok := strings.TrimPrefix(auth, "Bearer ")
		paid := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		w.Header().Set("Content-Type", "application/json")
		switch paid {
		case "ECHO401":
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token", token="`+tok+`"`)
			w.WriteHeader(http.StatusUnauthorized)
			b, _ := json.Marshal(map[string]any{"error": map[string]string{"code": "invalid_token", "message": "token " + tok + " is not valid"}})
			w.Write(b)
		case "ECHOOK":
			w.Header().Set("X-Request-Id", "req-"+tok)
			b, _ := json.Marshal(map[string]any{"paid": paid, "advertiser": map[string]string{"companyName": "Echo " + tok}})
			w.Write(b)
		case "ECHOTEXT":
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprintf(w, "upstream said: %s (%s)", auth, url.QueryEscape(tok))
		case "ECHOMOVED":
			w.Header().Set("Location", "https://elsewhere.example/?t="+url.QueryEscape(tok))
			w.WriteHeader(http.StatusFound)
		case "ECHOBROKEN":
			// Not HTTP at all: net/http quotes what it got in its error.
			conn, buf, _ := w.(http.Hijacker).Hijack()
			buf.WriteString("HTTP/1.1 200 OK\r\nX-Token " + tok + "\r\n\r\n")
			buf.Flush()
			conn.Close()
		}
	}))
	t.Cleanup(s.Close)
	return s
}

// Whatever the service does with the token, nothing the client returns
// holds it: not the exchange (body, headers, attempts), not the document,
// not the error; "[token]" stands in its place.
func TestTheEchoedTokenIsNeverReturned(t *testing.T) {
	s := echoServer(t)
	c := newClient(t, s.URL+"/v1", echoToken, api.Options{MaxRetries: -1})
	forms := []string{echoToken, url.QueryEscape(echoToken), `pv_live\/AbC+9\u0026x\u003cy\u003e`}
	for _, paid := range []string{"ECHO401", "ECHOOK", "ECHOTEXT", "ECHOMOVED", "ECHOBROKEN"} {
		t.Run(paid, func(t *testing.T) {
			doc, ex, err := c.Get(context.Background(), paid, advert.Standard)
			var all strings.Builder
			if err != nil {
				fmt.Fprintf(&all, "%v\n%+v\n", err, err)
			}
			if ex != nil {
				logJSON, _ := json.Marshal(ex.Log)
				fmt.Fprintf(&all, "%s\n%v\n%s\n%s\n%s\n", ex.Body, ex.Headers, ex.RequestID, logJSON, ex.Log)
			}
			if doc != nil {
				name, _ := doc.Advertiser.Get("companyName")
				fmt.Fprintf(&all, "%s\n%s\n", doc.Raw, name.Text())
			}
			got := all.String()
			for _, f := range forms {
				if strings.Contains(got, f) {
					t.Fatalf("the token (as %q) reached what the client returned:\n%s", f, got)
				}
			}
			if paid != "ECHOBROKEN" && !strings.Contains(got, api.TokenMark) {
				t.Errorf("no %s where the token was:\n%s", api.TokenMark, got)
			}
		})
	}
	// The document is still read: the echo is replaced, not the answer.
	doc, _, err := c.Get(context.Background(), "ECHOOK", advert.Standard)
	if err != nil {
		t.Fatal(err)
	}
	if name, _ := doc.Advertiser.Get("companyName"); name.Text() != "Echo "+api.TokenMark {
		t.Fatalf("the answer around the echo: %q", name.Text())
	}
}

// BenchmarkRedactAnswer is what looking for the token costs an answer
// that does not echo it, at the largest size padview reads (32 MiB); the
// client pays it once per response: "plain", an answer with no escapes;
// "escaped", one dense with them (every accented letter \u-escaped, as
// Python writes JSON, an ampersand and a percent sign in each record);
// "hostile", nothing but the starts of escapes. A token that holds an
// escape character itself (\ % &) is looked for more slowly ("token
// with &"): every escape is read at every layer (see layer.eager).
func BenchmarkRedactAnswer(b *testing.B) {
	bodies := []struct{ name, rec string }{
		{"plain", `{"name":"Verkehrsclub Oberrhein","city":"Freiburg im Breisgau"},`},
		{"escaped", `{"name":"Soci\u00e9t\u00e9 &amp; Fr\u00e8res","url":"https://x.example/a%20b"},`},
		{"hostile", `&#x&#x&#x\u\u\u%%%&amp&lt\ud83d\u0026amp%2\u0026\u0026%25%25`},
	}
	for _, tok := range []struct{ name, token string }{{"token", "pvt_9fQ2xLr8ZkT4mW7nB3cVq1Hs"}, {"token with &", echoToken}} {
		for _, body := range bodies {
			in := []byte(strings.Repeat(body.rec, (32<<20)/len(body.rec)))
			b.Run(tok.name+"/"+body.name, func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					api.RedactForBench(tok.token, in)
				}
			})
		}
	}
}
