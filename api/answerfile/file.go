package answerfile

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"time"
	"unicode/utf8"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
)

// Format is how a file holds its answers.
type Format string

const (
	JSON Format = "json" // one document, JSON Lines, or an array of answers
	CSV  Format = "csv"  // a header row, then one answer a row
)

// Caps. One answer of a file is capped as an answer of the service is;
// stdin, read whole because it cannot be read twice (for its hash and
// then its answers), at MaxStdinBytes.
const (
	MaxAnswerBytes = api.DefaultMaxBodyBytes
	MaxStdinBytes  = 64 << 20
)

// StdinName is the name of stdin ("--file -") as every provenance says it.
const StdinName = "stdin"

// Expected is what padview reads from a file, said where one is refused.
const Expected = "padview reads a saved answer as JSON (one document, JSON Lines, or an array of answers) " +
	"or a CSV export with a header row, in UTF-8"

// maxPAID bounds the PAID read from an answer's identifier member: it is
// the file's text, and names the answer on every line about it.
const maxPAID = 100

// slack is what the buffers between the file and a decoder may have read
// beyond the answer being decoded: the per-answer cap allows for it.
const slack = 128 << 10

// Options say how a file's answers are read.
type Options struct {
	// Vocabulary reads the member names (a profile's [fields] included);
	// nil is the built-in one.
	Vocabulary *vocab.Vocabulary
	// View is the view the file is said to be of (--view).
	View advert.View
	// MaxAnswerBytes caps one answer; 0 is MaxAnswerBytes. Tests make
	// it small.
	MaxAnswerBytes int64
	// Now is the clock ReadAt is taken from; nil is time.Now.
	Now func() time.Time
}

// Source is where a file's answers came from, for every provenance.
type Source struct {
	Name      string      // the path as given, cleaned; StdinName for "-"
	SHA256    string      // of the file's bytes, in hex
	Size      int64       // bytes
	ReadAt    time.Time   // when padview opened it
	Format    Format      // JSON or CSV
	Delimiter rune        // a CSV file's: ',', ';' or '\t'
	View      advert.View // the view the file is said to be of
}

// Answer is one answer of a file.
type Answer struct {
	// PAID is the value of the answer's identifier member (cleaned), else
	// FILE:LINE.
	PAID string
	Line int // where the answer starts in the file, from 1
	Doc  *advert.Document
	// Err says why this answer could not be read (a CSV row with more
	// cells than the header, more values than padview reads); the file
	// goes on.
	Err error
}

// Error is a file that padview will not read, or an answer of it that it
// could not: what is wrong, at FILE:LINE where a line is known.
type Error struct {
	File string
	Line int
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// ErrTooLarge is what an answer over the cap ends a file with (errors.Is).
var ErrTooLarge = errors.New("answer over the cap")

// Reader reads the answers of one file, one at a time.
type Reader struct {
	src    Source
	opts   Options
	max    int64
	closer io.Closer
	in     *offsetReader // counts lines, caps an answer
	br     *bufio.Reader
	base   int64     // bytes before the decoder's input: a byte order mark
	again  hash.Hash // the second reading's hash; nil for bytes read once
	next   func() (Answer, error)
	count  int
	done   bool
}

// Open opens the file at path ("-" is stdin) and finds out what it
// holds; it reads no answer yet. A file that is not JSON or CSV (binary,
// UTF-16, a text without a delimiter in its first line, empty) is refused
// with an *Error saying what was expected.
func Open(path string, stdin io.Reader, opts Options) (*Reader, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	r := &Reader{opts: opts, max: opts.MaxAnswerBytes}
	if r.max <= 0 {
		r.max = MaxAnswerBytes
	}
	r.src = Source{Name: text.CleanText(path), ReadAt: opts.Now(), View: opts.View}
	var body io.Reader
	if path == "-" {
		r.src.Name = StdinName
		data, err := readCapped(stdin, r.src.Name)
		if err != nil {
			return nil, err
		}
		r.setWhole(data)
		body = bytes.NewReader(data)
	} else {
		f, err := os.Open(path) // for reading only, wherever a link leads
		if err != nil {
			return nil, &Error{File: r.src.Name, Msg: "cannot be read: " + text.CleanText(errors.Unwrap(err).Error()), Err: err}
		}
		r.closer = f
		if body, err = r.hashFile(f); err != nil {
			f.Close()
			return nil, err
		}
	}
	r.in = &offsetReader{r: body}
	r.br = bufio.NewReaderSize(r.in, 64<<10)
	if err := r.sniff(); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// readCapped reads what cannot be read twice, up to MaxStdinBytes.
func readCapped(in io.Reader, name string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(in, MaxStdinBytes+1))
	if err != nil {
		return nil, &Error{File: name, Msg: "cannot be read: " + text.CleanText(err.Error()), Err: err}
	}
	if len(data) > MaxStdinBytes {
		return nil, &Error{File: name, Err: ErrTooLarge, Msg: "is over " + text.FormatSize(MaxStdinBytes) +
			", the most padview reads from a stream: save it to a file and give its path"}
	}
	return data, nil
}

func (r *Reader) setWhole(data []byte) {
	sum := sha256.Sum256(data)
	r.src.SHA256, r.src.Size = hex.EncodeToString(sum[:]), int64(len(data))
}

// hashFile hashes a regular file and rewinds it: its answers are read in
// a second pass, hashed again, and a file that changed in between is
// said to have (Next). What is not a regular file (a pipe) is read whole,
// as stdin is.
func (r *Reader) hashFile(f *os.File) (io.Reader, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, &Error{File: r.src.Name, Msg: "cannot be read: " + text.CleanText(err.Error()), Err: err}
	}
	switch {
	case st.IsDir():
		return nil, &Error{File: r.src.Name, Msg: "is a directory; " + Expected}
	case !st.Mode().IsRegular():
		data, err := readCapped(f, r.src.Name)
		if err != nil {
			return nil, err
		}
		r.setWhole(data)
		return bytes.NewReader(data), nil
	}
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		return nil, &Error{File: r.src.Name, Msg: "cannot be read: " + text.CleanText(err.Error()), Err: err}
	}
	r.src.SHA256, r.src.Size = hex.EncodeToString(h.Sum(nil)), n
	r.again = sha256.New()
	return io.TeeReader(f, r.again), nil
}

