package ui

import (
	"errors"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/text"
)

// tokenModal is the token entry: a masked input, checked and cleaned by
// the rule of the saver that keeps it (Config.Tokens), saved to the
// keyring (or kept for the session when the keyring cannot take it).
// Replacing a token the session already has asks first.
type tokenModal struct {
	k       *kit
	clean   func(string) (string, error) // the token rule
	input   textinput.Model
	intro   string
	where   string // where the token will be kept
	current string // where the token in use came from, "" when there is none
	problem string // what is wrong with what was typed
	replace bool   // asking whether to replace the current token
	w, h    int
}

// newTokenModal opens the token entry. current names where the token in
// use came from ("" when there is none).
func newTokenModal(k *kit, clean func(string) (string, error), intro, where, current string) (Modal, tea.Cmd) {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = "partner token"
	in.EchoMode = textinput.EchoPassword
	in.EchoCharacter = '•'
	in.CharLimit = 4096
	setBlink(&in)
	cmd := in.Focus()
	return tokenModal{k: k, clean: clean, input: in, intro: intro, where: where, current: current}, cmd
}

func (m tokenModal) Resize(w, h int) Modal {
	m.w, m.h = w, h
	m.input.SetWidth(max(10, newFrame(w, h).inner-10))
	return m
}

func (m tokenModal) Update(msg tea.Msg) (Modal, tea.Cmd) {
	keys := m.k.keys.token
	if m.replace {
		if k, ok := msg.(tea.KeyPressMsg); ok {
			switch {
			case key.Matches(k, keys.Replace):
				return nil, m.chosen()
			case key.Matches(k, keys.Keep):
				m.replace = false
			}
		}
		return m, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, keys.Close):
			return nil, cancelledWith("")
		case key.Matches(msg, keys.Save):
			if _, err := m.clean(m.input.Value()); err != nil {
				m.problem = capitalize(err.Error()) + "."
				return m, nil
			}
			if m.current != "" {
				m.replace = true
				return m, nil
			}
			return nil, m.chosen()
		}
	case tea.MouseMsg:
		return m, nil
	}
	// The refusal stays until what was typed changes: a cursor blink or
	// a key that only moves the cursor leaves it to be read.
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() != before {
		m.problem = ""
	}
	return m, cmd
}

// chosen hands the token, as the rule cleans it, to the root, which saves
// it.
func (m tokenModal) chosen() tea.Cmd {
	tok, _ := m.clean(m.input.Value())
	return func() tea.Msg { return tokenChosen{token: tok} }
}

func (m tokenModal) View() string {
	st := m.k.st
	f := newFrame(m.w, m.h)
	head := []string{st.Title.Render("Partner token"), ""}
	var body []string
	if m.replace {
		body = wrap("Replace the token in use (source: "+m.current+")? The new one will be "+m.where, f.inner)
		keys := m.k.keys.token
		body = append(body, "", st.InputPrompt.Render(keys.Replace.Help().Key)+" replace · "+st.InputPrompt.Render(keys.Keep.Help().Key)+" keep the current one")
	} else {
		body = append(wrap(m.intro, f.inner), "", st.InputPrompt.Render("Token ❯ ")+m.input.View(), "")
		for _, l := range wrap("It will be "+m.where, f.inner) {
			body = append(body, st.Muted.Render(l))
		}
		if m.problem != "" {
			body = append(body, "")
			for _, l := range wrap(m.problem, f.inner) {
				body = append(body, st.InputError.Render(l))
			}
		}
	}
	return f.render(st.Modal.BorderForeground(st.Palette.Accent), head, body, nil, 0)
}

func (m tokenModal) Keys() []hint {
	keys := m.k.keys.token
	if m.replace {
		return []hint{{keys.Replace, 2}, {keys.Keep, 2}}
	}
	return []hint{{keys.Save, 3}, {keys.Close, 3}, {m.k.keys.root.ForceQuit, 2}}
}

// tokenRule is how the token entry checks what was typed: by the rule of
// the saver that keeps it. Without one (the demo) a token is kept for the
// session as typed, less the whitespace of a paste; the service judges it.
func tokenRule(s TokenSaver) func(string) (string, error) {
	if s != nil {
		return s.CleanToken
	}
	return func(input string) (string, error) {
		tok := strings.TrimSpace(input)
		if tok == "" {
			return "", errors.New("enter a token")
		}
		return tok, nil
	}
}

// tokenHome says where a token typed in will be kept, for the token entry.
func tokenHome(cfg Config) string {
	switch {
	case cfg.Tokens == nil:
		return "kept for this session only."
	case cfg.KeyringProblem != "":
		return "kept for this session only: " + text.CleanText(cfg.KeyringProblem) + "."
	}
	return "saved in the OS keyring, never in a file."
}
