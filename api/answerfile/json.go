package answerfile

import (
	"bytes"
	"errors"
	"io"

	"github.com/go-json-experiment/json/jsontext"
)

// jsonReader reads JSON: a file whose first value is an array holds an
// answer in each element; otherwise each top-level value is an answer
// (one document, or JSON Lines, or documents one after another). Values
// are read one at a time, each within the cap.
func (r *Reader) jsonReader() func() (Answer, error) {
	dec := jsontext.NewDecoder(r.br, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	started, inArray, closed := false, false, false
	return func() (Answer, error) {
		if !started {
			started = true
			r.capFrom(0)
			if dec.PeekKind() == '[' {
				if _, err := dec.ReadToken(); err != nil {
					return Answer{}, r.jsonError(dec, err)
				}
				inArray = true
			}
		}
		if inArray && !closed {
			r.capFrom(dec.InputOffset())
			if dec.PeekKind() == ']' {
				if _, err := dec.ReadToken(); err != nil {
					return Answer{}, r.jsonError(dec, err)
				}
				closed = true
			}
		}
		r.capFrom(dec.InputOffset())
		if closed {
			// After the array, nothing but white space.
			if _, err := dec.ReadValue(); err != io.EOF {
				if err == nil {
					return Answer{}, &Error{File: r.src.Name, Line: r.in.lineAt(r.base + dec.InputOffset()),
						Msg: "holds more after its array of answers; " + Expected}
				}
				return Answer{}, r.jsonError(dec, err)
			}
			return Answer{}, io.EOF
		}
		v, err := dec.ReadValue()
		if err != nil {
			if err == io.EOF && !inArray {
				return Answer{}, io.EOF
			}
			return Answer{}, r.jsonError(dec, err)
		}
		start := dec.InputOffset() - int64(len(v))
		line := r.in.lineAt(r.base + start)
		if int64(len(v)) > r.max {
			return Answer{}, r.tooLarge(line)
		}
		return r.document(unexport(bytes.Clone(v)), line), nil
	}
}

// jsonError is malformed JSON or an answer over the cap, at its line.
func (r *Reader) jsonError(dec *jsontext.Decoder, err error) error {
	at := dec.InputOffset()
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		at = se.ByteOffset
	}
	line := r.in.lineAt(r.base + at)
	if errors.Is(err, ErrTooLarge) {
		return r.tooLarge(line)
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return &Error{File: r.src.Name, Line: line, Msg: "is not valid JSON: it ends inside an answer; " + Expected, Err: err}
	}
	msg := err.Error()
	if se != nil && se.Err != nil {
		msg = se.Err.Error()
	}
	return &Error{File: r.src.Name, Line: line, Msg: "is not valid JSON (" + msg + "); " + Expected, Err: err}
}
