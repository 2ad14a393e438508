package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode"

	"github.com/padview/padview/api/text"
)

// maxDetailBody is the largest error body searched for a code and message;
// error bodies are small, and a huge one is no place for a message.
const maxDetailBody = 1 << 20

// serverDetail finds the error code and the human message in an error
// body, from the shapes services commonly use: {"code","message"},
// {"error":{"code","message"}}, {"errorCode"}, {"error":"invalid_token",
// "error_description"}, problem+json {"type","title","detail"}, Google's
// {"error":{"status","message"}}, {"errors":[…]}. Both come back cleaned
// and clipped; either may be empty. status is the HTTP status, so that a
// numeric code that merely repeats it is not shown as the code.
func serverDetail(body []byte, status int) (code, msg string) {
	if len(body) == 0 || len(body) > maxDetailBody {
		return "", ""
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return "", ""
	}
	m, ok := v.(map[string]any)
	if !ok {
		return "", ""
	}
	code, msg = detailOf(m, status, 0)
	return clip(text.CleanText(code), 80), clip(text.CleanText(msg), 300)
}

var (
	messageKeys = []string{"message", "detail", "error_description", "errorMessage", "error_message", "description", "title", "msg", "reason"}
	codeKeys    = []string{"code", "errorCode", "error_code", "status", "type", "reason"}
	// vagueCodes say only that something failed (JSend's status, for one).
	vagueCodes = map[string]bool{"error": true, "fail": true, "failed": true, "failure": true, "about:blank": true}
)

// detailOf finds the code and the message in one object of an error
// body: its own message and code members first, then those of its
// "error" or "errors", at most three levels down.
func detailOf(m map[string]any, status, depth int) (code, msg string) {
	if depth > 3 {
		return "", ""
	}
	for _, k := range messageKeys {
		if s, ok := m[k].(string); ok && strings.TrimSpace(s) != "" && !(k == "reason" && looksLikeCode(s)) {
			msg = strings.TrimSpace(s)
			break
		}
	}
	for _, k := range codeKeys {
		if c := codeValue(m[k], status); c != "" {
			code = c
			break
		}
	}
	for _, k := range []string{"error", "errors"} {
		c, s := nestedDetail(m[k], status, depth)
		if code == "" && !vagueCodes[strings.ToLower(c)] {
			code = c
		}
		if msg == "" {
			msg = s
		}
	}
	return code, msg
}

// nestedDetail is the code and the message in the value of an "error" or
// "errors" member: a code or a sentence, an object, or a list whose first
// entry that says something counts.
func nestedDetail(v any, status, depth int) (code, msg string) {
	switch e := v.(type) {
	case string:
		if looksLikeCode(e) {
			return e, ""
		}
		return "", strings.TrimSpace(e)
	case map[string]any:
		return detailOf(e, status, depth+1)
	case []any:
		for _, it := range e {
			switch it := it.(type) {
			case string:
				msg = strings.TrimSpace(it)
			case map[string]any:
				code, msg = detailOf(it, status, depth+1)
			}
			if code != "" || msg != "" {
				break // the first entry that says something
			}
		}
	}
	return code, msg
}

// codeValue takes a code from a string that looks like one, or from a
// number other than the HTTP status.
func codeValue(v any, status int) string {
	switch c := v.(type) {
	case string:
		if looksLikeCode(c) && !vagueCodes[strings.ToLower(c)] {
			return c
		}
	case json.Number:
		if n, err := c.Int64(); err == nil && n != int64(status) && n != 0 {
			return strconv.FormatInt(n, 10)
		}
	}
	return ""
}

// looksLikeCode is true for a single machine word such as not_found,
// PERMISSION_DENIED or E1042, never for a sentence.
func looksLikeCode(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("_.:/-", r))) {
			return false
		}
	}
	return true
}

// endpointWords are what a router's or proxy's 404 says about an address
// it does not serve.
var endpointWords = []string{"endpoint", "route", "no handler", "cannot get", "unknown path", "path not found",
	"page not found", "no such path", "unknown url", "url not found", "not a valid url", "unknown resource path",
	"requested url", "was not found on this server"} // Apache's page, which may quote the path and so the PAID

// isMissingEndpoint decides whether a 404 is about the address rather than
// the advertisement, which is then a configuration problem (a wrong base
// URL) instead of "no advertisement with that PAID". The rule: a 404 whose
// code or message speaks of an endpoint, route, handler, path or URL is
// about the address; otherwise a JSON body or an empty one is about the
// advertisement, and a body that is not JSON (an HTML page, "404 page not
// found") is about the address unless it names the PAID or an
// advertisement: JSON APIs answer in JSON, routers and proxies do not.
func isMissingEndpoint(body []byte, paid, code, msg string) bool {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return false
	}
	isJSON := json.Valid(trimmed)
	said := strings.ToLower(code + " " + msg)
	if !isJSON {
		said = strings.ToLower(string(trimmed[:min(len(trimmed), 4096)]))
	}
	for _, w := range endpointWords {
		if strings.Contains(said, w) {
			return true
		}
	}
	if isJSON || strings.Contains(said, "advert") || (paid != "" && strings.Contains(said, strings.ToLower(paid))) {
		return false
	}
	return true
}

// repeats reports whether a server's message says no more than ours: the
// same words, or a part of them.
func repeats(ours, theirs string) bool {
	o, t := words(ours), words(theirs)
	return t == "" || strings.Contains(o, t)
}

// words lowercases s and keeps letters and digits, one space between words.
func words(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		} else {
			space = true
		}
	}
	return b.String()
}
