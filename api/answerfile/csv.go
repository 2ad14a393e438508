package answerfile

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/padview/padview/api/advert"
)

// sniffDelimiter finds a CSV file's delimiter in its header row: the one
// of comma, semicolon and tab found most often outside quotes (comma
// before semicolon before tab on a tie); 0 when there is none.
func sniffDelimiter(head []byte) rune {
	counts := map[rune]int{}
	quoted := false
	for _, b := range head {
		if b == '"' {
			quoted = !quoted
			continue
		}
		if quoted {
			continue
		}
		if b == '\n' {
			break
		}
		switch b {
		case ',', ';', '\t':
			counts[rune(b)]++
		}
	}
	best := rune(0)
	for _, d := range []rune{',', ';', '\t'} {
		if counts[d] > counts[best] {
			best = d
		}
	}
	return best
}

// csvReader reads a CSV file with a header row: each row after it is an
// answer, a flat object of the header's names and the row's cells (an
// empty cell is a member not given). Rows are read one at a time, the
// record's storage reused, each within the cap.
func (r *Reader) csvReader(delim rune) func() (Answer, error) {
	cr := csv.NewReader(r.br)
	cr.Comma, cr.FieldsPerRecord, cr.ReuseRecord = delim, -1, true
	var names []string
	return func() (Answer, error) {
		if names == nil {
			r.capFrom(0)
			header, err := cr.Read()
			if err != nil {
				return Answer{}, r.csvError(cr, 1, err)
			}
			names = make([]string, len(header))
			for i, h := range header {
				if names[i] = strings.TrimSpace(h); names[i] == "" {
					names[i] = fmt.Sprintf("column %d", i+1)
				}
			}
		}
		for {
			r.capFrom(cr.InputOffset())
			// Where the next row starts, for an error that ends the file;
			// asking forgets the line breaks before it.
			next := r.in.lineAt(r.base + cr.InputOffset())
			rec, err := cr.Read()
			line := 0
			if len(rec) > 0 {
				line, _ = cr.FieldPos(0)
			}
			var pe *csv.ParseError
			switch {
			case err == io.EOF:
				return Answer{}, io.EOF
			case errors.As(err, &pe) && !errors.Is(err, ErrTooLarge):
				return Answer{Line: pe.StartLine, Err: &Error{File: r.src.Name, Line: pe.StartLine,
					Msg: "the row is not read: " + pe.Err.Error(), Err: err}}, nil
			case err != nil:
				return Answer{}, r.csvError(cr, next, err)
			}
			if len(rec) > len(names) {
				return Answer{Line: line, Err: &Error{File: r.src.Name, Line: line,
					Msg: fmt.Sprintf("the row has %d cells and the header row names %d; the row is not read", len(rec), len(names))}}, nil
			}
			raw, empty := rowJSON(names, rec)
			if empty {
				continue // a row of empty cells is no answer
			}
			if int64(len(raw)) > r.max {
				return Answer{}, r.tooLarge(line)
			}
			return r.document(raw, line), nil
		}
	}
}

// rowJSON is a row as the flat JSON object it stands for; empty when
// every cell is.
func rowJSON(names, rec []string) ([]byte, bool) {
	n := 2
	for i, c := range rec {
		if c != "" {
			n += len(names[i]) + len(c) + 6
		}
	}
	b := make([]byte, 0, n)
	b = append(b, '{')
	empty := true
	for i, c := range rec {
		if c == "" {
			continue
		}
		if !empty {
			b = append(b, ',')
		}
		empty = false
		b = advert.AppendQuoted(b, names[i])
		b = append(b, ':')
		b = advert.AppendQuoted(b, c)
	}
	return append(b, '}'), empty
}

// csvError is a CSV file that cannot be read on past a point.
func (r *Reader) csvError(cr *csv.Reader, line int, err error) error {
	if errors.Is(err, ErrTooLarge) {
		return r.tooLarge(line)
	}
	if err == io.EOF {
		return &Error{File: r.src.Name, Msg: "holds no answer; " + Expected}
	}
	return &Error{File: r.src.Name, Line: line, Msg: "is not valid CSV (" + err.Error() + "); " + Expected, Err: err}
}