// Source says where the answers come from.
func (r *Reader) Source() Source { return r.src }

// Close closes the file.
func (r *Reader) Close() error {
	if r.closer == nil {
		return nil
	}
	c := r.closer
	r.closer = nil
	return c.Close()
}

// sniff reads the start of the file: a byte order mark, binary data, and
// whether it is JSON (its first character opens an object or an array)
// or CSV (its header row has a delimiter).
func (r *Reader) sniff() error {
	head, err := r.br.Peek(8 << 10)
	if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
		return &Error{File: r.src.Name, Msg: "cannot be read: " + text.CleanText(err.Error()), Err: err}
	}
	refuse := func(why string) error {
		return &Error{File: r.src.Name, Msg: "is not JSON or CSV: " + why + "; " + Expected}
	}
	switch {
	case bytes.HasPrefix(head, []byte{0xEF, 0xBB, 0xBF}):
		r.base = 3
		_, _ = r.br.Discard(3)
		head = head[3:]
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}), bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		return refuse("it is UTF-16 (save it as UTF-8)")
	}
	switch {
	case bytes.IndexByte(head, 0) >= 0:
		return refuse("it holds binary data")
	case !validUTF8Prefix(head):
		return refuse("it is not UTF-8 text (binary data, or another encoding)")
	}
	trimmed := bytes.TrimLeft(head, " \t\r\n")
	if len(trimmed) == 0 {
		return refuse("it is empty")
	}
	if trimmed[0] == '{' || trimmed[0] == '[' {
		r.src.Format = JSON
		r.next = r.jsonReader()
		return nil
	}
	delim := sniffDelimiter(head)
	if delim == 0 {
		return refuse("its first line has no comma, semicolon or tab between names, as a CSV header row would")
	}
	r.src.Format, r.src.Delimiter = CSV, delim
	r.next = r.csvReader(delim)
	return nil
}

// validUTF8Prefix is utf8.Valid for a window cut anywhere: a character cut
// at its end is not invalid.
func validUTF8Prefix(b []byte) bool {
	for i := 0; i < utf8.UTFMax && len(b) > 0; i++ {
		if utf8.Valid(b) {
			return true
		}
		b = b[:len(b)-1]
	}
	return utf8.Valid(b)
}

// Next is the next answer; io.EOF after the last. Any other error ends the
// file: it is not what it said it was past a point (malformed JSON, an
// answer over the cap, a file that changed while it was read). An answer
// that could not be read while the file goes on is an Answer with Err.
func (r *Reader) Next() (Answer, error) {
	if r.done {
		return Answer{}, io.EOF
	}
	a, err := r.next()
	switch {
	case err == io.EOF:
		r.done = true
		return Answer{}, r.finish()
	case err != nil:
		r.done = true
		return Answer{}, err
	}
	r.count++
	if a.Err == nil {
		a.PAID = a.Doc.PAID
	} else if a.PAID == "" {
		a.PAID = r.fallback(a.Line)
	}
	return a, nil
}

