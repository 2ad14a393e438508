package audit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"sync"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/signals"
	"github.com/padview/padview/api/statedir"
)

// Events a line records.
const (
	EventRequest = "request" // written before the request is sent
	EventOutcome = "outcome" // written when the answer (or failure) came
	EventExport  = "export"  // written before a full-view answer is saved to a file (or the CLI's stdout)
	// EventFileView is written before the answers of a file said to be of
	// the full view are shown (padview --file with --view full).
	EventFileView = "file view"
)

// genesis is the "previous hash" of the first line.
const genesis = "0000000000000000000000000000000000000000000000000000000000000000"

// Entry is one line of the log. A request line has Reason; an outcome line
// has Status, Error, Shown and Masked; an export line File, Format, Written
// and Masked. Both name who, where and what, so
// that each line reads on its own.
type Entry struct {
	Seq     int       `json:"seq"` // the line's number, from 1
	Time    time.Time `json:"time"`
	Event   string    `json:"event"`
	ID      string    `json:"id"` // pairs a request with its outcome
	User    string    `json:"user"`
	Profile string    `json:"profile"`
	Host    string    `json:"host"`
	PAID    string    `json:"paid"`
	View    string    `json:"view"`
	Reason  string    `json:"reason,omitempty"`
	Status  *int      `json:"status,omitempty"` // HTTP status, 0 when no answer came
	Error   string    `json:"error,omitempty"`  // the failure's kind, e.g. "forbidden"
	Shown   []string  `json:"shown,omitempty"`  // categories of personal data shown: email, phone, address, other
	Masked  bool      `json:"masked,omitempty"` // shown (or exported) under the privacy mask
	// An export line names the file (or "stdout"), the format and the
	// categories of personal data written, never a value.
	File    string   `json:"file,omitempty"`
	Format  string   `json:"format,omitempty"`
	Written []string `json:"written,omitempty"`
	// A file-view line names the file read (File) and its SHA-256.
	SHA256 string `json:"sha256,omitempty"`
	// HeadMismatch: when the line was written, the log had lines but its
	// head file was missing, unreadable or behind the log, so the lines
	// before this one cannot be vouched for; Verify reports it as a break.
	HeadMismatch bool `json:"headMismatch,omitempty"`
	// Recovered says what padview completed of a write of its own that
	// was interrupted (stopped between a line and its head file, or in
	// the middle of a line) before it wrote this line.
	Recovered string `json:"recovered,omitempty"`
	Prev      string `json:"prev"` // SHA-256 (hex) of the line before, zeros for the first
}

// Request describes a full-view request about to be sent.
type Request struct {
	Profile string
	Host    string // the service's host, from the base URL
	PAID    string
	View    advert.View
	Reason  string // cleaned with CleanReason
	// ShowsNoValues: the caller prints no value of the answer (padview
	// check reports only where items are), so the outcome records no
	// category of personal data as shown.
	ShowsNoValues bool
}

// Outcome is what came of a request: see OutcomeOf.
type Outcome struct {
	Status int
	Error  string
	Shown  []string
	Masked bool
}

// Log appends to the access log in a state directory. A nil *Log records
// nothing: that is a profile with access_log = false. It is safe for
// concurrent use, and padview processes writing the same file at once
// take turns.
type Log struct {
	dir  *statedir.Dir
	user string
	mu   sync.Mutex
	now  func() time.Time
}

// Open opens the access log in the state directory getenv names
// (statedir.Open: made private when missing, refused when unsafe).
func Open(getenv func(string) string) (*Log, error) {
	d, err := statedir.Open(getenv)
	if err != nil {
		path, _ := Path(getenv)
		return nil, accessError(path, "open", err)
	}
	return OpenIn(d)
}

// OpenIn opens the access log in d: access.log is created private (0600)
// when missing, and it and its head file are refused when they are links,
// another user's or writable by others (statedir.Dir.OpenFile). No line is
// written until Begin.
func OpenIn(d *statedir.Dir) (*Log, error) {
	f, err := d.OpenFile(FileName, os.O_RDWR|os.O_CREATE|os.O_APPEND)
	if err != nil {
		return nil, accessError(d.File(FileName), "open", err)
	}
	f.Close()
	if _, err := readHead(d); errors.Is(err, statedir.ErrUnsafe) {
		return nil, accessError(HeadPath(d.File(FileName)), "open", err)
	}
	return &Log{dir: d, user: osUser(), now: time.Now}, nil
}

// Path is the file the log writes to.
func (l *Log) Path() string {
	if l == nil {
		return ""
	}
	return l.dir.File(FileName)
}

// Access is one recorded request, waiting for its outcome.
type Access struct {
	log   *Log
	entry Entry
}

// Begin records a request before it is sent; the caller must not send the
// request when Begin fails. ctx bounds the wait for the log's lock (at
// most LockWait; a signal ends the wait too). The line and its head file
// are written as one: a signal that comes meanwhile is held until both
// are, and a write that fails is undone. (Get holds signals further, until
// the request is on its way.) On a nil Log it records nothing and returns
// a nil Access, whose End does nothing.
func (l *Log) Begin(ctx context.Context, r Request) (*Access, error) {
	if l == nil {
		return nil, nil
	}
	h := signals.NewHold()
	defer h.Release()
	return l.begin(ctx, r, h)
}

func (l *Log) begin(ctx context.Context, r Request, h *signals.Hold) (*Access, error) {
	var id [6]byte
	_, _ = rand.Read(id[:])
	e := Entry{Event: EventRequest, ID: hex.EncodeToString(id[:]), User: l.user, Profile: r.Profile,
		Host: r.Host, PAID: r.PAID, View: r.View.String(), Reason: r.Reason}
	if err := l.append(ctx, e, h); err != nil {
		return nil, err
	}
	return &Access{log: l, entry: e}, nil
}

// End records the outcome of the request Begin recorded, as one write
// like Begin's. Its wait for the lock is bounded by LockWait, and ended by
// a signal, but not by the request's context: the outcome of a canceled
// request is recorded too.
func (a *Access) End(o Outcome) error {
	if a == nil {
		return nil
	}
	h := signals.NewHold()
	defer h.Release()
	return a.end(o, h)
}

func (a *Access) end(o Outcome, h *signals.Hold) error {
	e := a.entry
	e.Event, e.Reason = EventOutcome, ""
	status := o.Status
	e.Status, e.Error, e.Masked = &status, o.Error, o.Masked
	e.Shown = o.Shown
	if e.Shown == nil {
		e.Shown = []string{}
	}
	return a.log.append(context.Background(), e, h)
}
