package advert

import (
	"bytes"
	"encoding/json"
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
		for _, mem := range v.Members {
			m[mem.Key] = toAny(mem.Value)
		}
		return m
	case Array:
		out := make([]any, len(v.Items))
		for i, it := range v.Items {
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
	deep := strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1)
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
