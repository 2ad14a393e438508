package vocab

import "testing"

// TextSays reads whether a sentence speaks of a concept and whether it
// denies it; a paragraph wrapped at a width is one sentence, a list's
// lines are not.
func TestTextSaysReadsClauses(t *testing.T) {
	v := Builtin()
	for _, tc := range []struct {
		text, concept string
		said, negated bool
	}{
		{"Es wurde kein Targeting eingesetzt.", "targeting", true, true},
		{"Für diese Werbemaßnahmen werden keine personenbezogenen Daten verarbeitet und kein\n" +
			"Targeting oder Anzeigenschaltungsverfahren im Sinne von Art. 18 eingesetzt.", "targeting", true, true},
		// short lines are a list: the "kein" of one item is not the next's
		{"Spenden: keine\nTargeting: Alter 18-25", "targeting", true, false},
		{"We used geographic targeting.", "targeting", true, false},
		{"No money comes from abroad.\nTargeting by age.", "targeting", true, false},
		{"Flyer und Plakate", "targeting", false, false},
	} {
		said, negated := v.TextSays(tc.text, tc.concept)
		if said != tc.said || negated != tc.negated {
			t.Errorf("TextSays(%q, %s) = %v, %v; want %v, %v", tc.text, tc.concept, said, negated, tc.said, tc.negated)
		}
	}
}

// OpensWith reads a text's first words: a reference to something said
// elsewhere opens it, or it does not.
func TestOpensWithReadsTheFirstWords(t *testing.T) {
	v := Builtin()
	for text, want := range map[string]bool{
		"Gemäß den jeweils gültigen Preislisten der Anbieter.": true,
		"According to the rate card":                           true,
		"zie bijlage 2":                                        true,
		"Preislisten gemäß Vertrag":                            false,
		"pro bono design work":                                 false,
		"":                                                     false,
	} {
		if got := v.OpensWith(text, "reference"); got != want {
			t.Errorf("OpensWith(%q, reference) = %v, want %v", text, got, want)
		}
	}
}
