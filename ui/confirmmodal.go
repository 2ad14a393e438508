package ui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/audit"
	"github.com/padview/padview/api/text"
)

// confirmArmDelay is how long the confirmation ignores keys after it
// opens, so that keys already typed cannot answer it.
const confirmArmDelay = 400 * time.Millisecond

// confirmArmed is the moment the confirmation takes keys: a message only
// so that the screen is drawn again with its keys.
type confirmArmed struct{}

// purposeRule is what the profile asks of the purpose: whether one is
// required, and whether the access log records it.
type purposeRule struct{ required, recorded bool }

// confirmModal asks before the full view is used, and why: one of
// audit.Purposes with one key, a note typed after 5, or both. Cancel is the
// default; the notice scrolls on small screens while the purpose, the
// choice and their keys stay.
type confirmModal struct {
	k       *kit
	paid    string // the advertisement to fetch in the full view, or ""
	from    string // the advertisement the purpose filled in was given for, when another
	note    string // something to know about paid, such as where a pasted URL pointed
	rule    purposeRule
	purpose int             // 1 to len(audit.Purposes); 0 for none
	detail  textinput.Model // the typed purpose
	typing  bool            // the typed purpose has the keys
	problem string          // why the last y was refused
	armedAt time.Time
	yes     bool // the focused choice
	w, h    int
	offset  int // of the notice
}

// purposeGiven is a purpose as the dialog holds it: the choice (1 to
// len(audit.Purposes), 0 for none) and the typed text, and the
// advertisement it was given for. A reason is tied to that one PAID.
type purposeGiven struct {
	paid   string
	choice int
	detail string
}

func (g purposeGiven) empty() bool { return g.choice == 0 && g.detail == "" }

// newConfirmModal opens the confirmation for paid with prior filled in: a
// draft a cancel kept, or the purpose given for another advertisement,
// which the dialog names ("purpose: … (from AB12CD)") to be confirmed
// again or changed.
func newConfirmModal(k *kit, paid, note string, rule purposeRule, prior purposeGiven) Modal {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = "press " + k.keys.confirm.OwnPurpose.Help().Key + " to type a purpose"
	in.CharLimit = audit.MaxReason
	setBlink(&in)
	in.SetValue(prior.detail)
	m := confirmModal{k: k, paid: paid, note: note, rule: rule, detail: in, purpose: prior.choice, armedAt: k.now().Add(confirmArmDelay)}
	if prior.paid != "" && prior.paid != paid && !prior.empty() {
		m.from = prior.paid
		reason, _ := m.reason()
		m.note = strings.TrimSpace(note + " The purpose: " + reason + " (from " + text.CleanText(prior.paid) + "). " +
			say(k.keys.confirm.Yes, "confirms it for "+text.CleanText(paid)) + "; change it below.")
	}
	return m
}

// given is what the dialog holds, for the model to keep.
func (m confirmModal) given() purposeGiven {
	return purposeGiven{paid: m.paid, choice: m.purpose, detail: strings.TrimSpace(m.detail.Value())}
}

func (m confirmModal) Resize(w, h int) Modal {
	m.w, m.h = w, h
	m.detail.SetWidth(max(8, m.frame().inner-len(choiceMargin)-10)) // after "5 other: ", and its cursor
	m.offset = min(m.offset, m.maxOffset())
	return m
}

func (m confirmModal) frame() frame { return newFrame(m.w, m.h) }

// compact leaves out the blank lines around the purpose on a short screen.
func (m confirmModal) compact() bool { return m.h < 18 }

func (m confirmModal) maxOffset() int {
	return m.frame().maxOffset(len(m.body()), len(m.head()), len(m.foot()))
}

// head is the title and the advertisement asked for: always in sight.
func (m confirmModal) head() []string {
	st := m.k.st
	out := []string{st.ModalTitle.Render("Full view: personal data")}
	if m.paid != "" {
		out = append(out, "Advertisement: "+st.Title.Render(text.CleanText(m.paid)))
	}
	if m.compact() {
		return out
	}
	return append(out, "")
}

