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
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/keystore"
)

type getFlags struct {
	json, raw, full, acceptPD, verbose bool
	concurrency                        int
}

func newGet(env *Env, rf *rootFlags) *cobra.Command {
	var f getFlags
	c := &cobra.Command{
		Use:   "get [flags] PAID... | -",
		Short: "Fetch advertisements by PAID and print them (text, --json or --raw)",
		Long: `Fetch one or more advertisements. With '-' PAIDs are read from stdin, one a
line; blank lines and lines starting with # are skipped. Several PAIDs are
fetched concurrently within the token's rate limit; results come out in the
order given.

Exit codes: 0 all found, 1 other failure, 2 usage error, 3 at least one PAID
not found, 4 token missing or rejected, 5 gave up on rate limiting.`,
		Example: `  padview get AB12CD
  padview get --json AB12CD PAD-2026-000000123456 | jq .advertiser
  padview get --json - < paids.txt > ads.jsonl
  padview get --full --accept-personal-data AB12CD
  padview get -v AB12CD`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runGet(c.Context(), env, rf, f, args)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&f.json, "json", false, "print the normalized document as JSON (JSON Lines for several PAIDs)")
	fl.BoolVar(&f.raw, "raw", false, "print the server's response bytes unchanged")
	fl.BoolVar(&f.full, "full", false, "ask for the full view, with personal data (needs --accept-personal-data)")
	fl.BoolVar(&f.acceptPD, "accept-personal-data", false, "confirm a legitimate business need and data processing agreements for --full")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "describe each exchange on stderr (never the token)")
	fl.IntVar(&f.concurrency, "concurrency", 4, "requests in flight at once")
	c.MarkFlagsMutuallyExclusive("json", "raw")
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
	if f.full && !f.acceptPD {
		fmt.Fprintf(env.Stderr, "Data-protection notice: %s\n\nTo go on, repeat the command with --accept-personal-data.\n", advert.DataProtectionNotice)
		return &exitError{code: ExitUsage, err: errors.New("--full needs --accept-personal-data; no request was made")}
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
	if err := s.NeedBaseURL(); err != nil {
		return &exitError{code: ExitUsage, err: err}
	}
	token, _, err := env.Store.Token(s.Profile)
	switch {
	case errors.Is(err, keystore.ErrNotFound):
		return exitWith(ExitToken, "no token for profile %q: run `padview token set --profile %s` or set %s", s.Profile, s.Profile, keystore.EnvToken)
	case err != nil:
		return exitWith(ExitToken, "%v.\nSet %s for this shell, or see Troubleshooting in the README for starting a keyring", err, keystore.EnvToken)
	}
	client, err := api.New(s.BaseURL, token, env.clientOptions())
	if err != nil {
		return &exitError{code: ExitUsage, err: err}
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
				doc, ex, err := client.Get(ctx, paids[i], view)
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
	for i := range paids {
		r := <-results[i]
		progress.step()
		if f.verbose {
			describeExchange(env.Stderr, r, client.Budget().Snapshot())
		}
		if r.err != nil {
			code = worse(code, codeForKind(api.KindOf(r.err)))
		}
		if err := printResult(out, env, f, r, len(paids) > 1); err != nil {
			return err
		}
		if progress == nil {
			out.Flush() // stream results as they come when no progress line shares the terminal
		}
	}
	wg.Wait()
	if code != ExitOK {
		return &exitError{code: code, err: errors.New("")}
	}
	return nil
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
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			paids = append(paids, line)
		}
		if err := sc.Err(); err != nil {
			return nil, exitWith(ExitUsage, "reading PAIDs from stdin: %v", err)
		}
	}
	if len(paids) == 0 {
		return nil, exitWith(ExitUsage, "no PAIDs given (stdin had none)")
	}
	return paids, nil
}

func printResult(out io.Writer, env *Env, f getFlags, r result, several bool) error {
	switch {
	case f.json:
		var line []byte
		if r.err != nil {
			line = errorJSON(r)
		} else {
			line, _ = r.doc.MarshalJSON() // already valid JSON; json.Marshal would check it again
		}
		_, err := fmt.Fprintf(out, "%s\n", line)
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
	default:
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
