package api

import (
	"encoding/base64"
	"errors"
	"net/http"
	"slices"
	"strings"
)

// TokenMark stands where the token was, should the service echo it.
const TokenMark = "[token]"

// minRedacted is the shortest token looked for: a shorter one would match
// ordinary text of every answer (a real bearer token is far longer).
const minRedacted = 8

// redactor replaces the token wherever the service echoes it, before an
// answer or a failure becomes anything padview shows or keeps: the body,
// the headers, the text of an error. The client applies it to each
// response as it comes (Client.Get), so that the exchange, the document,
// the errors and everything made of them (the screen, --json, -v, Raw, the
// exports and the notice, the watch history and its hook, the access log)
// never hold the token.
//
// It finds the token however a service may have encoded it, each of its
// characters in any of these ways and the ways mixed:
//
//   - as written, in any letter case;
//   - JSON escapes: \u003c (either case of hex, any character, surrogate
//     pairs), \/ \\ \" and the rest, and JavaScript's \x3c;
//   - percent-encoding, of any character, in either case (%2f, %2F, %41);
//   - HTML character references: named (&lt; &amp; &sol;) and numeric
//     (&#60; &#x3C; &#0060), with or without the closing semicolon for
//     the numeric ones;
//   - the above nested up to three deep, where each encoding escaped the
//     one below's escape character, as encoders do (\u0026lt; is JSON
//     over HTML, %253C percent-encoding twice);
//   - base64, standard or URL-safe, padded or not, of the token alone or
//     inside anything longer ("Bearer <token>", a whole header block): the
//     characters that depend on the token alone are replaced.
//
// Looking costs one pass over the bytes, linear in their length whatever
// they hold (scan.go).
type redactor struct {
	m *matcher // nil when no token is looked for
	// literal, when the token holds a character that starts an escape
	// (\ % &), looks for it in the bytes as written too, where their
	// decoded reading would read it as an escape; m then reads escapes
	// eagerly (see layer), where the token's own escape characters may
	// stand.
	literal *matcher
}

func newRedactor(token string) redactor {
	if len(token) < minRedacted {
		return redactor{}
	}
	patterns := [][]byte{[]byte(token)}
	var r redactor
	if strings.ContainsAny(token, `\%&`) {
		// The token's own escape characters are read as escapes too: an
		// echo of it, decoded, reads as the token decoded one, two or
		// three layers fewer deep.
		r.literal = newMatcher(patterns)
		for depth := 1; depth <= decodeDepth; depth++ {
			if d := decoded([]byte(token), depth); len(d) >= minRedacted {
				patterns = append(patterns, d)
			}
		}
	}
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		for align := range 3 {
			if p := base64Middle(enc, token, align); len(p) >= minRedacted {
				patterns = append(patterns, p)
			}
		}
	}
	r.m = newMatcher(patterns)
	return r
}

// base64Middle is the part of the base64 of token, preceded by align
// bytes, that depends on the token's bytes alone: what any base64 text
// holding the token at that alignment (mod 3) holds, whatever stands
// around it.
func base64Middle(enc *base64.Encoding, token string, align int) []byte {
	in := make([]byte, align+len(token))
	copy(in[align:], token)
	out := make([]byte, enc.EncodedLen(len(in)))
	enc.Encode(out, in)
	from := (8*align + 5) / 6            // the first character made of token bits alone
	to := (8 * (align + len(token))) / 6 // past the last one
	if to > len(out) {
		to = len(out)
	}
	if from >= to {
		return nil
	}
	return out[from:to]
}

// bytes returns b with every form of the token replaced by TokenMark; b
// itself when it holds none.
func (r redactor) bytes(b []byte) []byte {
	if r.m == nil {
		return b
	}
	spans := r.m.find(b, decodeDepth, r.literal != nil)
	if r.literal != nil {
		spans = append(spans, r.literal.find(b, 0, false)...)
	}
	if len(spans) == 0 {
		return b
	}
	slices.SortFunc(spans, func(x, y span) int { return x.from - y.from })
	out := make([]byte, 0, len(b))
	last := 0
	for i := 0; i < len(spans); {
		from, to := spans[i].from, spans[i].to
		for i++; i < len(spans) && spans[i].from <= to; i++ { // overlapping or touching: one mark
			to = max(to, spans[i].to)
		}
		out = append(out, b[last:from]...)
		out = append(out, TokenMark...)
		last = to
	}
	return append(out, b[last:]...)
}

func (r redactor) string(s string) string {
	if r.m == nil {
		return s
	}
	if b := r.bytes([]byte(s)); string(b) != s {
		return string(b)
	}
	return s
}

// response takes the token out of one attempt's answer: the body, every
// header value (a redirect's Location too), and the error. An error whose
// text quotes the token (net/http quotes the bytes of a malformed answer)
// is replaced by one with the same text, the token marked: it then reads
// as a plain network failure.
func (r redactor) response(resp response) response {
	if r.m == nil {
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
