package cmd

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/keystore"
)

type getFlags struct {
	json, raw, full, acceptPD, verbose bool
	concurrency                        int
	format                             string // text, or an export format; --json is json
	reason                             string
	mask                               bool
}

// formatText is get's own readable text; the other --format values are
// the export formats.
const formatText = "text"

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
			return exitWith(ExitUsage, "--format %q: use one of %s", f.format, strings.Join(formatNames(), ", "))
		}
	}
	f.json = f.format == string(export.JSON)
	return nil
}

func newGet(env *Env, rf *rootFlags) *cobra.Command {
	var f getFlags
	c := &cobra.Command{
		Use:   "get [flags] PAID... | -",
		Short: "Fetch advertisements by PAID and print them (text, JSON, Markdown, CSV or raw)",
		Long: `Fetch one or more advertisements. With '-' PAIDs are read from stdin, one a
line; blank lines and lines starting with # are skipped. Several PAIDs are
fetched concurrently within the token's rate limit; results come out in the
order given.

--format markdown prints a report per advertisement; --format csv prints
the sponsors and controllers of all of them as one table. Output goes to
stdout: redirect it to save a file.

Exit codes: 0 all found, 1 other failure, 2 usage error, 3 at least one PAID
not found, 4 token missing or rejected, 5 gave up on rate limiting.`,
		Example: `  padview get AB12CD
  padview get --json AB12CD PAD-2026-000000123456 | jq .advertiser
  padview get --json - < paids.txt > ads.jsonl
  padview get --format markdown AB12CD > AB12CD.md
  padview get --format csv AB12CD PAD-2026-000000123456 > parties.csv
  padview get --full --accept-personal-data AB12CD
  padview get -v AB12CD`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runGet(c.Context(), env, rf, f, args)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&f.json, "json", false, "print the normalized document as JSON (JSON Lines for several PAIDs)")
	fl.StringVar(&f.format, "format", "", "output format: "+strings.Join(formatNames(), ", ")+" (default text)")
	fl.BoolVar(&f.raw, "raw", false, "print the server's response bytes unchanged")
	fl.BoolVar(&f.full, "full", false, "ask for the full view, with personal data (needs --accept-personal-data)")
	fl.BoolVar(&f.acceptPD, "accept-personal-data", false, "confirm a legitimate business need and data processing agreements for --full")
	fl.StringVar(&f.reason, "reason", "", "why the full view is needed, for the access log (e.g. \"Compliance review\")")
	fl.BoolVar(&f.mask, "mask", false, "mask personal data in the output (j•••@example.org), for screen sharing")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "describe each exchange on stderr (never the token)")
	fl.IntVar(&f.concurrency, "concurrency", 4, "requests in flight at once")
	c.MarkFlagsMutuallyExclusive("json", "raw", "format")
	_ = c.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return formatNames(), cobra.ShellCompDirectiveNoFileComp
	})
	return c
}

// result is the outcome for one PAID, kept in input order.
type result struct {
	input string
	doc   *advert.Document
	ex    *api.Exchange
	err   error
}

