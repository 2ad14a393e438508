package cmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/itchyny/gojq"
	"github.com/spf13/cobra"

	"github.com/padview/padview/api/text"
)

// jqFlag is the flag every command with --json has, as gh has it: a jq
// expression run on each JSON value the command prints.
const jqFlag = "jq"

// addJQ gives each command of the tree that has --json a --jq flag.
func addJQ(root *cobra.Command, env *Env) {
	for _, c := range root.Commands() {
		addJQ(c, env)
		if c.Flags().Lookup("json") != nil && c.RunE != nil {
			withJQ(c, env)
		}
	}
}

// withJQ adds --jq to c: the expression is compiled before anything is
// looked up (a mistake in it is a usage error, exit 2, naming it), --jq
// implies --json, and stdout goes through the filter while c runs.
func withJQ(c *cobra.Command, env *Env) {
	var expr string
	c.Flags().StringVar(&expr, jqFlag, "", "filter the JSON output with a jq `EXPRESSION`, run on each JSON line (implies --json; strings print without quotes)")
	run := c.RunE
	c.RunE = func(c *cobra.Command, args []string) error {
		if !c.Flags().Changed(jqFlag) {
			return run(c, args)
		}
		code, err := compileJQ(expr)
		if err != nil {
			return commandLine(c, err)
		}
		if err := jsonForJQ(c); err != nil {
			return commandLine(c, err)
		}
		stdout := env.Stdout
		f := &jqFilter{out: stdout, errw: env.Stderr, code: code, expr: expr, tty: env.StdoutTTY}
		env.Stdout = f
		err = run(c, args)
		env.Stdout = stdout
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil && f.failed {
			return exitQuietly(ExitFailure) // each failure was said on stderr
		}
		return err
	}
}

// compileJQ reads a --jq expression; its error names the expression.
func compileJQ(expr string) (*gojq.Code, error) {
	q, err := gojq.Parse(expr)
	if err == nil {
		var code *gojq.Code
		if code, err = gojq.Compile(q); err == nil {
			return code, nil
		}
	}
	return nil, fmt.Errorf("--jq %q: %v", expr, err)
}

// jsonForJQ turns the command's JSON output on for --jq, and refuses
// another output chosen beside it.
func jsonForJQ(c *cobra.Command) error {
	fl := c.Flags()
	for _, name := range []string{"raw", "summary"} {
		if fl.Changed(name) {
			return fmt.Errorf("--jq filters the JSON output, and --%s chooses another: give one of them", name)
		}
	}
	if f := fl.Lookup("format"); f != nil && fl.Changed("format") {
		if f.Value.String() != "json" {
			return fmt.Errorf("--jq filters the JSON output, and --format %s chooses another: drop --format", f.Value.String())
		}
		return nil // --format json is --json
	}
	return fl.Set("json", "true")
}

// jqFilter runs a jq expression on each JSON value written to it, as the
// value's line ends, and writes the results to out, one a line: a string
// as it is (cleaned of terminal controls on a terminal), anything else as
// compact JSON. A failure of the expression on one value is said on
// stderr, naming the expression, and the next value is filtered still.
type jqFilter struct {
	out, errw io.Writer
	code      *gojq.Code
	expr      string
	tty       bool
	buf       []byte
	failed    bool
}

func (f *jqFilter) Write(p []byte) (int, error) {
	f.buf = append(f.buf, p...)
	if bytes.IndexByte(p, '\n') < 0 {
		return len(p), nil // a value's line is not done yet
	}
	return len(p), f.drain(false)
}

// Close filters what is left: a last value without its line break.
func (f *jqFilter) Close() error { return f.drain(true) }

// drain filters each whole value in the buffer and keeps the rest, a
// value not yet whole, unless the output is done.
func (f *jqFilter) drain(done bool) error {
	dec := json.NewDecoder(bytes.NewReader(f.buf))
	dec.UseNumber()
	used := 0
	for {
		var v any
		err := dec.Decode(&v)
		switch {
		case err == io.EOF:
			f.buf = f.buf[:0]
			return nil
		case errors.Is(err, io.ErrUnexpectedEOF) && !done:
			f.buf = append(f.buf[:0], f.buf[used:]...)
			return nil
		case err != nil: // not JSON: cannot happen under --json, but say it
			fmt.Fprintf(f.errw, "padview: --jq %q: the output is not JSON: %v\n", f.expr, err)
			f.failed = true
			f.buf = f.buf[:0]
			return nil
		}
		used = int(dec.InputOffset())
		if err := f.run(v); err != nil {
			return err
		}
	}
}

// run writes what the expression gives for v.
func (f *jqFilter) run(v any) error {
	iter := f.code.Run(v)
	for {
		r, ok := iter.Next()
		if !ok {
			return nil
		}
		if err, ok := r.(error); ok {
			fmt.Fprintf(f.errw, "padview: --jq %q: %s\n", f.expr, text.CleanText(err.Error()))
			f.failed = true
			return nil
		}
		var b []byte
		if s, ok := r.(string); ok {
			if f.tty {
				s = text.CleanText(s) // a value of the service never drives the terminal
			}
			b = []byte(s)
		} else {
			var err error
			if b, err = gojq.Marshal(r); err != nil {
				return err
			}
			b = escapeInvisible(b)
		}
		if _, err := f.out.Write(append(b, '\n')); err != nil {
			return err
		}
	}
}
