package fake

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
)

// Echo is one way a careless or hostile service echoes the bearer token
// it was sent: Text is what it writes, named by Name.
type Echo struct{ Name, Text string }

// TokenEchoes lists the ways services echo a token that padview's client
// sees through (api's redactor): as written and in another letter case;
// JSON escapes as Go writes them (<>& as \u003c), of every character in
// either case of hex, and JavaScript's \x; percent-encoding of every or
// every other character in either case, and as net/url writes it; HTML
// references, named and numeric, with and without semicolons; encodings
// over one another (JSON over HTML, percent twice); a mixture character
// by character; and base64 of the token, of "Bearer <token>" and of a
// request's head, in both alphabets, in JSON with \/ and percent-encoded.
func TokenEchoes(t string) []Echo {
	out := []Echo{
		{"as written", t},
		{"upper case", strings.ToUpper(t)},
		{"lower case", strings.ToLower(t)},
		{"JSON as Go writes it", jsonText(t)},
		{`JSON with \/`, strings.ReplaceAll(jsonText(t), "/", `\/`)},
		{`JSON \u of every character`, eachRune(t, func(r rune, _ int) string { return fmt.Sprintf(`\u%04x`, r) })},
		{`JSON \u of every character, upper case`, eachRune(t, func(r rune, _ int) string { return fmt.Sprintf(`\u%04X`, r) })},
		{`JavaScript \x`, eachRune(t, func(r rune, _ int) string { return fmt.Sprintf(`\x%02x`, r) })},
		{"query escape", url.QueryEscape(t)},
		{"path escape", url.PathEscape(t)},
		{"percent, every character, lower case", eachRune(t, func(r rune, _ int) string { return fmt.Sprintf("%%%02x", r) })},
		{"percent, every character, upper case", eachRune(t, func(r rune, _ int) string { return fmt.Sprintf("%%%02X", r) })},
		{"percent, every other character", eachRune(t, func(r rune, i int) string {
			if i%2 == 1 {
				return fmt.Sprintf("%%%02x", r)
			}
			return string(r)
		})},
		{"HTML as html.EscapeString writes it", html.EscapeString(t)},
		{"HTML names", strings.NewReplacer("/", "&sol;", "+", "&plus;", "_", "&lowbar;", "<", "&LT;", ">", "&gt;", "&", "&amp;", ":", "&colon;", ".", "&period;").Replace(t)},
		{"HTML decimal", eachRune(t, func(r rune, _ int) string { return fmt.Sprintf("&#%d;", r) })},
		{"HTML decimal, zeros, no semicolons", eachRune(t, func(r rune, _ int) string { return fmt.Sprintf("&#000%d", r) }) + ";"},
		{"HTML hex", eachRune(t, func(r rune, _ int) string { return fmt.Sprintf("&#x%x;", r) })},
		{"HTML hex, upper X", eachRune(t, func(r rune, _ int) string { return fmt.Sprintf("&#X%X;", r) })},
		{"JSON over HTML", jsonText(html.EscapeString(t))},
		{"percent twice", url.QueryEscape(url.QueryEscape(t))},
		{`JSON \u over percent`, strings.ReplaceAll(url.QueryEscape(t), "%", `\u0025`)},
		{"mixed, character by character", eachRune(t, func(r rune, i int) string {
			switch i % 5 {
			case 0:
				return fmt.Sprintf(`\u%04X`, r)
			case 1:
				return fmt.Sprintf("%%%02x", r)
			case 2:
				return fmt.Sprintf("&#%d;", r)
			case 3:
				return fmt.Sprintf("&#x%x;", r)
			}
			return string(r)
		})},
	}
	for _, enc := range []struct {
		name string
		e    *base64.Encoding
	}{{"base64", base64.StdEncoding}, {"base64url", base64.RawURLEncoding}} {
		for _, of := range []struct{ name, text string }{
			{"the token", t},
			{`"Bearer <token>"`, "Bearer " + t},
			{"a request's head", "GET /v1/advertisement/X HTTP/1.1\r\nAuthorization: Bearer " + t + "\r\nAccept: */*\r\n"},
		} {
			s := enc.e.EncodeToString([]byte(of.text))
			out = append(out,
				Echo{enc.name + " of " + of.name, s},
				Echo{enc.name + " of " + of.name + `, JSON with \/`, strings.ReplaceAll(s, "/", `\/`)},
				Echo{enc.name + " of " + of.name + ", query escape", url.QueryEscape(s)})
		}
	}
	return out
}

func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// eachRune writes f of each rune of s and its index.
func eachRune(s string, f func(r rune, i int) string) string {
	var b strings.Builder
	i := 0
	for _, r := range s {
		b.WriteString(f(r, i))
		i++
	}
	return b.String()
}

// jsonString writes text as a JSON string: as it is where that is valid
// JSON (an echo in JSON escapes stays as the service wrote it), else
// escaped.
func jsonString(text string) string {
	if q := `"` + text + `"`; json.Valid([]byte(q)) {
		return q
	}
	b, _ := json.Marshal(text)
	return string(b)
}

// echoBody adds to an advertisement's JSON an "echo" member holding the
// token in every way TokenEchoes lists: as each value, and as each
// member's name.
func echoBody(body []byte, token string) []byte {
	i := strings.LastIndexByte(string(body), '}')
	if i < 0 {
		return body
	}
	var b strings.Builder
	b.Write(body[:i])
	b.WriteString(`,"echo":{"values":{`)
	echoes := TokenEchoes(token)
	for n, e := range echoes {
		if n > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s:%s", jsonString(e.Name), jsonString(e.Text))
	}
	b.WriteString(`},"names":{`)
	for n, e := range echoes {
		if n > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s:%s", jsonString(e.Text), jsonString(e.Name))
	}
	b.WriteString("}}")
	b.Write(body[i:])
	return []byte(b.String())
}

// echoHeaders sets a header for each echo.
func echoHeaders(h http.Header, token string) {
	for n, e := range TokenEchoes(token) {
		h.Set(fmt.Sprintf("X-Echo-%d", n+1), e.Text)
	}
}