func runGet(ctx context.Context, env *Env, rf *rootFlags, f getFlags, args []string) error {
	if err := f.resolveFormat(); err != nil {
		return err
	}
	if f.concurrency < 1 || f.concurrency > 64 {
		return exitWith(ExitUsage, "--concurrency must be between 1 and 64, not %d", f.concurrency)
	}
	paids, err := collectPAIDs(env.Stdin, args)
	if err != nil {
		return err
	}
	s, err := env.settings(rf)
	if err != nil {
		return err
	}
	var access *audit.Log
	if f.full {
		if access, f.reason, err = env.fullViewGate(s, f.acceptPD, f.reason); err != nil {
			return err
		}
	}
	f.mask = f.mask || s.MaskPersonalData
	if f.mask && f.raw {
		return exitWith(ExitUsage, "--raw prints the server's bytes unchanged and cannot mask personal data (--mask or mask_personal_data): use --json")
	}
	client, err := env.apiClient(rf)
	if err != nil {
		return err
	}
	view := advert.Standard
	if f.full {
		view = advert.Full
	}

	results := make([]chan result, len(paids))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range min(f.concurrency, len(paids)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				req := audit.Request{Profile: s.Profile, Host: serviceHost(s.BaseURL), PAID: paids[i], View: view, Reason: f.reason}
				doc, ex, err := access.Get(ctx, client, req, f.mask)
				if f.mask {
					doc = text.MaskDocument(doc)
				}
				results[i] <- result{input: paids[i], doc: doc, ex: ex, err: err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range paids {
			select {
			case jobs <- i:
			case <-ctx.Done():
				for ; i < len(paids); i++ {
					results[i] <- result{input: paids[i], err: &api.Error{Kind: api.KindCanceled, Message: "canceled"}}
				}
				return
			}
		}
	}()

	var progress *progressLine
	if env.StderrTTY && len(paids) > 1 && !f.verbose {
		progress = newProgressLine(env.Stderr, len(paids), client.Budget())
		defer progress.finish()
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	code := ExitOK
	var stream *export.Stream // json, markdown, csv
	if f.format != formatText {
		stream, _ = export.NewStream(out, export.Format(f.format)) // resolveFormat checked the name
	}
	for i := range paids {
		r := <-results[i]
		progress.step()
		if f.verbose {
			describeExchange(env.Stderr, r, client.Budget().Snapshot())
		}
		if r.err != nil {
			code = worse(code, codeForKind(api.KindOf(r.err)))
		}
		if err := printResult(out, env, f, stream, r, len(paids) > 1); err != nil {
			return err
		}
		if progress == nil {
			out.Flush() // stream results as they come when no progress line shares the terminal
		}
	}
	wg.Wait()
	if stream != nil {
		if err := stream.Close(); err != nil {
			return err
		}
	}
	if code != ExitOK {
		return &exitError{code: code, err: errors.New("")}
	}
	return nil
}

// apiClient builds the client for the resolved profile and its token, for
// the commands that make requests.
func (e *Env) apiClient(rf *rootFlags) (*api.Client, error) {
	s, err := e.settings(rf)
	if err != nil {
		return nil, err
	}
	if err := s.NeedBaseURL(); err != nil {
		return nil, &exitError{code: ExitUsage, err: err}
	}
	token, _, err := e.Store.Token(s.Profile)
	switch {
	case errors.Is(err, keystore.ErrNotFound):
		return nil, exitWith(ExitToken, "no token for profile %q: run `padview token set --profile %s` or set %s", s.Profile, s.Profile, keystore.EnvToken)
	case err != nil:
		return nil, exitWith(ExitToken, "%v.\nSet %s for this shell, or see Troubleshooting in the README for starting a keyring", err, keystore.EnvToken)
	}
	client, err := api.New(s.BaseURL, token, e.clientOptions())
	if err != nil {
		return nil, &exitError{code: ExitUsage, err: err}
	}
	return client, nil
}

// collectPAIDs expands "-" into the PAIDs read from stdin.
func collectPAIDs(stdin io.Reader, args []string) ([]string, error) {
	var paids []string
	usedStdin := false
	for _, a := range args {
		if a != "-" {
			paids = append(paids, a)
			continue
		}
		if usedStdin {
			return nil, exitWith(ExitUsage, "'-' may be given once")
		}
		usedStdin = true
		_, err := scanList(stdin, 1<<20, func(_ int, line string) bool {
			paids = append(paids, line)
			return true
		})
		if err != nil {
			return nil, exitWith(ExitUsage, "reading PAIDs from stdin: %v", err)
		}
	}
	if len(paids) == 0 {
		return nil, exitWith(ExitUsage, "no PAIDs given (stdin had none)")
	}
	return paids, nil
}

// printResult prints one PAID's outcome: documents through the export
// stream, or as text or raw bytes when stream is nil.
func printResult(out io.Writer, env *Env, f getFlags, stream *export.Stream, r result, several bool) error {
	switch {
	case f.json && r.err != nil:
		_, err := fmt.Fprintf(out, "%s\n", errorJSON(r))
		return err
	case r.err != nil:
		fmt.Fprintf(env.Stderr, "padview: %s: %s\n", text.CleanText(r.input), r.err)
		return nil
	case f.raw:
		raw := r.doc.Raw
		if env.StdoutTTY {
			raw = []byte(text.CleanBlock(string(raw))) // never let server bytes drive the terminal
		}
		if _, err := out.Write(raw); err != nil {
			return err
		}
		if len(raw) > 0 && raw[len(raw)-1] != '\n' {
			_, err := out.Write([]byte("\n"))
			return err
		}
		return nil
	case stream != nil:
		return stream.Add(r.doc)
	default:
		if f.mask {
			fmt.Fprintln(out, "MASKED · personal data hidden for screen sharing")
		}
		writeText(out, r.doc)
		if several {
			fmt.Fprintln(out)
		}
		return nil
	}
}

// errorJSON is the JSON line for a PAID that failed.
func errorJSON(r result) []byte {
	type errBody struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
		Status  int    `json:"status,omitempty"`
	}
	var e *api.Error
	body := errBody{Kind: api.KindUnknown.String(), Message: r.err.Error()}
	if errors.As(r.err, &e) {
		body.Kind, body.Status = e.Kind.String(), e.Status
	}
	paid := r.input
	if id, err := api.ParsePAID(r.input); err == nil {
		paid = id
	}
	b, _ := json.Marshal(struct {
		PAID  string  `json:"paid"`
		Error errBody `json:"error"`
	}{paid, body})
	return b
}
