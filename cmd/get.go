package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/text"
)

type getFlags struct {
	lookupFlags
	json, raw bool
	format    string // text, or an export format; --json is json
	mask      bool
}

// formatText is readable text (get's own, check's summary lines); the
// other --format values are the export formats.
const formatText = string(export.Text)

// formatNames lists what --format takes, for help, errors and completion.
func formatNames() []string {
	names := []string{formatText}
	for _, f := range export.Formats {
		names = append(names, string(f))
	}
	return names
}

// resolveFormat checks --format; --json is the same as --format json.
func (f *getFlags) resolveFormat() error {
	switch {
	case f.json:
		f.format = string(export.JSON)
	case f.format == "":
		f.format = formatText
	case f.format == formatText:
	default:
		if _, err := export.ParseFormat(f.format); err != nil {
			return usagef("--format %q: use one of %s", f.format, strings.Join(formatNames(), ", "))
		}
	}
	f.json = f.format == string(export.JSON)
	return nil
}

func newGet(env *Env, rf *rootFlags) *cobra.Command {
	var f getFlags
	c := &cobra.Command{
		Use:   "get [flags] PAID... | - | --list FILE",
		Short: "Fetch advertisements by PAID and print them (text, JSON, Markdown, CSV or raw)",
		Long: `Fetch one or more advertisements. With '-' PAIDs are read from stdin, one a
line, and with --list FILE from a file, after the arguments; blank lines and
lines starting with # are skipped. Several PAIDs are
fetched concurrently within the token's rate limit; results come out in the
order given, and a summary line on stderr closes the batch.

--format markdown prints a report per advertisement; --format csv prints
the sponsors and controllers of all of them as one table. Output goes to
stdout: redirect it to save a file. JSON, Markdown and CSV carry their
provenance: when each answer was fetched, the service's host, the view, the
service's request id, padview's version and the check's verdict (CSV as
comment lines starting with #, before the header row). With --full, each
advertisement written in one of them to a stdout that is not a terminal is
recorded in the access log first (an export line, file "stdout").

Exit codes: 0 all found, 1 other failure, 2 usage error, 3 at least one PAID
not found, 4 token missing or rejected, 5 gave up on rate limiting.`,
		Example: `  padview get AB12CD
  padview get --json AB12CD PAD-2026-000000123456 | jq .advertiser
  padview get --json - < paids.txt > ads.jsonl
  padview get --json --list paids.txt > ads.jsonl
  padview get --format markdown AB12CD > AB12CD.md
  padview get --format csv AB12CD PAD-2026-000000123456 > parties.csv
  padview get --full --accept-personal-data AB12CD
  padview get -v AB12CD
  padview --demo get AB12CD`,
		Args: paidArgs{stdin: true, list: listFlag, file: fileFlag, example: "AB12CD"}.check,
		RunE: func(c *cobra.Command, args []string) error {
			chosen := 0
			for _, name := range []string{"json", "raw", "format"} {
				if c.Flags().Changed(name) {
					chosen++
				}
			}
			if chosen > 1 {
				return commandLine(c, errors.New("--json, --raw and --format each choose the output; give one of them"))
			}
			return runGet(c.Context(), env, rf, f, args)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&f.json, "json", false, "print the normalized document as JSON (JSON Lines for several PAIDs)")
	fl.StringVar(&f.format, "format", "", "output format: "+strings.Join(formatNames(), ", ")+" (default text)")
	fl.BoolVar(&f.raw, "raw", false, "print the server's response bytes unchanged")
	f.lookupFlags.add(fl, "ask for the full view, with personal data")
	fl.BoolVar(&f.mask, "mask", false, "mask personal data in the output (j•••@example.org), for screen sharing")
	_ = c.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return formatNames(), cobra.ShellCompDirectiveNoFileComp
	})
	return c
}

// result is the outcome for one PAID, kept in input order.
type result struct {
	input string
	line  int // its line in the list it came from (--list, -); 0 for an argument
	doc   *advert.Document
	ex    *api.Exchange
	err   error
	// reread is set while a batch holds the result back for the output
	// order: the document was dropped, and is made again from ex.Body for
	// this PAID when it is printed.
	reread string
	// file, for an answer read from a file (--file), is that file.
	file *export.FileOrigin
}

func runGet(ctx context.Context, env *Env, rf *rootFlags, f getFlags, args []string) error {
	if err := f.resolveFormat(); err != nil {
		return err
	}
	g := &getOutput{getFlags: f, env: env, exports: stdoutExport{ctx: ctx, tty: env.StdoutTTY}}
	return env.runBatch(ctx, rf, args, batchCommand{
		lookupFlags: f.lookupFlags, mask: f.mask, jsonLines: f.json, summary: true,
		ready: g.ready, show: g.show, end: g.end,
	})
}

// getOutput prints get's results: documents through the export stream
// (JSON, Markdown, CSV), as text, or as the server's bytes.
type getOutput struct {
	getFlags
	env     *Env
	stream  *export.Stream // nil for text and raw
	printed bool           // a document is on stdout: the next text one is set apart
	exports stdoutExport   // records a full-view export to stdout first
}

