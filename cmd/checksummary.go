package cmd

import (
	"github.com/padview/padview/api"
	"github.com/padview/padview/api/check"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/notice"
)

// checkSummary wires `check --summary` to the batch runner: each result
// becomes its line of the summary (api/export renders it) as it comes,
// the runner's tally closes it. Nothing of a report is kept.
type checkSummary struct {
	format  export.Format
	version string // padview's, for the report's header
	out     *export.CheckSummary
}

// start opens the summary on the first result, when the runner knows the
// service and the view.
func (s *checkSummary) start(w *batchWriter) {
	if s.out != nil {
		return
	}
	p := export.Provenance{FetchedAt: w.About.Started, Host: w.About.Host, View: w.About.View, Version: s.version, Demo: w.About.Demo,
		File: w.About.File}
	s.out, _ = export.NewCheckSummary(w.Out, s.format, p) // checkFlags.resolveFormat checked the format
	if s.format == export.HTML {                          // not a streamed format: a page drawn whole at the end
		s.out = export.NewCheckSummaryPage(w.Out, p, notice.SummaryHTML)
	}
}

func (s *checkSummary) show(w *batchWriter, r result) (int, error) {
	s.start(w)
	if r.err != nil {
		if err := s.out.Fail(r.input, missedBy(r.err), w.words(r.err)); err != nil {
			return ExitOK, err
		}
		if w.json { // its JSON line is the one get and check print
			return ExitOK, w.fail(r)
		}
		return ExitOK, nil
	}
	rep := check.Check(r.doc)
	return verdictCode(rep.Outcome()), s.out.Add(rep)
}

// end closes the summary with its tally; the PAIDs not looked up, which
// have no line of their own outside JSON, are named there in the runner's
// words.
func (s *checkSummary) end(w *batchWriter, sum *tally) error {
	if sum.done() == 0 {
		return nil // nothing came: the runner says why
	}
	s.start(w)
	if w.json || sum.skipped() == 0 {
		return s.out.Close(0, "")
	}
	return s.out.Close(sum.skipped(), sum.skippedLine())
}

// missedBy is how a summary names a PAID whose lookup failed.
func missedBy(err error) export.Missed { return missedFor[api.OutcomeOf(err)] }
