package ui

import (
	"context"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/diff"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/notice"
)

// exportJob is what the export dialog saves: the advertisement as shown
// (masked under the privacy mask), its transparency notice as shown,
// where its answer came from, and the access log that records an export
// of the full view before it is written.
type exportJob struct {
	doc    *advert.Document
	notice notice.Notice
	from   export.Provenance
	access accessLog
	// compare is the Compare tab's comparison of against (marked) with
	// doc, when it is what is exported; nil otherwise.
	compare *diff.Result
	against *advert.Document
}

// exportJob is the job for the exchange on screen; its provenance names
// the check made when the answer came, and the notice is the one laid out
// then (neither is made again here).
func (m Model) exportJob() exportJob {
	from := export.NewProvenance(m.ex.rec, m.ex.report, m.cfg.Version)
	from.Demo = m.cfg.Demo
	if m.ex.file != nil {
		from.File, from.Demo = fileOrigin(m.ex.file), false
	}
	return exportJob{doc: m.exportDoc(), notice: m.ex.shownNotice(), from: from, access: m.sess.access}
}

// recorded reports whether saving this job writes an access log line.
func (j exportJob) recorded() bool {
	return j.access.records() && (j.doc.View == advert.Full || j.compare != nil && j.against.View == advert.Full)
}

// save writes the job to the file name names in choice c: a new file, or
// over the one there when replace (the user agreed). An export of the full
// view is recorded first; when it cannot be, nothing is written. A name
// that is taken is answered before anything is recorded, so that asking
// to replace it leaves no line behind. It does I/O: it runs in a command.
func (j exportJob) save(name string, c exportChoice, replace bool) exported {
	path, err := exportPath(name)
	if err != nil {
		return exported{path: name, err: err}
	}
	if !replace {
		if err := export.Vacant(path); err != nil {
			return exported{path: path, err: err}
		}
	}
	out, written := c.output(j)
	if j.recorded() {
		// The wait for the log's lock is bounded (audit.LockWait).
		if err := j.access.export(context.Background(), j.doc, path, c.logName(), written); err != nil {
			return exported{path: path, err: err, unrecorded: true}
		}
	}
	if replace {
		return exported{path: path, replaced: true, err: export.Replace(path, out)}
	}
	return exported{path: path, err: export.Create(path, out)}
}

// note is what the dialog adds to its warning when the export is
// recorded.
func (j exportJob) note() string {
	if !j.recorded() {
		return ""
	}
	return " The access log records the export: the file, the format and the kinds of personal data, never a value."
}
