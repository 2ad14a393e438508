package keystore

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/zalando/go-keyring"

	"github.com/padview/padview/api/text"
)

// Service is the keyring service name padview's entries are stored under.
const Service = "padview"

// EnvToken is the environment variable that overrides the keyring.
const EnvToken = "PADVIEW_TOKEN"

// DefaultTimeout bounds every keyring call: go-keyring has none, and a
// keyring waiting on an unanswered unlock prompt would hang padview.
const DefaultTimeout = 3 * time.Second

// Source says where a token came from.
type Source int

const (
	SourceNone Source = iota
	SourceEnv
	SourceKeyring
)

// String names the source so that it reads after "from": "PADVIEW_TOKEN",
// "the OS keyring".
func (s Source) String() string {
	switch s {
	case SourceEnv:
		return EnvToken
	case SourceKeyring:
		return "the OS keyring"
	}
	return "nowhere"
}

var (
	// ErrNotFound means no token is stored for the profile.
	ErrNotFound = errors.New("no token stored")
	// ErrUnavailable means the keyring cannot be used on this machine now.
	ErrUnavailable = errors.New("the OS keyring is unavailable")
)

// Backend is the keyring itself; go-keyring's package functions by default.
type Backend interface {
	Get(service, user string) (string, error)
	Set(service, user, secret string) error
	Delete(service, user string) error
}

type goKeyring struct{}

func (goKeyring) Get(s, u string) (string, error) { return keyring.Get(s, u) }
func (goKeyring) Set(s, u, p string) error        { return keyring.Set(s, u, p) }
func (goKeyring) Delete(s, u string) error        { return keyring.Delete(s, u) }

// Store reads and writes tokens. The zero value is not usable; call New.
type Store struct {
	backend   Backend
	timeout   time.Duration
	getenv    func(string) string
	available func() error
}

// Option adjusts a Store.
type Option func(*Store)

// WithBackend replaces the OS keyring, for tests.
func WithBackend(b Backend) Option { return func(s *Store) { s.backend = b } }

// WithTimeout sets the bound on each keyring call.
func WithTimeout(d time.Duration) Option { return func(s *Store) { s.timeout = d } }

// WithEnv replaces os.Getenv, for tests.
func WithEnv(getenv func(string) string) Option { return func(s *Store) { s.getenv = getenv } }

// WithAvailability replaces the platform check for a usable keyring.
func WithAvailability(check func() error) Option { return func(s *Store) { s.available = check } }

// New returns a store backed by the OS keyring.
func New(opts ...Option) *Store {
	s := &Store{backend: goKeyring{}, timeout: DefaultTimeout, getenv: os.Getenv, available: platformAvailable}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Available returns nil when the keyring can be used, or an error that says
// why not.
func (s *Store) Available() error { return s.available() }

// Writable reports whether Save can store a profile's token now: nil, or
// an error that Is ErrUnavailable. It asks the keyring itself (a read of
// the profile's entry, present or not), not only the platform check, so
// that `token set` finds a keyring that is not there before it asks for
// a token the user would type in vain.
func (s *Store) Writable(profile string) error {
	if err := s.available(); err != nil {
		return err
	}
	err := s.call(func() error {
		_, err := s.backend.Get(Service, account(profile))
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	return err
}

// Token returns the token for a profile: PADVIEW_TOKEN when set, else the
// keyring's entry. A missing token is ErrNotFound; a token that breaks the
// token rule (see CleanToken) is an error that Is ErrBadToken and says why,
// with the source it came from.
func (s *Store) Token(profile string) (string, Source, error) {
	if t := s.getenv(EnvToken); t != "" {
		tok, err := CleanToken(t)
		if err != nil {
			return "", SourceEnv, refusal(err, EnvToken, "correct it, or unset it to use the keyring")
		}
		return tok, SourceEnv, nil
	}
	if err := s.available(); err != nil {
		return "", SourceNone, err
	}
	var tok string
	err := s.call(func() (err error) {
		tok, err = s.backend.Get(Service, account(profile))
		return err
	})
	if err != nil {
		return "", SourceNone, err
	}
	clean, err := CleanToken(tok)
	if err != nil {
		return "", SourceKeyring, refusal(err, fmt.Sprintf("the OS keyring's entry for profile %q", account(profile)), "store the token again")
	}
	return clean, SourceKeyring, nil
}

// CleanToken is the one token rule (the package's CleanToken), for those
// that hold the store behind an interface: the TUI checks what was typed
// by the same rule that saves it.
func (s *Store) CleanToken(input string) (string, error) { return CleanToken(input) }

// Save stores a token for a profile in the keyring, as CleanToken returns
// it; a token CleanToken refuses is not stored. It never falls back to a
// file: when the keyring is unavailable the error says so and offers
// PADVIEW_TOKEN.
func (s *Store) Save(profile, token string) error {
	token, err := CleanToken(token)
	if err != nil {
		return err
	}
	if err := s.available(); err != nil {
		return fmt.Errorf("%w; the token was not saved. Set %s in the environment instead", err, EnvToken)
	}
	return s.call(func() error { return s.backend.Set(Service, account(profile), token) })
}

// Delete removes a profile's token; deleting a missing one is ErrNotFound.
func (s *Store) Delete(profile string) error {
	if err := s.available(); err != nil {
		return err
	}
	return s.call(func() error { return s.backend.Delete(Service, account(profile)) })
}

// MaskShowsFrom is the shortest token Mask shows any characters of. Four
// characters of a 20-character token leave 16 hidden; of a shorter one
// they would give away too much, and the first ones are often a prefix
// every token shares.
const MaskShowsFrom = 20

// Mask describes a token for status lines without giving it away: its
// length, and its last four characters only when it is at least
// MaskShowsFrom long ("40 characters, ending x9Qz"); a shorter one shows
// none ("14 characters, not shown").
func Mask(token string) string {
	r := []rune(token)
	n := fmt.Sprintf("%d characters", len(r))
	if len(r) == 1 {
		n = "1 character"
	}
	if len(r) < MaskShowsFrom {
		return n + ", not shown"
	}
	return n + ", ending " + string(r[len(r)-4:])
}

func account(profile string) string {
	if profile == "" {
		return "default"
	}
	return profile
}

// call runs a keyring operation with the store's timeout. A call that does
// not answer is abandoned (its goroutine ends when the keyring answers).
func (s *Store) call(op func() error) error {
	done := make(chan error, 1)
	go func() { done <- op() }()
	t := time.NewTimer(s.timeout)
	defer t.Stop()
	select {
	case err := <-done:
		switch {
		case err == nil:
			return nil
		case errors.Is(err, keyring.ErrNotFound):
			return ErrNotFound
		}
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	case <-t.C:
		return fmt.Errorf("%w: the keyring did not answer within %s (is an unlock prompt waiting?)", ErrUnavailable, text.Duration(s.timeout))
	}
}
