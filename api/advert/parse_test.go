package advert

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// toAny converts a Value the way encoding/json decodes into any with
// UseNumber: for duplicate names the last one wins.
func toAny(v Value) any {
	switch v.Kind {
	case Null:
		return nil
	case Bool:
		return v.Bool
	case Number:
		return json.Number(v.Str)
	case String:
		return v.Str
	case Object:
		m := map[string]any{}
		for _, mem := range v.Members() {
			m[mem.Key] = toAny(mem.Value)
		}
		return m
	case Array:
		out := make([]any, len(v.Items()))
		for i, it := range v.Items() {
			out[i] = toAny(it)
		}
		return out
	}
	return "absent"
}

func stdDecode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

func checkAgainstStdlib(t *testing.T, data []byte) {
	v, err := ParseValue(data)
	if valid := json.Valid(data); valid != (err == nil) {
		t.Fatalf("ParseValue(%q): err %v, but encoding/json says valid=%v", data, err, valid)
	}
	if err != nil || !utf8.Valid(data) {
		return // encoding/json rewrites invalid UTF-8; we keep it
	}
	want, _ := stdDecode(data)
	if got := toAny(v); !reflect.DeepEqual(got, want) {
		t.Fatalf("ParseValue(%q) = %#v, encoding/json %#v", data, got, want)
	}
	// And it writes back to the same value.
	again, err := ParseValue(v.AppendJSON(nil))
	if err != nil || !reflect.DeepEqual(toAny(again), want) {
		t.Fatalf("round trip of %q: %v", data, err)
	}
}

func TestParseValueMatchesStdlib(t *testing.T) {
	for _, s := range []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `-1.5e+10`, `1E3`, `"x"`, ` {"a" : [1, 2, {"b": null}] } `,
		`"\u00e9\n\t\"\\\/\b\f\r"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\ud83dx"`, `"\ud83d\u0041"`, `{"a":1,"a":2}`,
		`01`, `1.`, `.5`, `+1`, `1e`, `-`, `[1,]`, `{"a":1,}`, `{"a"}`, `{1:2}`, `"abc`, "\"a\x01b\"", `"\x"`, `"\u12"`,
		`tru`, `nul`, `[1 2]`, `{} {}`, `[`, `{"a":`, "\ufeff{}", `"` + strings.Repeat("é", 100) + `"`,
	} {
		checkAgainstStdlib(t, []byte(s))
	}
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001) // jsontext stops at 10,000 levels
	if _, err := ParseValue([]byte(deep)); err == nil {
		t.Fatal("nesting beyond the limit accepted")
	}
	_, err := ParseValue([]byte(`{"a": [1, 2,, 3]}`))
	if se, ok := err.(*SyntaxError); !ok || se.Offset != 12 {
		t.Fatalf("error offset: %v", err)
	}
}

func FuzzParseValue(f *testing.F) {
	for _, s := range []string{`{"a":[1,"b",{"c":null}]}`, `"\ud83d\ude00"`, `-1.5e-3`, `{"a":1,"a":2}`, `[`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		checkAgainstStdlib(t, data)
	})
}

func TestDuplicateNames(t *testing.T) {
	var warnings []string
	v, err := parseUnique([]byte(`{"a":1,"b":{"x":"same","x":"same","y":[{"k":"Acme Ltd","k":"Evil\u202eCorp"}]},"a":2,"a":1}`),
		func(w func() string) { warnings = append(warnings, w()) })
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Text(); got != `{"a":1,"b":{"x":"same","y":[{"k":"Acme Ltd"}]}}` {
		t.Errorf("deduplicated: %s", got)
	}
	want := []string{
		`"/b/y/0": member "k" appears more than once; kept the first value "Acme Ltd", not "Evil\u202eCorp"`,
		`the top level: member "a" appears more than once; kept the first value 1, not 2`,
	}
	if strings.Join(warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warnings, "\n"), strings.Join(want, "\n"))
	}
	// A large object is checked by sorting, not pairwise.
	var b strings.Builder
	b.WriteString(`{`)
	for i := range 100 {
		fmt.Fprintf(&b, `"k%d":%d,`, i, i)
	}
	b.WriteString(`"k7":"other","k50":50}`)
	warnings = nil
	v, err = parseUnique([]byte(b.String()), func(w func() string) { warnings = append(warnings, w()) })
	if err != nil || v.Len() != 100 || len(warnings) != 1 || !strings.Contains(warnings[0], `"k7"`) {
		t.Errorf("large object: %d members, %q, %v", v.Len(), warnings, err)
	}
	// ParseValue keeps every member as sent.
	if v, _ := ParseValue([]byte(`{"a":1,"a":2}`)); v.Len() != 2 {
		t.Errorf("ParseValue dropped a duplicate: %s", v.Text())
	}
}

