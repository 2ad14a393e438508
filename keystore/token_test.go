package keystore

import (
	"errors"
	"strings"
	"testing"
)

func TestCleanTokenAccepts(t *testing.T) {
	for in, want := range map[string]string{
		"tok-AAAA1111":          "tok-AAAA1111",
		"tok-AAAA1111\n":        "tok-AAAA1111", // a pipe's line ending
		"  tok-AAAA1111 \r\n":   "tok-AAAA1111", // a paste's surroundings
		"aB3._~+/-xyz==":        "aB3._~+/-xyz==",
		"eyJhbGciOi.eyJzdWIi.S": "eyJhbGciOi.eyJzdWIi.S",
	} {
		got, err := CleanToken(in)
		if err != nil || got != want {
			t.Errorf("CleanToken(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestCleanTokenRefuses(t *testing.T) {
	for in, reason := range map[string]string{
		"":                           "empty",
		" \t\n":                      "only whitespace",
		"T\nX\n":                     "spans 2 lines",
		"T\r\nX\r\nY":                "spans 3 lines",
		"T\rX":                       "spans 2 lines",
		"T\u2028X":                   "spans 2 lines",
		"two words":                  "a space at character 4",
		"tab\tbed":                   "a tab at character 4",
		"abc\u00a0def":               "no-break space (U+00A0) at character 4",
		"abc\u2003def":               "space character (U+2003)",
		"bell\x07":                   "control character (U+0007) at character 5",
		"del\x7fx":                   "control character (U+007F)",
		"c1\u009bx":                  "control character (U+009B)",
		"zero\u200bwidth":            "invisible character (U+200B)",
		"\ufefftok":                  "invisible character (U+FEFF) at character 1",
		"bidi\u202etok":              "invisible character (U+202E)",
		"caf\u00e9":                  "non-ASCII character (U+00E9)",
		"bad\xffutf8":                "not valid UTF-8",
		strings.Repeat("a", 5000):    "the most is 4096",
		"secretpart\u00a0secretpart": "U+00A0",
	} {
		_, err := CleanToken(in)
		var te *TokenError
		if err == nil || !errors.As(err, &te) || !errors.Is(err, ErrBadToken) {
			t.Errorf("CleanToken(%.40q) = %v; want a *TokenError", in, err)
			continue
		}
		if !strings.Contains(err.Error(), reason) {
			t.Errorf("CleanToken(%.40q): %q does not say %q", in, err, reason)
		}
		if strings.Contains(err.Error(), "secretpart") {
			t.Errorf("the reason quotes the token: %q", err)
		}
	}
}

func TestEnvTokenFollowsTheRule(t *testing.T) {
	for _, bad := range []string{"T\nX", "abc\u00a0def", "  ", "bell\x07"} {
		s := mockStore(t, map[string]string{EnvToken: bad})
		_ = s.Save("default", "keyring-token")
		tok, src, err := s.Token("default")
		if !errors.Is(err, ErrBadToken) || src != SourceEnv || tok != "" || !strings.Contains(err.Error(), EnvToken) {
			t.Errorf("PADVIEW_TOKEN=%q: %q, %v, %v", bad, tok, src, err)
		}
	}
}

func TestKeyringTokenFollowsTheRule(t *testing.T) {
	s := New(WithEnv(env(nil)), WithAvailability(func() error { return nil }), WithBackend(fixedBackend("old\nstored")))
	if _, src, err := s.Token("default"); !errors.Is(err, ErrBadToken) || src != SourceKeyring || !strings.Contains(err.Error(), "keyring") {
		t.Fatalf("stored bad token: %v %v", src, err)
	}
}

func TestSaveStoresTheCleanedToken(t *testing.T) {
	s := mockStore(t, nil)
	if err := s.Save("default", "  tok-1234\n"); err != nil {
		t.Fatal(err)
	}
	if tok, _, _ := s.Token("default"); tok != "tok-1234" {
		t.Fatalf("stored %q", tok)
	}
}

func TestSourceReadsAfterFrom(t *testing.T) {
	if SourceEnv.String() != "PADVIEW_TOKEN" || SourceKeyring.String() != "the OS keyring" {
		t.Fatalf("%q %q", SourceEnv, SourceKeyring)
	}
}

type fixedBackend string

func (f fixedBackend) Get(string, string) (string, error) { return string(f), nil }
func (fixedBackend) Set(string, string, string) error     { return nil }
func (fixedBackend) Delete(string, string) error          { return nil }

func TestCheckTokenIsCleanTokensVerdict(t *testing.T) {
	if err := CheckToken(" tok-1234\n"); err != nil {
		t.Fatal(err)
	}
	if err := CheckToken("abc\u00a0def"); !errors.Is(err, ErrBadToken) {
		t.Fatalf("NBSP accepted: %v", err)
	}
}
