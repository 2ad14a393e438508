package ui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/keystore"
)

// confirmDialog asks before the full view is used. Cancel is focused by
// default and keys arriving before armedAt are ignored.
type confirmDialog struct {
	paid         string
	armedAt      time.Time
	focusConfirm bool
}

func (m *Model) openConfirm() {
	if m.view == advert.Full {
		m.status = status{levelInfo, "Already in the full view; s returns to standard.", false}
		return
	}
	paid := ""
	if m.doc != nil {
		paid = m.doc.PAID
	} else if p, err := api.ParsePAID(m.input.Value()); err == nil {
		paid = p
	}
	m.confirm = &confirmDialog{paid: paid, armedAt: m.now().Add(confirmArmDelay)}
}

func (m Model) onConfirmKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	c := m.confirm
	if m.now().Before(c.armedAt) {
		return m, nil // typed before the dialog could be read
	}
	switch k.String() {
	case "left", "right", "tab", "shift+tab", "h", "l":
		c.focusConfirm = !c.focusConfirm
	case "esc", "n", "q":
		m.confirm = nil
		m.status = status{levelInfo, "Full view not opened.", false}
	case "y":
		return m.acceptFull()
	case "enter", "space":
		if c.focusConfirm {
			return m.acceptFull()
		}
		m.confirm = nil
		m.status = status{levelInfo, "Full view not opened.", false}
	}
	return m, nil
}

func (m Model) acceptFull() (tea.Model, tea.Cmd) {
	paid := m.confirm.paid
	m.confirm = nil
	m.view = advert.Full
	m.lastActivity = m.now()
	m.status = status{levelWarn, "Full view: personal data is shown. s returns to the standard view.", false}
	if paid == "" {
		return m, nil
	}
	return m, m.startFetch(paid, advert.Full)
}

func (m Model) confirmView(width int) string {
	st := m.st
	w := min(64, width-4)
	var b strings.Builder
	b.WriteString(st.ModalTitle.Render("Full view: personal data") + "\n\n")
	b.WriteString(lipgloss.NewStyle().Width(w - 6).Render(advert.DataProtectionNotice))
	if m.confirm.paid != "" {
		b.WriteString("\n\nAdvertisement: " + st.Title.Render(text.CleanText(m.confirm.paid)))
	}
	b.WriteString("\n\npadview returns to the standard view by itself after " + humanDuration(m.cfg.FullViewIdle) + " without a key press.\n\n")
	cancel, confirm := st.ButtonFocused, st.Button
	if m.confirm.focusConfirm {
		cancel, confirm = st.Button, st.ButtonFocused
	}
	b.WriteString(lipgloss.JoinHorizontal(lipgloss.Top, cancel.Render("Cancel"), "  ", confirm.Render("Show personal data")))
	b.WriteString("\n" + st.Muted.Render("y confirm · n/esc cancel · ←/→ choose"))
	return st.Modal.Width(w).Render(b.String())
}

// tokenEntry is the token screen: masked input, saved to the keyring, or
// kept for the session when the keyring cannot take it.
type tokenEntry struct {
	input  textinput.Model
	intro  string
	msg    string
	saving bool
}

func (m *Model) openTokenEntry(intro string) {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = "partner token"
	in.EchoMode = textinput.EchoPassword
	in.EchoCharacter = '•'
	in.CharLimit = 4096
	in.SetWidth(40)
	setBlink(&in)
	in.Focus()
	m.tokenEntry = &tokenEntry{input: in, intro: intro}
}

func (m Model) onTokenKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	te := m.tokenEntry
	if te.saving {
		return m, nil
	}
	switch k.String() {
	case "esc":
		m.tokenEntry = nil
		if m.token == "" {
			m.status = status{levelWarn, "No partner token: press t to enter one, ctrl+c to quit.", false}
		}
		return m, nil
	case "enter":
		tok, err := keystore.CleanToken(te.input.Value())
		if err != nil {
			te.msg = capitalize(err.Error()) + "."
			return m, nil
		}
		te.saving = true
		te.msg = "Saving…"
		return m, saveTokenCmd(m.cfg.Tokens, m.cfg.Profile, tok)
	}
	te.msg = ""
	var cmd tea.Cmd
	te.input, cmd = te.input.Update(k)
	return m, cmd
}

func (m Model) onTokenSaved(s tokenSaved) (tea.Model, tea.Cmd) {
	m.tokenEntry = nil
	m.setToken(s.token)
	m.detail = ""
	switch {
	case s.sessionOnly && s.err != nil:
		m.status = status{levelWarn, "Token kept for this session only: the keyring is unavailable.", false}
		m.notice = capitalize(text.CleanText(s.err.Error())) + "."
	case s.sessionOnly:
		m.status = status{levelInfo, "Token kept for this session only.", false}
	default:
		m.status = status{levelOK, "Token saved in the OS keyring for profile " + m.cfg.Profile + ".", false}
	}
	if m.last.paid != "" && m.doc == nil {
		return m, m.startFetch(m.last.paid, m.view)
	}
	return m, m.focusInputBox()
}

func (m Model) tokenView(width int) string {
	st := m.st
	te := m.tokenEntry
	w := min(64, width-4)
	var b strings.Builder
	b.WriteString(st.Title.Render("Partner token") + "\n\n")
	b.WriteString(lipgloss.NewStyle().Width(w-6).Render(te.intro) + "\n\n")
	b.WriteString(st.InputPrompt.Render("Token ❯ ") + te.input.View() + "\n")
	where := "It is saved in the OS keyring, never in a file."
	switch {
	case m.cfg.Tokens == nil:
		where = "It is kept for this session only."
	case m.cfg.KeyringProblem != "":
		where = "It will be kept for this session only: " + text.CleanText(m.cfg.KeyringProblem) + "."
	}
	b.WriteString("\n" + st.Muted.Width(w-6).Render(where) + "\n")
	if te.msg != "" {
		b.WriteString(st.InputError.Render(te.msg) + "\n")
	}
	b.WriteString(st.Muted.Render("enter save · esc close · ctrl+c quit"))
	return st.Modal.BorderForeground(st.Palette.Accent).Width(w).Render(b.String())
}

// humanDuration writes "10 minutes" or "90 seconds".
func humanDuration(d time.Duration) string {
	switch {
	case d >= time.Minute && d%time.Minute == 0:
		if d == time.Minute {
			return "1 minute"
		}
		return fmt.Sprintf("%d minutes", d/time.Minute)
	case d >= time.Second:
		return fmt.Sprintf("%d seconds", d/time.Second)
	}
	return d.String()
}
