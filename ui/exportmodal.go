package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/export"
	"github.com/padview/padview/api/text"
)

// exportModal saves the advertisement on screen to a file: the format to
// pick, a proposed file name to edit, and a question before anything is
// replaced. The file is written by a command; the answer comes back to the
// modal, which stays open until the file is written or the user gives up.
type exportModal struct {
	k        *kit
	job      exportJob
	title    string
	personal bool // the full view's personal data goes into the file
	now      time.Time
	choices  []exportChoice // exportChoices, or compareChoices on the Compare tab
	format   int            // in choices
	input    textinput.Model
	proposed string // the name proposed for the format, to tell an edited name
	writing  bool
	exists   string // the path that is already there, while asking to replace it
	problem  string
	w, h     int
}

// formatWords says what each export format holds.
var formatWords = map[export.Format]string{
	export.JSON:     "the normalized advertisement, one line",
	export.Markdown: "a report: groups as sections, party tables",
	export.CSV:      "sponsors and controllers, one row each",
}

// formatName is a format as people call it.
func formatName(f export.Format) string {
	if f == export.Markdown {
		return "Markdown"
	}
	return strings.ToUpper(string(f))
}

// exported is the outcome of writing an export file.
type exported struct {
	path     string // absolute
	replaced bool   // over a file that was there, as the user agreed
	// unrecorded: the access log could not record the export, so nothing
	// was written.
	unrecorded bool
	err        error
}

// openExport opens the export dialog for the advertisement on screen.
func (m *Model) openExport() tea.Cmd {
	if m.ex == nil || m.ex.doc == nil {
		m.status = status{level: levelInfo, text: "Nothing to export: e saves the advertisement on screen, and there is none."}
		return nil
	}
	if m.ex.maskPending() {
		m.status = status{level: levelInfo, text: "Masking the personal data: exporting waits for the masked copy."}
		return nil
	}
	format, job, title := 0, m.exportJob(), m.ex.name()
	switch p := m.deck.current().(type) {
	case transparencyPane:
		if p.notice {
			format = firstNoticeChoice() // the notice is on screen: its formats first
		}
	case comparePane:
		if p.result == nil {
			m.status = status{level: levelInfo, text: "The comparison is being made: e saves it once it is on screen."}
			return nil
		}
		// The Compare tab exports the comparison, as shown (masked under
		// the mask), not the advertisement.
		job.compare, job.against = p.result, m.ex.against
		title = "Comparison: " + text.CleanText(p.result.A) + " → " + text.CleanText(p.result.B)
		md, cmd := newExportModal(m.kit, job, title, (m.ex.personal() || job.against.View == advert.Full) && !m.ex.mask, 0)
		m.open(md)
		return cmd
	}
	md, cmd := newExportModal(m.kit, job, title, m.ex.personal() && !m.ex.mask, format)
	m.open(md)
	return cmd
}

// newExportModal opens the dialog on choice format of exportChoices.
func newExportModal(k *kit, job exportJob, title string, personal bool, format int) (Modal, tea.Cmd) {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = 4096
	setBlink(&in)
	cmd := in.Focus()
	choices := exportChoices
	if job.compare != nil {
		choices = compareChoices
	}
	m := exportModal{k: k, job: job, title: title, personal: personal, now: k.now(), input: in, choices: choices, format: format}
	m.propose()
	return m, cmd
}

// propose puts the proposed name for the format in the input, unless the
// user has written a name of their own.
func (m *exportModal) propose() {
	name := m.choices[m.format].fileName(m.job, m.now)
	if v := m.input.Value(); v == "" || v == m.proposed {
		m.input.SetValue(name)
		m.input.CursorEnd()
	}
	m.proposed = name
}

func (m exportModal) Resize(w, h int) Modal {
	m.w, m.h = w, h
	m.input.SetWidth(max(10, newFrame(w, h).inner-8))
	return m
}

func (m exportModal) Update(msg tea.Msg) (Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case exported:
		return m.onExported(msg)
	case tea.KeyPressMsg:
		return m.onKey(msg)
	case tea.MouseMsg:
		return m, nil
	}
	if m.writing || m.exists != "" {
		return m, nil
	}
	return m.edit(msg) // a paste, the cursor's blink
}

// edit hands msg to the file name; what was said about the name stays until
// the name changes (a cursor blink must not wipe it before it is read).
func (m exportModal) edit(msg tea.Msg) (Modal, tea.Cmd) {
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() != before {
		m.problem = ""
	}
	return m, cmd
}