// body is what scrolls on a small screen: the data-protection notice (and,
// on a short screen, what happens after yes).
func (m confirmModal) body() []string {
	st, w := m.k.st, m.frame().inner
	var lines []string
	if m.note != "" {
		for _, l := range wrap(m.note, w) {
			lines = append(lines, st.StatusWarn.Render(l))
		}
		lines = append(lines, "")
	}
	lines = append(lines, wrap(advert.DataProtectionNotice, w)...)
	if m.compact() {
		lines = append(append(lines, ""), m.after()...)
	}
	return lines
}

// after says that the full view stays on, and what the access log keeps.
func (m confirmModal) after() []string {
	after := "The full view then stays on for later lookups until you press s, or until " +
		text.Duration(m.k.idle) + " pass without a key press; padview then returns to the standard view by itself."
	if m.rule.recorded {
		after += " Each full-view lookup is recorded in the access log with this purpose (another advertisement's asks again), never with the personal data."
	}
	return wrap(after, m.frame().inner)
}

// foot is what yes means from now on, the purpose and the buttons: always
// in sight (on a short screen what yes means scrolls with the notice).
func (m confirmModal) foot() []string {
	st := m.k.st
	var out []string
	if !m.compact() {
		out = append(append(out, ""), m.after()...)
		out = append(out, "")
	}
	ask := "Purpose, for the access log (optional):"
	switch {
	case !m.rule.recorded && m.rule.required:
		ask = "Purpose (required; access_log = false: not recorded):"
	case !m.rule.recorded:
		ask = "Purpose (optional; access_log = false: not recorded):"
	case m.rule.required:
		ask = "Purpose, for the access log (required):"
	}
	if m.problem != "" {
		out = append(out, st.InputError.Render("✗ "+m.problem))
	} else {
		out = append(out, st.Label.Bold(true).Render(ask))
	}
	out = append(out, m.purposeRows()...)
	other := m.k.keys.confirm.OwnPurpose.Help().Key + " other: "
	prompt := st.Muted.Render(other)
	if m.typing {
		prompt = st.InputPrompt.Render(other)
	}
	out = append(out, choiceMargin+prompt+m.detail.View()) // under the choices' keys
	cancel, confirm := st.ButtonFocused, st.Button
	if m.yes {
		cancel, confirm = st.Button, st.ButtonFocused
	}
	if m.h < 26 { // below that, the notice needs the room of the boxed buttons
		// One line: brackets and reverse mark the focused choice without colour.
		cancel, confirm = cancel.UnsetBorderStyle().Padding(0), confirm.UnsetBorderStyle().Padding(0)
		return append(out, cancel.Render("[ Cancel ]")+"  "+confirm.Render("[ Show personal data ]"))
	}
	buttons := lipgloss.JoinHorizontal(lipgloss.Top, cancel.Render("Cancel"), "  ", confirm.Render("Show personal data"))
	return append(out, append([]string{""}, strings.Split(buttons, "\n")...)...)
}

// choiceMargin stands where a chosen purpose's bracket goes, so that every
// choice's key, and the typed purpose's, start in one column.
const choiceMargin = " "

// purposeRows lays the purposes out two to a line; the chosen one is
// bracketed and reversed, so it shows without colour.
func (m confirmModal) purposeRows() []string {
	st := m.k.st
	cells := make([]string, len(audit.Purposes))
	widths := [2]int{}
	for i, p := range audit.Purposes {
		cells[i] = m.k.keys.confirm.Purposes[i].Help().Key + " " + p
		widths[i%2] = max(widths[i%2], lipgloss.Width(cells[i])+2)
	}
	var rows []string
	var row strings.Builder
	for i, c := range cells {
		if i == m.purpose-1 {
			row.WriteString(st.Selected.Render("[" + c + "]"))
		} else {
			row.WriteString(choiceMargin + c + choiceMargin)
		}
		row.WriteString(strings.Repeat(" ", widths[i%2]-lipgloss.Width(c)-2+1))
		if i%2 == 1 || i == len(cells)-1 {
			rows = append(rows, strings.TrimRight(row.String(), " "))
			row.Reset()
		}
	}
	return rows
}

// reason is the purpose as the access log records it: the purpose chosen,
// then what was typed ("Support request: ticket 4711").
func (m confirmModal) reason() (string, error) {
	parts := []string{}
	if m.purpose > 0 {
		parts = append(parts, audit.Purposes[m.purpose-1])
	}
	if d := strings.TrimSpace(m.detail.Value()); d != "" {
		parts = append(parts, d)
	}
	return audit.CleanReason(strings.Join(parts, ": "))
}

