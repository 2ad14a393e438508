package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/fake"
)

// demoPAIDs is every PAID the demo names (fake.Listings), as typed in
// upper and in lower case.
func demoPAIDs() []string {
	var out []string
	for _, l := range fake.Listings() {
		for _, p := range l.PAIDs {
			out = append(out, strings.ToUpper(p), strings.ToLower(p))
		}
	}
	return out
}

// typingResult is a result screen (AB12CD's answer, focus on its panes)
// with the typing rule on.
func typingResult(t *testing.T) (Model, *clock, *fake.Server) {
	t.Helper()
	s := startFake(t, fake.Options{DemoTriggers: true})
	m, clk := newModel(t, demoConfig(s), 120, 36)
	m = typeText(t, m, "AB12CD")
	m = press(t, m, "enter")
	if m.focus != focusPane || m.ex == nil || m.ex.paid != "AB12CD" {
		t.Fatalf("no result screen: focus %v", m.focus)
	}
	m.kit.typing = typingWindow
	return m, clk, s
}

// typeFast types s key by key with no time passing and the commands the
// keys return never run, as a person typing: a waiting key's timer would
// fire only after the next key.
func typeFast(m Model, s string) Model {
	for _, r := range s {
		next, _ := m.Update(keyMsg(string(r)))
		m = next.(Model)
	}
	return m
}

// TestTypedDemoPAIDIsLookedUp: every demo PAID, upper and lower case,
// typed on a result screen (on each tab in turn) ends in the input and,
// with enter, is the lookup asked for; no key ran a command on the way:
// no dialog, no mask, no request, no tab change, nothing waiting.
func TestTypedDemoPAIDIsLookedUp(t *testing.T) {
	t.Parallel()
	base, _, s := typingResult(t)
	requests := s.Stats().Requests
	for i, paid := range demoPAIDs() {
		m := base
		m.deck.jump(i % len(m.deck.panes))
		tabBefore := m.deck.active
		m = typeFast(m, paid)
		switch {
		case m.focus != focusInput || m.input.value() != paid:
			t.Fatalf("%s: focus %v, input %q", paid, m.focus, m.input.value())
		case m.modal != nil:
			t.Fatalf("%s: a %T opened", paid, m.modal)
		case m.mask || m.toast != nil || m.typing.held != nil || m.mark != nil:
			t.Fatalf("%s: mask %v, toast %v, held %v", paid, m.mask, m.toast, m.typing.held)
		case m.deck.active != tabBefore:
			t.Fatalf("%s: typing left the tab %d for %d", paid, tabBefore, m.deck.active)
		case s.Stats().Requests != requests:
			t.Fatalf("%s: typing sent a request", paid)
		}
		next, _ := m.Update(keyMsg("enter"))
		m = next.(Model)
		if m.sess.pending == nil || m.sess.pending.l.paid != paid {
			t.Fatalf("%s: enter asked for %+v", paid, m.sess.pending)
		}
		m.sess.cancel()
	}
}