// finish ends a file read to its end: it held answers, and it did not
// change while it was read.
func (r *Reader) finish() error {
	if r.count == 0 {
		return &Error{File: r.src.Name, Msg: "holds no answer; " + Expected}
	}
	if r.again == nil {
		return io.EOF
	}
	r.in.limit = 0
	if _, err := io.Copy(io.Discard, r.br); err != nil {
		return &Error{File: r.src.Name, Msg: "cannot be read: " + text.CleanText(err.Error()), Err: err}
	}
	if hex.EncodeToString(r.again.Sum(nil)) != r.src.SHA256 {
		return &Error{File: r.src.Name, Msg: "changed while padview read it (its SHA-256 is not the one it had when opened): read it again once it is written"}
	}
	return io.EOF
}

// fallback is the PAID of an answer without an identifier: FILE:LINE.
func (r *Reader) fallback(line int) string {
	return fmt.Sprintf("%s:%d", r.src.Name, line)
}

// document normalizes one answer's bytes.
func (r *Reader) document(raw []byte, line int) Answer {
	d, err := advert.NormalizeFound(raw, r.fallback(line), r.opts.View, r.opts.Vocabulary)
	if err != nil {
		var tooMany *advert.TooManyValuesError
		msg := "not read: " + err.Error()
		if errors.As(err, &tooMany) {
			msg = "the answer has more than " + text.Thousands(int64(tooMany.Max)) + " values, the most padview reads; nothing was shown"
		}
		return Answer{Line: line, Err: &Error{File: r.src.Name, Line: line, Msg: msg, Err: err}}
	}
	d.PAID = cleanPAID(d.PAID)
	return Answer{Line: line, Doc: d}
}

// cleanPAID makes an identifier read from a file safe to name an answer.
func cleanPAID(s string) string {
	s = text.CleanText(s)
	if utf8.RuneCountInString(s) > maxPAID {
		s = string([]rune(s)[:maxPAID-1]) + "…"
	}
	return s
}

// tooLarge is the error of an answer over the cap, at the line it starts.
func (r *Reader) tooLarge(line int) error {
	return &Error{File: r.src.Name, Line: line, Err: ErrTooLarge,
		Msg: "an answer is over " + text.FormatSize(r.max) + ", the most padview reads of one answer (as of the service's); nothing after it was read"}
}

// capFrom lets the decoders read one answer from at (an offset of their
// input) and no more than the cap beyond it.
func (r *Reader) capFrom(at int64) { r.in.limit = r.base + at + r.max + slack }

// offsetReader counts the bytes read, keeps the offsets of the line
// breaks not yet asked about (lineAt), and fails with ErrTooLarge past
// limit (0: no limit).
type offsetReader struct {
	r       io.Reader
	off     int64
	limit   int64
	breaks  []int64
	dropped int
}

func (o *offsetReader) Read(p []byte) (int, error) {
	if o.limit > 0 {
		if o.off >= o.limit {
			return 0, ErrTooLarge
		}
		if room := o.limit - o.off; int64(len(p)) > room {
			p = p[:room]
		}
	}
	n, err := o.r.Read(p)
	for i := 0; i < n; {
		j := bytes.IndexByte(p[i:n], '\n')
		if j < 0 {
			break
		}
		o.breaks = append(o.breaks, o.off+int64(i+j))
		i += j + 1
	}
	o.off += int64(n)
	return n, err
}

// lineAt is the line of the byte at offset at; offsets asked about never
// go back, so the breaks before one are forgotten.
func (o *offsetReader) lineAt(at int64) int {
	k := 0
	for k < len(o.breaks) && o.breaks[k] < at {
		k++
	}
	o.dropped += k
	o.breaks = o.breaks[k:]
	return o.dropped + 1
}

// FullViewOnly says whether d, read from a file that is not said to be of
// the full view, holds what only the full view carries: the emails, phone
// numbers and addresses of advertisers, sponsors and controllers (the
// partner interface's definition of the two views). A file opens those
// only as the full view, after the data-protection confirmation; until
// then they are masked.
func FullViewOnly(d *advert.Document) bool {
	if d == nil || d.View == advert.Full {
		return false
	}
	for _, c := range text.PersonalCategoriesIn(d, advert.GroupAdvertiser, advert.GroupSponsors, advert.GroupControllers) {
		switch c {
		case text.CategoryEmail, text.CategoryPhone, text.CategoryAddress:
			return true
		}
	}
	return false
}