func (m confirmModal) Update(msg tea.Msg) (Modal, tea.Cmd) {
	if m.typing {
		return m.updateTyping(msg)
	}
	keys := m.k.keys.confirm
	if d, scroll := scrollDelta(keys.Scroll, msg, 3); scroll {
		m.offset = min(max(m.offset+d, 0), m.maxOffset())
		return m, nil
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || m.k.now().Before(m.armedAt) {
		return m, nil // typed before the dialog could be read; pastes and clicks never answer it
	}
	if n, ok := keys.purpose(k); ok {
		if m.purpose == n {
			n = 0 // a second press takes it back
		}
		m.purpose, m.problem = n, ""
		return m, nil
	}
	switch {
	case key.Matches(k, keys.OwnPurpose):
		m.typing, m.problem = true, ""
		return m, m.detail.Focus()
	case key.Matches(k, keys.Choose):
		m.yes = !m.yes
	case key.Matches(k, keys.No), key.Matches(k, keys.Answer) && !m.yes:
		return nil, m.cancel()
	case key.Matches(k, keys.Yes), key.Matches(k, keys.Answer):
		return m.accept()
	}
	return m, nil
}

// cancel closes the dialog; a purpose picked or typed is not dropped
// unsaid: the model keeps it for the next confirmation.
func (m confirmModal) cancel() tea.Cmd {
	g := m.given()
	if g.empty() {
		return cancelledWith("Full view not opened.")
	}
	g.paid = ""
	say := "Full view not opened; the purpose is kept for the next " + m.k.keys.root.Full.Help().Key + "."
	return func() tea.Msg { return cancelled{say: say, draft: g} }
}

// updateTyping gives keys and pastes to the typed purpose; the Done keys
// hand the keys back to the dialog, and enter moves the choice to Show
// personal data when the purpose is complete (enter again answers yes).
func (m confirmModal) updateTyping(msg tea.Msg) (Modal, tea.Cmd) {
	keys := m.k.keys.confirm
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if key.Matches(msg, keys.Typed, keys.Done) {
			m.typing = false
			m.detail.Blur()
			if _, err := m.reason(); key.Matches(msg, keys.Typed) && err == nil && strings.TrimSpace(m.detail.Value()) != "" {
				m.yes = true
			}
			return m, nil
		}
	case tea.MouseMsg:
		return m, nil
	}
	var cmd tea.Cmd
	m.detail, cmd = m.detail.Update(msg)
	return m, cmd
}

// accept answers yes, unless the profile requires a purpose and none is
// given, or the purpose is too long: then the dialog stays and says why.
func (m confirmModal) accept() (Modal, tea.Cmd) {
	reason, err := m.reason()
	switch {
	case err != nil:
		m.problem = capitalize(err.Error()) + "."
		return m, nil
	case reason == "" && m.rule.required:
		m.problem = "A purpose is required: " + m.k.keys.confirm.Purpose().Help().Key + ", or " + m.k.keys.confirm.OwnPurpose.Help().Key + " to type one."
		return m, nil
	}
	paid, g := m.paid, m.given()
	return nil, func() tea.Msg { return fullConfirmed{paid: paid, reason: reason, given: g} }
}

func (m confirmModal) View() string {
	st := m.k.st
	return m.frame().render(st.Modal, m.head(), m.body(), m.foot(), m.offset)
}

// Keys offers the answers once they work: until the dialog is armed, only
// scrolling and ctrl+c.
func (m confirmModal) Keys() []hint {
	keys := m.k.keys.confirm
	var scroll []hint
	if m.maxOffset() > 0 {
		scroll = []hint{{rebind(keys.Scroll.UpDown(), "scroll"), 5}}
	}
	switch {
	case m.typing:
		return []hint{{keys.Typed, 5}, {keys.Done, 4}, {m.k.keys.root.ForceQuit, 2}}
	case m.k.now().Before(m.armedAt):
		return append(scroll, hint{m.k.keys.root.ForceQuit, 2})
	}
	hints := append([]hint{{keys.Yes, 5}, {keys.No, 5}}, scroll...)
	return append(hints, hint{keys.Purpose(), 4}, hint{keys.OwnPurpose, 3}, hint{keys.Choose, 1}, hint{keys.Answer, 0})
}