// TestBrowsingKeepsOneKeyCommands: each key alone still does what it
// did, once its moment has passed (the clock's timer fires); a key that
// only moves acts at once.
func TestBrowsingKeepsOneKeyCommands(t *testing.T) {
	t.Parallel()
	m, clk, _ := typingResult(t)

	// e waits, then opens the export dialog; down after it goes there.
	next, cmd := m.Update(keyMsg("e"))
	held := next.(Model)
	if held.modal != nil || held.typing.held == nil {
		t.Fatalf("e acted at once: %T", held.modal)
	}
	got := settle(t, held, cmd)
	if _, ok := got.modal.(exportModal); !ok {
		t.Fatalf("e after its moment: %T", got.modal)
	}
	next, _ = held.Update(keyMsg("down"))
	if _, ok := next.(Model).modal.(exportModal); !ok {
		t.Fatalf("down after e: %T", next.(Model).modal)
	}

	// q alone quits, after its moment.
	next, cmd = m.Update(keyMsg("q"))
	if next.(Model).typing.held == nil {
		t.Fatal("q did not wait")
	}
	_, cmd = next.(Model).Update(messageOf[heldKeyDue](t, cmd))
	messageOf[tea.QuitMsg](t, cmd)

	// 1 then m: tab 1 at once, the mask after m's moment; no input.
	m.deck.jump(3)
	got = press(t, m, "1", "m")
	if got.deck.active != 0 || !got.mask || got.focus != focusPane {
		t.Fatalf("1 m: tab %d, mask %v, focus %v", got.deck.active, got.mask, got.focus)
	}

	// j then p at once is typing; with a pause between, j scrolls and p
	// starts the input alone.
	if got := typeFast(m, "jp"); got.input.value() != "jp" || got.focus != focusInput {
		t.Fatalf("jp typed: input %q", got.input.value())
	}
	got = typeFast(m, "j")
	clk.add(typingWindow)
	if got = typeFast(got, "p"); got.input.value() != "p" {
		t.Fatalf("j, a pause, p: input %q", got.input.value())
	}

	// l then o at once is the start of LONG01, on the tab it left.
	m.deck.jump(2)
	if got := typeFast(m, "lo"); got.input.value() != "lo" || got.deck.active != 2 {
		t.Fatalf("lo: input %q, tab %d", got.input.value(), got.deck.active)
	}
	// o alone still starts an empty input.
	if got := press(t, m, "o"); got.input.value() != "" || got.focus != focusInput {
		t.Fatalf("o: input %q", got.input.value())
	}
	// esc leaves the input: the PAID on screen is back, typing one ↑ away.
	got = press(t, typeFast(m, "q4r"), "esc")
	if got.input.value() != "AB12CD" || got.focus != focusPane || got.input.history[len(got.input.history)-1] != "q4r" {
		t.Fatalf("esc after typing: input %q, history %q", got.input.value(), got.input.history)
	}
}

// TestProgramTypedDemoPAIDs: in a running program, every demo PAID typed
// on a result screen, upper and lower case, is the PAID looked up (the
// message line names it); the two that take seconds or a countdown are
// cancelled once fetching. The lookups were those typed, nothing else.
func TestProgramTypedDemoPAIDs(t *testing.T) {
	t.Parallel() // each program has its own fake, clock and terminal
	s := startFake(t, fake.Options{DemoTriggers: true})
	tm, _ := typingProgram(t, demoConfig(s), 120, 36)
	tm.Type("NOPE99")
	send(tm, "enter")
	waitFor(t, tm, "NOPE99 · standard view")
	want := []string{"NOPE99"}
	for _, paid := range demoPAIDs() {
		tm.Type(paid)
		send(tm, "enter")
		want = append(want, paid)
		if paid == "DEMO-SLOW" || paid == "DEMO-429" {
			waitFor(t, tm, "Fetching "+paid)
			// The first esc cancels, in the input; the second leaves it
			// for the screen before, which stays.
			send(tm, "esc", "esc")
			continue
		}
		waitFor(t, tm, paid+" · standard view")
	}
	m := finalModel(t, tm)
	if got := m.input.history; strings.Join(got, " ") != strings.Join(want, " ") || s.Stats().Full != 0 || m.mask || m.mark != nil {
		t.Fatalf("looked up %q, want %q; %d full; mask %v", got, want, s.Stats().Full, m.mask)
	}
}

// TestHelpSaysTheTypingRule: ? names the rule, at the smallest size too.
func TestHelpSaysTheTypingRule(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{120, 36}, {80, 24}} {
		m, _, _ := typingResult(t)
		next, _ := m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		got := press(t, next.(Model), "?")
		scr := strings.Join(strings.Fields(screen(got)), " ")
		requireContains(t, scr, "A typed PAID goes to the input: command keys wait 0.4 s for more typing; esc leaves it.")
	}
}
