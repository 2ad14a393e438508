package ui

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// docKey is a key as docs/tui.md writes it: arrows as arrows, pgdn.
func docKey(k string) string {
	for name, sym := range map[string]string{"up": "↑", "down": "↓", "left": "←", "right": "→", "pgdown": "pgdn"} {
		if k == name {
			return sym
		}
		if mod, ok := strings.CutSuffix(k, "+"+name); ok {
			return mod + "+" + sym
		}
	}
	return k
}

var (
	docHeading = regexp.MustCompile(`^#{2,3} (.+)$`)
	docCode    = regexp.MustCompile("`([^`]+)`")
	docRange   = regexp.MustCompile("`([0-9])`…`([0-9])`")
)

// docTable is the keys named in the first column of the first table under
// the heading, `1`…`4` counted as 1, 2, 3 and 4.
func docTable(t *testing.T, page, heading string) []string {
	t.Helper()
	var keys []string
	under, inTable := false, false
	for _, line := range strings.Split(page, "\n") {
		if m := docHeading.FindStringSubmatch(line); m != nil {
			if under && inTable {
				break
			}
			under = m[1] == heading
			continue
		}
		if !under {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			if inTable {
				break
			}
			continue
		}
		inTable = true
		cells := strings.Split(line, "|")
		first := docRange.ReplaceAllStringFunc(cells[1], func(r string) string {
			m := docRange.FindStringSubmatch(r)
			var out []string
			for c := m[1][0]; c <= m[2][0]; c++ {
				out = append(out, "`"+string(c)+"`")
			}
			return strings.Join(out, " ")
		})
		for _, m := range docCode.FindAllStringSubmatch(first, -1) {
			keys = append(keys, m[1])
		}
	}
	if !inTable {
		t.Fatalf("docs/tui.md has no key table under %q", heading)
	}
	return keys
}

// TestKeyTablesMatchTheBindings holds docs/tui.md against keys.go: every
// key a binding answers to is in the docs table of its pane or dialog, and
// every key in that table is one a binding answers to.
func TestKeyTablesMatchTheBindings(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../docs/tui.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, set := range newKeyMap().keySets() {
		bound := map[string]bool{}
		for _, b := range set.bindings {
			for _, k := range b.Keys() {
				bound[docKey(k)] = true
			}
		}
		documented := map[string]bool{}
		for _, k := range docTable(t, page, set.doc) {
			documented[k] = true
			if !bound[k] {
				t.Errorf("%s: the docs list %q, which no binding answers to", set.doc, k)
			}
		}
		for k := range bound {
			if !documented[k] {
				t.Errorf("%s: %q answers, but the docs' table does not list it", set.doc, k)
			}
		}
	}
}

// TestKeyNamesStayInTheBindings: outside keys.go no code compares a key's
// name; it asks key.Matches of a binding.
func TestKeyNamesStayInTheBindings(t *testing.T) {
	t.Parallel()
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	typed := regexp.MustCompile(`(msg|k|key)\.String\(\)|\.Code ==|case "(esc|enter|up|down|tab|y|n|q)"`)
	for _, f := range files {
		name := f.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || name == "keys.go" {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if typed.MatchString(line) {
				t.Errorf("%s:%d compares a key's name: %s", name, i+1, strings.TrimSpace(line))
			}
		}
	}
}

// Every key of a key set is declared once in it: no two bindings of one
// part of the screen answer to the same key, except where the set says
// which goes first (the confirmation's enter and esc while typing, the
// token entry's esc while it asks).
func TestNoKeyAnswersTwiceInAPlace(t *testing.T) {
	t.Parallel()
	k := newKeyMap()
	r := k.root
	root := append([]key.Binding{r.Fetch, r.NewPAID, r.EditPAID, r.Cancel, r.Refetch, r.Token, r.CopyMenu, r.Curl, r.Export,
		r.Compare, r.NextTab, r.PrevTab, r.Right, r.Left, r.Back, r.Forward, r.Lookups, r.WorklistNext, r.WorklistPrev,
		r.Full, r.Standard, r.Mask, r.Help, r.Quit, r.ForceQuit, r.Watch}, r.Tabs[:]...)
	places := map[string][]key.Binding{
		"root":         root,
		"scroll":       k.scroll.all(),
		"copy":         {k.copy.PAID, k.copy.Value, k.copy.Row, k.copy.Text, k.copy.JSON, k.copy.Curl, k.copy.Up, k.copy.Down, k.copy.Copy, k.copy.Close},
		"export":       {k.export.Save, k.export.Cancel, k.export.Prev, k.export.Next},
		"confirmation": append([]key.Binding{k.confirm.Yes, k.confirm.No, k.confirm.Choose, k.confirm.Answer, k.confirm.OwnPurpose}, append(k.confirm.Purposes, k.confirm.Scroll.all()...)...),
	}
	for place, bs := range places {
		seen := map[string]string{}
		for _, b := range bs {
			for _, name := range b.Keys() {
				if other, ok := seen[name]; ok {
					t.Errorf("%s: %q answers both %q and %q", place, name, other, b.Help().Desc)
				}
				seen[name] = b.Help().Desc
			}
		}
	}
	// The root's keys are not the pane's: the scroll keys reach the pane.
	for _, b := range k.scroll.all() {
		for _, a := range root {
			if key.Matches(tea.KeyPressMsg{Code: []rune(b.Keys()[0])[0], Text: b.Keys()[0]}, a) && len(b.Keys()[0]) == 1 {
				t.Errorf("%q scrolls, but the root takes it for %q", b.Keys()[0], a.Help().Desc)
			}
		}
	}
	if !slices.Contains(k.confirm.Answer.Keys(), "space") || slices.Contains(k.confirm.Scroll.PageDown.Keys(), "space") {
		t.Error("in the confirmation space answers and does not scroll")
	}
}
