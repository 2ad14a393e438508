package keystore

import (
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/zalando/go-keyring"
)

func env(vals map[string]string) func(string) string {
	return func(k string) string { return vals[k] }
}

// mockStore uses go-keyring's own mock provider.
func mockStore(t *testing.T, vars map[string]string) *Store {
	t.Helper()
	keyring.MockInit()
	return New(WithEnv(env(vars)), WithAvailability(func() error { return nil }))
}

func TestSaveTokenDelete(t *testing.T) {
	s := mockStore(t, nil)
	if _, _, err := s.Token("default"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("empty keyring: %v", err)
	}
	if err := s.Save("default", "tok-AAAA1111"); err != nil {
		t.Fatal(err)
	}
	if err := s.Save("staging", "tok-BBBB2222"); err != nil {
		t.Fatal(err)
	}
	tok, src, err := s.Token("default")
	if err != nil || tok != "tok-AAAA1111" || src != SourceKeyring {
		t.Fatalf("Token = %q, %v, %v", tok, src, err)
	}
	if tok, _, _ := s.Token("staging"); tok != "tok-BBBB2222" {
		t.Fatalf("profiles share an entry: %q", tok)
	}
	if err := s.Save("default", "tok-CCCC3333"); err != nil {
		t.Fatal(err)
	}
	if tok, _, _ := s.Token("default"); tok != "tok-CCCC3333" {
		t.Fatalf("overwrite: %q", tok)
	}
	if err := s.Delete("default"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Token("default"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after delete: %v", err)
	}
	if err := s.Delete("default"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("second delete: %v", err)
	}
}

func TestEnvOverridesKeyring(t *testing.T) {
	s := mockStore(t, map[string]string{EnvToken: " env-token-1 "})
	_ = s.Save("default", "keyring-token")
	tok, src, err := s.Token("default")
	if err != nil || tok != "env-token-1" || src != SourceEnv {
		t.Fatalf("Token = %q, %v, %v", tok, src, err)
	}
}

func TestRefusesBadTokens(t *testing.T) {
	s := mockStore(t, nil)
	for _, bad := range []string{"", "two words", "line\nbreak", "tab\tbed", "bell\x07"} {
		if err := s.Save("default", bad); err == nil {
			t.Errorf("saved %q", bad)
		}
	}
}

func TestUnavailableKeyringNeverFallsBack(t *testing.T) {
	keyring.MockInit()
	called := false
	s := New(WithEnv(env(nil)), WithBackend(backendFunc(func() { called = true })),
		WithAvailability(func() error { return errors.New("no session bus") }))
	err := s.Save("default", "tok-1234")
	if err == nil || !strings.Contains(err.Error(), EnvToken) || !strings.Contains(err.Error(), "not saved") {
		t.Fatalf("Save on unavailable keyring: %v", err)
	}
	if _, _, err := s.Token("default"); err == nil {
		t.Fatal("Token on unavailable keyring succeeded")
	}
	if called {
		t.Fatal("the backend was called although the keyring is unavailable")
	}
}

func TestKeyringErrorsAndTimeout(t *testing.T) {
	keyring.MockInitWithError(errors.New("collection is locked"))
	s := New(WithEnv(env(nil)), WithAvailability(func() error { return nil }))
	if _, _, err := s.Token("default"); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "locked") {
		t.Fatalf("error passthrough: %v", err)
	}
	// On synctest's clock the bound is exact. The abandoned call ends
	// when the keyring answers, an hour later: the bubble checks it does.
	synctest.Test(t, func(t *testing.T) {
		hang := New(WithEnv(env(nil)), WithTimeout(50*time.Millisecond), WithAvailability(func() error { return nil }),
			WithBackend(hangingBackend{}))
		start := time.Now()
		_, _, err := hang.Token("default")
		if took := time.Since(start); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "did not answer") || took != 50*time.Millisecond {
			t.Fatalf("hanging keyring: %v after %v", err, took)
		}
		time.Sleep(time.Hour)
	})
}

// Mask shows no character of a short token, and of a long one only the
// last four.
func TestMask(t *testing.T) {
	for token, want := range map[string]string{
		"wrong":                    "5 characters, not shown",
		"x":                        "1 character, not shown",
		"abcd1234secret":           "14 characters, not shown",
		"pad_live_0123456789abXYZ": "24 characters, ending bXYZ",
		"0123456789abcdefghij":     "20 characters, ending ghij",
		"0123456789abcdefghi":      "19 characters, not shown",
	} {
		got := Mask(token)
		if got != want {
			t.Errorf("Mask(%q) = %q, want %q", token, got, want)
		}
		if len(token) < MaskShowsFrom && len(token) > 1 && strings.Contains(got, token[:2]) {
			t.Errorf("Mask(%q) shows the token: %q", token, got)
		}
	}
}

type backendFunc func()

func (f backendFunc) Get(string, string) (string, error) { f(); return "", nil }
func (f backendFunc) Set(string, string, string) error   { f(); return nil }
func (f backendFunc) Delete(string, string) error        { f(); return nil }

type hangingBackend struct{}

func (hangingBackend) Get(string, string) (string, error) { time.Sleep(time.Hour); return "", nil }
func (hangingBackend) Set(string, string, string) error   { time.Sleep(time.Hour); return nil }
func (hangingBackend) Delete(string, string) error        { time.Sleep(time.Hour); return nil }
