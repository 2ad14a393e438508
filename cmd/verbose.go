package cmd

import (
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/text"
)

// describeExchange writes what support staff need to trace a request: the
// request, the answer, timing, request id, rate budget, the headers of
// interest and a curl command. The token is never part of it.
func describeExchange(w io.Writer, r result, b api.BudgetSnapshot) {
	ex := r.ex
	if ex == nil {
		fmt.Fprintf(w, "* %s: no request made: %v\n", text.CleanText(r.input), r.err)
		return
	}
	fmt.Fprintf(w, "> %s %s\n", ex.Method, ex.URL)
	status := "no response"
	if ex.Status != 0 {
		status = fmt.Sprintf("%d %s", ex.Status, ex.Proto)
	}
	fmt.Fprintf(w, "< %s in %s, %s, %d attempt(s)", status, ex.Duration.Round(time.Millisecond), text.FormatSize(ex.Size), ex.Attempts)
	if ex.Waited > 10*time.Millisecond {
		fmt.Fprintf(w, ", waited %s for the rate budget", ex.Waited.Round(time.Millisecond))
	}
	fmt.Fprintln(w)
	if ex.RequestID != "" {
		fmt.Fprintf(w, "  request id: %s\n", ex.RequestID)
	}
	fmt.Fprintf(w, "  rate budget: %s\n", budgetText(b))
	keys := make([]string, 0, len(ex.Headers))
	for k := range ex.Headers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, v := range ex.Headers[k] {
			fmt.Fprintf(w, "  %s: %s\n", k, v)
		}
	}
	if r.err != nil {
		fmt.Fprintf(w, "  error: %v\n", r.err)
	}
	fmt.Fprintf(w, "  reproduce: %s\n", ex.Curl)
}

// budgetText is the budget as one line: "987/1000 (from the server)" or
// "≈998/1000 (local estimate)".
func budgetText(b api.BudgetSnapshot) string {
	if b.FromServer {
		return fmt.Sprintf("%d/%d (from the server)", b.Remaining, b.Limit)
	}
	return fmt.Sprintf("≈%d/%d (local estimate, %s window)", b.Remaining, b.Limit, b.Window)
}
