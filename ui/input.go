package ui

import (
	"fmt"
	"unicode/utf8"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/text"
	"github.com/padview/padview/theme"
)

// cursorBlink makes the inputs' cursors blink; tests turn it off.
var cursorBlink = true

// maxInput is the most characters the PAID input holds: a PAID, or an
// endpoint URL, with room to spare. A paste that does not fit is cut, and
// the input says so; a column of PAIDs is read whole as a worklist
// (readPasted), up to api.MaxWorklist PAIDs.
const maxInput = 2048

// paidInput is the PAID box: the text input, this session's PAIDs for
// ↑/↓, and what is wrong with what was typed.
type paidInput struct {
	box     textinput.Model
	problem string   // what is wrong with what was typed or pasted: under the input until the next key
	brief   string   // problem in fewer words, for a narrow screen; "" when it has none
	history []string // PAIDs looked up, oldest first
	pos     int      // where ↑/↓ are in history; len(history) is the draft
	draft   string
}

func newPAIDInput() paidInput {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = "advertisement PAID, e.g. AB12CD, or paste an endpoint URL"
	in.CharLimit = maxInput
	in.KeyMap.DeleteBeforeCursor.SetEnabled(false) // ctrl+u clears the whole input: inputKeys.Clear
	setBlink(&in)
	in.Focus()
	return paidInput{box: in}
}

func (p paidInput) value() string { return p.box.Value() }

// say sets the problem (and its brief form), or clears it with "".
func (p *paidInput) say(problem, brief string) { p.problem, p.brief = problem, brief }

// update types into the box; typing clears the problem.
func (p *paidInput) update(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(tea.KeyPressMsg); ok {
		p.say("", "")
	}
	var cmd tea.Cmd
	p.box, cmd = p.box.Update(msg)
	return cmd
}

// paste puts one pasted word in where the cursor is. What does not fit
// in maxInput characters is dropped, and the input says how much.
func (p *paidInput) paste(word string) tea.Cmd {
	p.say("", "")
	room := max(0, maxInput-utf8.RuneCountInString(p.box.Value()))
	if n := utf8.RuneCountInString(word); n > room {
		cut := text.Plural(n-room, "character", "characters")
		p.say(fmt.Sprintf("The paste was cut: %s dropped (the input holds %s). A longer list goes in padview --list FILE.",
			cut, text.Thousands(maxInput)), "Paste cut by "+cut+"; use padview --list FILE")
		word = string([]rune(word)[:room]) // the box would cut it too, after reading it all
	}
	var cmd tea.Cmd
	p.box, cmd = p.box.Update(tea.PasteMsg{Content: word})
	return cmd
}

// remember adds a PAID to the history, once in a row.
func (p *paidInput) remember(paid string) {
	if n := len(p.history); n == 0 || p.history[n-1] != paid {
		p.history = append(p.history, paid)
	}
	p.pos = len(p.history)
}

// step walks the history; below the newest is the draft.
func (p *paidInput) step(d int) {
	if len(p.history) == 0 {
		return
	}
	if p.pos == len(p.history) {
		p.draft = p.box.Value()
	}
	p.pos = min(max(p.pos+d, 0), len(p.history))
	if p.pos == len(p.history) {
		p.box.SetValue(p.draft)
	} else {
		p.box.SetValue(p.history[p.pos])
	}
	p.box.CursorEnd()
}

// restore puts the PAID on screen back in the box when the input is left
// without a lookup; what was typed instead stays one ↑ away.
func (p *paidInput) restore(paid string) {
	if v := p.box.Value(); v != paid && v != "" {
		if n := len(p.history); n == 0 || p.history[n-1] != v {
			p.history = append(p.history, v)
		}
	}
	p.box.SetValue(paid)
	p.box.CursorEnd()
	p.pos = len(p.history)
}

// clear empties the box for a new PAID; ↑ brings the last one back.
func (p *paidInput) clear() {
	p.box.SetValue("")
	p.pos = len(p.history)
}

func (p *paidInput) focus() tea.Cmd { return p.box.Focus() }
func (p *paidInput) blur()          { p.box.Blur() }

func (p *paidInput) setWidth(w int) { p.box.SetWidth(max(10, w-9)) }

func (p *paidInput) restyle(st theme.Styles) {
	p.box.SetStyles(textinput.DefaultStyles(st.IsDark))
	setBlink(&p.box)
}

// view is the input line.
func (p paidInput) view(st theme.Styles, focused bool, w int) string {
	prompt := st.Muted.Render("PAID ❯ ")
	if focused {
		prompt = st.InputPrompt.Render("PAID ❯ ")
	}
	return fit(prompt+p.box.View(), w)
}

func setBlink(in *textinput.Model) {
	s := in.Styles()
	s.Cursor.Blink = cursorBlink
	in.SetStyles(s)
}
