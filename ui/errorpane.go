package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/text"
)

// errorPane says, in plain words, what happened to a lookup that failed,
// what the service said about it, and what to do next.
type errorPane struct {
	k    *kit
	ex   *exchange
	body textView // laid out by Resize
	dark bool
}

func newErrorPane(k *kit, ex *exchange) Pane { return errorPane{k: k, ex: ex} }

func (p errorPane) Tab() Tab { return Tab{Label: "Error"} }

func (p errorPane) Resize(w, h int) Pane {
	if p.body.lines == nil || p.body.width != w || p.dark != p.k.st.IsDark {
		p.dark = p.k.st.IsDark
		p.body.setLines(p.layout(w))
	}
	p.body.resize(w, h)
	return p
}

func (p errorPane) layout(w int) []string {
	st := p.k.st
	ex := p.ex
	var out []string
	para := func(title, body string) {
		out = append(out, "", st.Label.Bold(true).Render(title))
		for _, l := range wrap(body, max(10, w-2)) {
			out = append(out, "  "+st.Value.Render(l))
		}
	}
	// The headline says it once (the message line names the PAID and view,
	// the status bar only that it failed).
	_, short, _ := errorStatus(ex.err, ex.lookup)
	for _, l := range wrap("✗ "+short, w) {
		out = append(out, st.StatusError.Render(l))
	}
	what, said := capitalize(text.CleanText(ex.err.Error())), ""
	if ae := ex.apiError(); ae != nil {
		plain := *ae // the server's own words get a paragraph of their own
		plain.ServerMessage = ""
		what = capitalize(plain.Error())
		said = strings.TrimSuffix(strings.Join([]string{ae.ServerCode, ae.ServerMessage}, ": "), ": ")
		said = strings.TrimPrefix(said, ": ")
	}
	if !strings.HasSuffix(what, "…") {
		what = strings.TrimSuffix(what, ".") + "."
	}
	what, said = ex.say(what), ex.say(said)
	para("What happened", what)
	if said != "" {
		para("The service said", said)
	}
	for i, a := range ex.advice() {
		if i == 0 {
			para("What you can do", a)
			continue
		}
		for _, l := range wrap(a, max(10, w-2)) {
			out = append(out, "  "+st.Muted.Render(l))
		}
	}
	return out
}

func (p errorPane) Update(msg tea.Msg) (Pane, tea.Cmd) {
	cmd := p.body.update(p.k, msg)
	return p, cmd
}

func (p errorPane) View() string { return p.body.view(p.k) }

func (p errorPane) Where() string { return p.body.where() }

func (p errorPane) Finding() findMode { return p.body.find.mode() }

// Selection: an error has nothing to select.
func (p errorPane) Selection() (string, []string) { return "", nil }

// Text is the account of the failure, paragraphs unwrapped.
func (p errorPane) Text() string { return plainLines(p.layout(maxTextWidth)) }
