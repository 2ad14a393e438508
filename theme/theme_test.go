package theme

import "testing"

// Without colour the marks that carry meaning must remain.
func TestMeaningSurvivesWithoutColour(t *testing.T) {
	for _, dark := range []bool{true, false} {
		s := New(dark)
		if !s.BadgeFull.GetReverse() || !s.BadgeFull.GetBold() {
			t.Error("FULL badge is not reverse and bold")
		}
		if !s.TabActive.GetBold() || !s.TabActive.GetUnderline() {
			t.Error("active tab is not bold and underlined")
		}
		if !s.Selected.GetReverse() {
			t.Error("selected row is not reverse")
		}
		if !s.Personal.GetUnderline() || PersonalMark == "" {
			t.Error("personal data has no mark besides colour")
		}
		if !s.ButtonFocused.GetReverse() {
			t.Error("focused button is not reverse")
		}
	}
}

func TestPalettesDifferByBackground(t *testing.T) {
	d, l := NewPalette(true), NewPalette(false)
	if d.Text == l.Text || d.Accent == l.Accent || d.Warning == l.Warning {
		t.Fatal("light and dark palettes share their main colours")
	}
}
