package audit

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/user"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/padview/padview/api/advert"
)

// Events a line records.
const (
	EventRequest = "request" // written before the request is sent
	EventOutcome = "outcome" // written when the answer (or failure) came
)

// genesis is the "previous hash" of the first line.
const genesis = "0000000000000000000000000000000000000000000000000000000000000000"

// Entry is one line of the log. A request line has Reason; an outcome line
// has Status, Error, Shown and Masked. Both name who, where and what, so
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
	Masked  bool      `json:"masked,omitempty"` // shown under the privacy mask
	// HeadMismatch: when the line was written, the log had lines but its
	// head file was missing, unreadable or behind the log, so the lines
	// before this one cannot be vouched for; Verify reports it as a break.
	HeadMismatch bool   `json:"headMismatch,omitempty"`
	Prev         string `json:"prev"` // SHA-256 (hex) of the line before, zeros for the first
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

// Log appends to one access log file. A nil *Log records nothing: that is
// a profile with access_log = false. It is safe for concurrent use, and
// padview processes writing the same file at once take turns.
type Log struct {
	path string
	user string
	mu   sync.Mutex
	now  func() time.Time
}

// Open prepares the log at path: its directory is created private (0700)
// and the file private (0600). An existing file is made private; so is an
// existing directory named padview (padview's own), but not a directory
// someone chose with PADVIEW_STATE_DIR, such as a shared one. No line is
// written until Begin.
func Open(path string) (*Log, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("access log: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("access log: %w", err)
	}
	f.Close()
	if runtime.GOOS != "windows" {
		if dir := filepath.Dir(path); filepath.Base(dir) == "padview" {
			if err := private(dir, 0o700); err != nil {
				return nil, err
			}
		}
		if err := private(path, 0o600); err != nil {
			return nil, err
		}
	}
	return &Log{path: path, user: osUser(), now: time.Now}, nil
}

// private narrows a file's mode to want if it allows more.
func private(path string, want os.FileMode) error {
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("access log: %w", err)
	}
	if st.Mode().Perm()&^want != 0 {
		if err := os.Chmod(path, want); err != nil {
			return fmt.Errorf("access log: %s is readable by others and cannot be made private: %w", path, err)
		}
	}
	return nil
}

// Path is the file the log writes to.
func (l *Log) Path() string {
	if l == nil {
		return ""
	}
	return l.path
}

// osUser is the name of the user padview runs as.
func osUser() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	return "unknown"
}

// Access is one recorded request, waiting for its outcome.
type Access struct {
	log   *Log
	entry Entry
}

// Begin records a request before it is sent. The caller must not send the
// request when Begin fails. On a nil Log it records nothing and returns a
// nil Access, whose End does nothing.
func (l *Log) Begin(r Request) (*Access, error) {
	if l == nil {
		return nil, nil
	}
	var id [6]byte
	_, _ = rand.Read(id[:])
	e := Entry{Event: EventRequest, ID: hex.EncodeToString(id[:]), User: l.user, Profile: r.Profile,
		Host: r.Host, PAID: r.PAID, View: r.View.String(), Reason: r.Reason}
	if err := l.append(e); err != nil {
		return nil, err
	}
	return &Access{log: l, entry: e}, nil
}

// End records the outcome of the request Begin recorded.
func (a *Access) End(o Outcome) error {
	if a == nil {
		return nil
	}
	e := a.entry
	e.Event, e.Reason = EventOutcome, ""
	status := o.Status
	e.Status, e.Error, e.Masked = &status, o.Error, o.Masked
	e.Shown = o.Shown
	if e.Shown == nil {
		e.Shown = []string{}
	}
	return a.log.append(e)
}

// append writes e as the next line, chained to the last one, and then the
// head file, both under the file lock. The number and the hash it chains
// to come from the head file where that knows more than the log's own end:
// so a line appended after lines were cut from the end, or after the last
// line was edited, does not cover it up but shows it (a gap in the
// numbers, a hash that does not match).
func (l *Log) append(e Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	f, err := os.OpenFile(l.path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("access log: %w", err)
	}
	defer f.Close()
	if err := lockFile(f); err != nil {
		return fmt.Errorf("access log: locking %s: %w", l.path, err)
	}
	defer unlockFile(f)
	last, err := readTail(f)
	if err != nil {
		return fmt.Errorf("access log: reading %s: %w", l.path, err)
	}
	seq, prev := last.seq, last.hash
	h, err := readHead(HeadPath(l.path))
	switch {
	case err == nil && h.Seq >= last.seq:
		seq, prev = h.Seq, h.Hash
	case last.seq > 0:
		// Said in the line, so that rewriting the head covers nothing up.
		e.HeadMismatch = true
	}
	e.Seq, e.Prev = seq+1, prev
	e.Time = l.now().UTC().Truncate(time.Millisecond)
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("access log: %w", err)
	}
	head := Head{Seq: e.Seq, Hash: hashLine(line)}
	if last.unterminated {
		line = append([]byte{'\n'}, line...)
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("access log: writing %s: %w", l.path, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("access log: writing %s: %w", l.path, err)
	}
	if err := writeHead(HeadPath(l.path), head); err != nil {
		return fmt.Errorf("access log: writing its head file: %w", err)
	}
	return nil
}

// tail is what appending needs to know about the file's last line.
type tail struct {
	seq          int
	hash         string
	unterminated bool // the file does not end in a newline
}

// readTail finds the last line from the end of the file, without reading
// the whole of it unless the last line is not one padview wrote.
func readTail(f *os.File) (tail, error) {
	st, err := f.Stat()
	if err != nil {
		return tail{}, err
	}
	size := st.Size()
	if size == 0 {
		return tail{hash: genesis}, nil
	}
	end := size
	var one [1]byte
	if _, err := f.ReadAt(one[:], size-1); err != nil {
		return tail{}, err
	}
	t := tail{unterminated: one[0] != '\n'}
	if !t.unterminated {
		end--
	}
	start, err := lineStart(f, end)
	if err != nil {
		return tail{}, err
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, start, end-start)); err != nil {
		return tail{}, err
	}
	t.hash = hex.EncodeToString(h.Sum(nil))
	var e Entry
	if end-start <= maxLine {
		b := make([]byte, end-start)
		if _, err := f.ReadAt(b, start); err != nil {
			return tail{}, err
		}
		if json.Unmarshal(b, &e) == nil && e.Seq > 0 {
			t.seq = e.Seq
			return t, nil
		}
	}
	// Not a line padview wrote: number on from the count of lines.
	n, err := countLines(io.NewSectionReader(f, 0, size))
	if err != nil {
		return tail{}, err
	}
	t.seq = n
	return t, nil
}

// lineStart finds where the line ending at end begins.
func lineStart(f *os.File, end int64) (int64, error) {
	buf := make([]byte, 4096)
	for pos := end; pos > 0; {
		n := min(int64(len(buf)), pos)
		if _, err := f.ReadAt(buf[:n], pos-n); err != nil {
			return 0, err
		}
		for i := n - 1; i >= 0; i-- {
			if buf[i] == '\n' {
				return pos - n + i + 1, nil
			}
		}
		pos -= n
	}
	return 0, nil
}

func countLines(r io.Reader) (int, error) {
	n, lines, last := 0, 0, byte('\n')
	buf := make([]byte, 32*1024)
	for {
		k, err := r.Read(buf)
		for _, c := range buf[:k] {
			if c == '\n' {
				lines++
			}
		}
		if k > 0 {
			last = buf[k-1]
			n += k
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	if n > 0 && last != '\n' {
		lines++
	}
	return lines, nil
}