func (m exportModal) onKey(k tea.KeyPressMsg) (Modal, tea.Cmd) {
	keys := m.k.keys.export
	switch {
	case m.writing:
		return m, nil // the file is being written: its outcome closes or answers
	case m.exists != "":
		switch {
		case key.Matches(k, keys.Replace):
			m.writing = true
			return m, m.write(m.exists, true)
		case key.Matches(k, keys.Keep):
			m.exists = ""
			m.problem = "Not replaced: change the name and press " + keys.Save.Help().Key + "."
		}
		return m, nil
	case key.Matches(k, keys.Cancel):
		return nil, cancelledWith("Nothing exported.")
	case key.Matches(k, keys.Save):
		name := strings.TrimSpace(m.input.Value())
		if name == "" {
			m.problem = "Enter a file name."
			return m, nil
		}
		m.writing, m.problem = true, ""
		return m, m.write(name, false)
	case key.Matches(k, keys.Prev):
		m.format = (m.format + len(m.choices) - 1) % len(m.choices)
		m.propose()
		return m, nil
	case key.Matches(k, keys.Next):
		m.format = (m.format + 1) % len(m.choices)
		m.propose()
		return m, nil
	}
	return m.edit(k)
}

// write saves the file in a command: a new file, or over an existing one
// when the user said so (exportJob.save).
func (m exportModal) write(name string, replace bool) tea.Cmd {
	job, c := m.job, m.choices[m.format]
	return func() tea.Msg { return job.save(name, c, replace) }
}

// exportPath makes a name absolute: ~/ is the home directory, a relative
// name is in the directory padview started in.
func exportPath(name string) (string, error) {
	if rest, ok := strings.CutPrefix(name, "~/"); ok {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		name = filepath.Join(home, rest)
	}
	return filepath.Abs(name)
}

func (m exportModal) onExported(e exported) (Modal, tea.Cmd) {
	m.writing = false
	var exists *export.ExistsError
	switch {
	case e.err == nil:
		what := text.CleanText(m.job.doc.PAID)
		if m.job.compare != nil {
			what = "the comparison " + text.CleanText(m.job.compare.A) + " → " + text.CleanText(m.job.compare.B)
		}
		msg := fmt.Sprintf("Saved %s as %s to %s", what, m.choices[m.format].name, text.CleanText(e.path))
		if e.replaced {
			msg += ", replacing the file that was there"
		}
		return nil, report(levelOK, msg+".")
	case e.unrecorded:
		m.problem = "Not saved: " + text.CleanText(e.err.Error()) + ". Nothing was written: what the access log does not record is not exported. " +
			"Fix it and press " + m.k.keys.export.Save.Help().Key + " again."
	case errors.As(e.err, &exists) && exists.Dir:
		m.problem = text.CleanText(e.path) + " is a directory: add a file name to it."
	case errors.As(e.err, &exists):
		m.exists = e.path
	default:
		m.problem = "Not saved: " + text.CleanText(e.err.Error()) + ". Change the name and press " + m.k.keys.export.Save.Help().Key + " again."
	}
	return m, nil
}

func (m exportModal) View() string {
	st := m.k.st
	f := newFrame(m.w, m.h)
	head := []string{st.ModalTitle.Render("Export to a file"), st.Muted.Render(m.title), ""}
	// The choices scroll with the selection; the file name stays in sight.
	body := exportChoiceLines(st, m.choices, m.format)
	body = append(body, "")
	for _, l := range wrap("A name without a directory is saved where padview was started; ~/ is your home.", f.inner) {
		body = append(body, st.Muted.Render(l))
	}
	if m.job.doc != nil && m.job.doc.Masked {
		body = append(body, "")
		for _, l := range wrap("Masked: the file holds the advertisement as on screen, its personal data hidden.", f.inner) {
			body = append(body, st.Muted.Render(l))
		}
	}
	if m.personal {
		body = append(body, "")
		for _, l := range wrap("This file will hold the personal data of the full view. Saving it is your decision: "+
			"padview makes it readable by you only; keep it where the data may be, and delete it when done."+m.job.note(), f.inner) {
			body = append(body, st.StatusWarn.Render(l))
		}
	}
	foot := []string{"", st.InputPrompt.Render("File ❯ ") + m.input.View()}
	switch {
	case m.writing:
		foot = append(foot, st.Muted.Render("Saving…"))
	case m.exists != "":
		foot = append(foot, wrap(text.CleanText(filepath.Base(m.exists))+" is already there (in "+
			text.CleanText(filepath.Dir(m.exists))+"). Replace it?", f.inner)...)
		keys := m.k.keys.export
		foot = append(foot, st.InputPrompt.Render(keys.Replace.Help().Key)+" replace · "+st.InputPrompt.Render(keys.Keep.Help().Key)+" keep it and change the name")
	case m.problem != "":
		for _, l := range wrap(m.problem, f.inner) {
			foot = append(foot, st.InputError.Render(l))
		}
	}
	off := inSight(m.format, len(body), f.room(len(head), len(foot)))
	return f.render(st.Modal.BorderForeground(st.Palette.Accent), head, body, foot, off)
}

func (m exportModal) Keys() []hint {
	keys := m.k.keys.export
	if m.exists != "" {
		return []hint{{keys.Replace, 3}, {keys.Keep, 3}}
	}
	return []hint{{keys.Save, 4}, {keys.Format(), 3}, {keys.Cancel, 4}, {m.k.keys.root.ForceQuit, 1}}
}