// ready settles the mask with the profile's and keeps the access log for
// the export lines.
func (g *getOutput) ready(s Settings, access *audit.Log) error {
	if g.mask = g.mask || s.MaskPersonalData; g.mask && g.raw {
		return exitWith(ExitUsage, "--raw prints the server's bytes unchanged and cannot mask personal data (--mask or mask_personal_data): use --json; no request was made")
	}
	g.exports.ready(s, access)
	return nil
}

// exportItem is a result as the export stream takes it: the document with
// where it came from.
func (g *getOutput) exportItem(w *batchWriter, r result) export.Item {
	from := provenanceOf(r, check.Check(r.doc), g.env.Version.Plain(), w.About.Demo)
	return export.Item{Doc: r.doc, From: from}
}

func (g *getOutput) show(w *batchWriter, r result) (int, error) {
	switch {
	case g.raw && r.file != nil && r.doc != nil && r.doc.Masked:
		r.err = errors.New("--raw prints an answer unmasked, and this file's personal data opens only with --view full --accept-personal-data; nothing was printed")
		return ExitUsage, w.fail(r)
	case g.raw:
		return ExitOK, printRaw(w, g.env.StdoutTTY, r)
	case r.err != nil:
		if g.json && api.OutcomeOf(r.err) == api.OutcomeInvalid {
			// The JSON line goes to stdout, maybe a file: say it where the user looks.
			fmt.Fprintf(w.Err, "padview: %s: %s\n", text.CleanText(r.input), g.env.failure(r.err))
		}
		return ExitOK, w.fail(r)
	case g.format != formatText:
		if err := g.exports.record(r, g.format, func() []string { return export.Format(g.format).Written(r.doc) }); err != nil {
			r.err = err
			return codeForKind(api.KindAccessLog), w.fail(r)
		}
		if g.stream == nil {
			g.stream, _ = export.NewStream(w.Out, export.Format(g.format)) // resolveFormat checked the name
		}
		return ExitOK, g.stream.Add(g.exportItem(w, r))
	}
	if g.printed {
		fmt.Fprintln(w.Out)
	}
	g.printed = true
	if r.file != nil {
		fmt.Fprintln(w.Out, fromFileLine(r.file))
	}
	if g.mask || r.doc.Masked {
		fmt.Fprintln(w.Out, "MASKED · personal data hidden for screen sharing")
	}
	writeText(w.Out, r.doc)
	return ExitOK, nil
}

// end closes the export stream: a CSV table or a JSON document ends there.
func (g *getOutput) end(w *batchWriter, _ *tally) error {
	if g.format == formatText || g.raw {
		return nil
	}
	if g.stream == nil {
		g.stream, _ = export.NewStream(w.Out, export.Format(g.format))
	}
	return g.stream.Close()
}

// printRaw writes the body of whatever the service answered, error
// statuses and non-JSON included, and then the error, if any, on stderr:
// the exit code still follows the status. Redirected, the body is written
// exactly as it came, not a byte added; on a terminal it is cleaned, and
// ended with a line break when it lacks one so that the prompt and the
// error line start on their own lines.
func printRaw(w *batchWriter, tty bool, r result) error {
	var body []byte
	switch {
	case r.ex != nil && r.ex.Status != 0:
		body = r.ex.Body
	case r.file != nil && r.doc != nil: // the answer as the file held it (a CSV row: its object)
		body = append(r.doc.Raw[:len(r.doc.Raw):len(r.doc.Raw)], '\n')
	}
	if body != nil {
		raw := body
		if tty {
			raw = []byte(text.CleanBlock(string(raw))) // never let server bytes drive the terminal
			if len(raw) > 0 && raw[len(raw)-1] != '\n' {
				raw = append(raw, '\n')
			}
		}
		if _, err := w.Out.Write(raw); err != nil {
			return err
		}
	}
	if r.err != nil {
		if err := w.Out.Flush(); err != nil { // the body first, then its error, as on the screen
			return err
		}
		return w.fail(r)
	}
	return nil
}

// errorJSON is the JSON line for a PAID that failed, with message as the
// CLI words the failure. What the input or the service put in it is
// escaped where a terminal would show it otherwise (bidi controls).
func errorJSON(r result, message string) []byte {
	type errBody struct {
		Kind       string        `json:"kind"`
		Message    string        `json:"message"`
		Status     int           `json:"status,omitempty"`
		ServerCode string        `json:"serverCode,omitempty"`
		Attempts   []api.Attempt `json:"attempts,omitempty"`
	}
	var e *api.Error
	body := errBody{Kind: api.KindUnknown.String(), Message: message}
	if errors.As(r.err, &e) {
		body.Kind, body.Status, body.ServerCode = e.Kind.String(), e.Status, e.ServerCode
	}
	if r.ex != nil {
		body.Attempts = r.ex.Log
	}
	paid := r.input
	if id, err := api.ParsePAID(r.input); err == nil {
		paid = id
	}
	b, _ := json.Marshal(struct {
		PAID  string  `json:"paid"`
		Error errBody `json:"error"`
	}{paid, body})
	return escapeInvisible(b)
}