func TestValueCap(t *testing.T) {
	// The shapes the cap must catch, at a small cap and with containers
	// counted ahead from 100 children: the counting is the same at any cap.
	realCap, realLarge := maxValues, largeContainer
	defer func() { maxValues, largeContainer = realCap, realLarge }()
	maxValues, largeContainer = 1000, 100
	for name, body := range map[string]string{
		"array":          "[" + strings.Repeat("1,", maxValues) + "1]",
		"object":         "{" + strings.Repeat(`"k":1,`, maxValues) + `"k":1}`,
		"nested":         "[" + strings.Repeat("[1,2],", maxValues/3+1) + "[]]",
		"counted values": "[" + strings.Repeat("[],", maxValues-1) + "[]]",
	} {
		_, err := ParseValue([]byte(body))
		var tooMany *TooManyValuesError
		if !errors.As(err, &tooMany) || tooMany.Max != maxValues {
			t.Errorf("%s: %v", name, err)
		}
	}
	// The real cap: one value more is refused, with the figure; one fewer
	// is read, and a large container whole.
	maxValues, largeContainer = realCap, realLarge
	_, err := ParseValue([]byte("[" + strings.Repeat("1,", MaxValues) + "1]"))
	if err == nil || !strings.Contains(err.Error(), "the answer has more than 1500000 values") {
		t.Errorf("past the cap: %v", err)
	}
	body := "[" + strings.Repeat("1,", MaxValues-2) + "1]"
	if v, err := ParseValue([]byte(body)); err != nil || v.Len() != MaxValues-1 {
		t.Fatalf("at the cap: %v", err)
	}
}

// TestLargeContainers checks the containers counted ahead (presize)
// against encoding/json, with duplicates, nesting and a bad byte late on.
func TestLargeContainers(t *testing.T) {
	defer func(n int) { largeContainer = n }(largeContainer)
	largeContainer = 1000
	var b strings.Builder
	b.WriteString(`{"list":[`)
	for i := range largeContainer + 10 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"i":%d,"s":"x\ty"}`, i)
	}
	b.WriteString(`],"obj":{`)
	for i := range largeContainer + 10 {
		fmt.Fprintf(&b, `"k%d":[%d],`, i, i)
	}
	b.WriteString(`"k0":"dup"}}`)
	checkAgainstStdlib(t, []byte(b.String()))
	var warnings []string
	v, err := parseUnique([]byte(b.String()), func(w func() string) { warnings = append(warnings, w()) })
	obj, _ := v.Get("obj")
	if err != nil || obj.Len() != largeContainer+10 || len(warnings) != 1 {
		t.Fatalf("large object: %d members, %v, %v", obj.Len(), warnings, err)
	}
	late := fmt.Sprintf(`"k%d"`, largeContainer+5) // read in the counting pass first
	bad := strings.Replace(b.String(), late, late+` x`, 1)
	if _, err := ParseValue([]byte(bad)); err == nil {
		t.Fatal("a bad byte in a large object was accepted")
	}
}

func TestAppendQuotedEscapesInvisible(t *testing.T) {
	s := "a\x00\x1b[31m\x7f\u0085\u009b\u00ad\u061c\u200b\u200c\u200d\u200e\u200f\u202a\u202e\u2028\u2029\u2066\u2069\ufe0f\ufeff\U000e0041\U000e0100é大🚃\"\\/<>&\n\t\xff"
	b := AppendQuoted(nil, s)
	for _, r := range string(b) {
		if IsInvisible(r) || r >= 0x80 && r != 'é' && r != '大' && r != '🚃' {
			t.Errorf("%U written raw in %s", r, b)
		}
	}
	var back string
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if want := strings.ToValidUTF8(s, "\uFFFD"); back != want {
		t.Errorf("round trip: %q, want %q", back, want)
	}
	if !strings.Contains(string(b), `\u202e`) || !strings.Contains(string(b), `\udb40\udc41`) || !strings.Contains(string(b), `\n\t`) {
		t.Errorf("escapes: %s", b)
	}
	// Member names and nested values, in the document too.
	d, err := Normalize([]byte(`{"advertiser":{"c\u202eity":"x\u0085"},"other\u200b":{"a":["\u2066"]}}`), "X", Standard)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := d.MarshalJSON()
	for _, r := range string(out) {
		if r >= 0x80 {
			t.Fatalf("%U written raw in %s", r, out)
		}
	}
	var doc map[string]any
	if err := json.Unmarshal(out, &doc); err != nil || doc["advertiser"].(map[string]any)["c\u202eity"] != "x\u0085" {
		t.Fatalf("document round trip: %v %v", err, doc)
	}
	var streamed bytes.Buffer
	if err := d.WriteJSON(&streamed); err != nil || streamed.String() != string(out) {
		t.Fatalf("WriteJSON differs from MarshalJSON: %v\n%s\n%s", err, streamed.String(), out)
	}
}
