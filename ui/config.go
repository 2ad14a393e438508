package ui

import (
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/vocab"
)

// TokenSaver is all the UI needs of the keystore: its one token rule, to
// check and clean what the user typed (the error says what is wrong and
// never quotes the token), to save the token, and to know beforehand
// whether it can. keystore.Store is one.
type TokenSaver interface {
	CleanToken(input string) (string, error)
	Save(profile, token string) error
	Available() error
}

// FieldsWriter adds a [fields] line to the config file padview reads, as
// `padview fields --write` adds it (the command line's one writer), and
// returns the vocabulary the profile reads answers with now. The error
// names the file and what to do. It is called off the UI goroutine.
type FieldsWriter func(line vocab.Mapping) (*vocab.Vocabulary, error)

// Config is what the command line hands the UI.
type Config struct {
	Profile     string
	BaseURL     string
	Token       string // empty: the token screen opens first
	TokenSource string // where Token came from, for the status line
	// NewClient builds a client for a token; called again when the user
	// enters a new token.
	NewClient func(token string) (*api.Client, error)
	// Tokens checks and saves the tokens entered. nil (the demo): they are
	// kept for the session only, checked by nothing but the service, with
	// the whitespace of a paste trimmed.
	Tokens TokenSaver
	// Fields adds the [fields] line the Other tab suggests for a member
	// (a, after a confirmation that names the table, "[fields]" or
	// "[profiles.NAME.fields]", and the config file). Once it has added
	// one, NewClient builds clients that read answers with it. nil (the
	// demo): there is no config file to add to, and a says so.
	Fields      FieldsWriter
	FieldsTable string
	FieldsFile  string
	// KeyringProblem says why the keyring cannot be used, when the command
	// line already found out; the token screen tells the user up front.
	KeyringProblem string
	// FullViewIdle returns to the standard view after this long without a
	// key press; zero means ten minutes.
	FullViewIdle time.Duration
	Samples      []string // PAIDs the empty state suggests
	FailureDemos []string // demo PAIDs that show error handling
	Changing     []string // demo PAIDs that change between polls, to watch
	Demo         bool
	Version      string // padview's version, as an export's provenance names it
	// Worklist holds the PAIDs given on the command line (`padview PAID…`,
	// `--list FILE`), in order: the UI opens on the first and steps through
	// them. Each entry is as the user gave it, a PAID or a pasted endpoint
	// URL, already accepted by api.ParsePAID; nil means no worklist.
	Worklist []string

	// The profile's rules for the full view and the privacy mask.
	FullViewNever bool // full_view = "never": f says the full view is disabled, and asks nothing
	RequireReason bool // require_reason = true: the confirmation needs a purpose
	Mask          bool // start with personal data masked (--mask, mask_personal_data)
	// AccessLog opens the access log that every full-view lookup is
	// recorded in before it is sent, as `get --full` records it. It is
	// called off the UI goroutine when a full-view lookup starts; nil means
	// full-view lookups are not recorded (access_log = false).
	AccessLog  func() (*audit.Log, error)
	AccessHost string // the service's host, as the access log names it
	// Watch opens the watch database for w and the History tab; create
	// says to create it when it is missing, and without create a missing
	// database is (nil, nil): nothing is watched, and looking leaves no
	// file behind. It is called off the UI goroutine, and again after a
	// failure; what it opened is closed when Run returns. nil: no watching.
	Watch func(create bool) (WatchStore, error)
	// Files, when set, are the answers the UI shows in place of the
	// service's (padview --file): no token, no request, and the banner
	// above the panes says where they came from.
	Files *FileAnswers
}
