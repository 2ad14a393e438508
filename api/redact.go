package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
)

// TokenMark stands where the token was, should the service echo it.
const TokenMark = "[token]"

// minRedacted is the shortest token looked for: a shorter one would match
// ordinary text of every answer (a real bearer token is far longer).
const minRedacted = 8

// redactor replaces the token wherever the service echoes it, as written
// or escaped (JSON, URL), before an answer or a failure becomes anything
// padview shows or keeps: the body, the headers, the text of an error. The
// client applies it to each response as it comes (Client.Get), so that
// the exchange, the document, the errors and everything made of them
// never hold the token.
type redactor struct{ forms [][]byte }

func newRedactor(token string) redactor {
	if len(token) < minRedacted {
		return redactor{}
	}
	forms := []string{token, url.QueryEscape(token), url.PathEscape(token)}
	if b, err := json.Marshal(token); err == nil { // escapes <, > and & too
		forms = append(forms, string(b[1:len(b)-1]))
	}
	plain := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(token)
	forms = append(forms, plain, strings.ReplaceAll(plain, "/", `\/`))
	var r redactor
	for _, f := range forms {
		seen := false
		for _, g := range r.forms {
			seen = seen || string(g) == f
		}
		if !seen {
			r.forms = append(r.forms, []byte(f))
		}
	}
	return r
}

// bytes returns b with every form of the token replaced; b itself when it
// holds none.
func (r redactor) bytes(b []byte) []byte {
	for _, f := range r.forms {
		if bytes.Contains(b, f) {
			b = bytes.ReplaceAll(b, f, []byte(TokenMark))
		}
	}
	return b
}

func (r redactor) string(s string) string {
	for _, f := range r.forms {
		if strings.Contains(s, string(f)) {
			s = strings.ReplaceAll(s, string(f), TokenMark)
		}
	}
	return s
}

// response takes the token out of one attempt's answer: the body, every
// header value (a redirect's Location too), and the error. An error whose
// text quotes the token (net/http quotes the bytes of a malformed answer)
// is replaced by one with the same text, the token marked: it then reads
// as a plain network failure.
func (r redactor) response(resp response) response {
	if len(r.forms) == 0 {
		return resp
	}
	resp.body = r.bytes(resp.body)
	if resp.resp != nil {
		redactHeader(r, resp.resp.Header)
	}
	if resp.err != nil {
		if msg := resp.err.Error(); r.string(msg) != msg {
			resp.err = errors.New(r.string(unwrapURLError(resp.err).Error()))
		}
	}
	return resp
}

func redactHeader(r redactor, h http.Header) {
	for k, vs := range h {
		for i, v := range vs {
			vs[i] = r.string(v)
		}
		if rk := r.string(k); rk != k {
			delete(h, k)
			h[rk] = vs
		}
	}
}
