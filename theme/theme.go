package theme

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
)

// Palette is the set of colours for one background.
type Palette struct {
	Text, Muted, Subtle, Accent, AccentText, Warning, WarningText, Error, Success, Personal, Border, Selection color.Color
	JSONKey, JSONString, JSONNumber, JSONLiteral                                                               color.Color
}

// NewPalette picks colours that read well on a dark or a light background.
func NewPalette(isDark bool) Palette {
	ld := lipgloss.LightDark(isDark)
	c := lipgloss.Color
	return Palette{
		Text:        ld(c("#1f2328"), c("#e6e6e6")),
		Muted:       ld(c("#59636e"), c("#9a9a9a")),
		Subtle:      ld(c("#d0d7de"), c("#3a3a3a")),
		Accent:      ld(c("#0b5cad"), c("#6cb6ff")),
		AccentText:  ld(c("#ffffff"), c("#0d1117")),
		Warning:     ld(c("#9a4d00"), c("#f0a35e")),
		WarningText: ld(c("#ffffff"), c("#1a1000")),
		Error:       ld(c("#b42318"), c("#ff7b72")),
		Success:     ld(c("#1a7f37"), c("#56d364")),
		Personal:    ld(c("#8250df"), c("#d2a8ff")),
		Border:      ld(c("#afb8c1"), c("#484f58")),
		Selection:   ld(c("#ddf4ff"), c("#1f3347")),
		JSONKey:     ld(c("#0550ae"), c("#79c0ff")),
		JSONString:  ld(c("#0a3069"), c("#a5d6ff")),
		JSONNumber:  ld(c("#953800"), c("#ffa657")),
		JSONLiteral: ld(c("#8250df"), c("#d2a8ff")),
	}
}

// Styles are the semantic styles the UI draws with.
type Styles struct {
	IsDark  bool
	Palette Palette

	Title, Text, Muted, Accent, Warning, Error, Success lipgloss.Style

	BadgeStandard, BadgeFull, BadgeDemo lipgloss.Style

	Tab, TabActive, TabEmpty, TabBar lipgloss.Style

	Label, Value, Personal, Null lipgloss.Style
	TableHeader, Selected        lipgloss.Style
	DetailBox                    lipgloss.Style
	Match, MatchCurrent          lipgloss.Style // what a find in a pane found, and the one n/N is on

	StatusBar, StatusError, StatusWarn, StatusOK, Budget, BudgetLow lipgloss.Style

	Modal, ModalTitle, Button, ButtonFocused lipgloss.Style

	InputPrompt, InputError lipgloss.Style

	JSONKey, JSONString, JSONNumber, JSONLiteral, JSONPunct lipgloss.Style

	Help help.Styles
}

// PersonalMark is the glyph that marks personal data without colour.
const PersonalMark = "◆"

// New builds the styles for a dark or light background.
func New(isDark bool) Styles {
	p := NewPalette(isDark)
	s := lipgloss.NewStyle
	st := Styles{IsDark: isDark, Palette: p}
	st.Title = s().Bold(true).Foreground(p.Accent)
	st.Text = s().Foreground(p.Text)
	st.Muted = s().Foreground(p.Muted)
	st.Accent = s().Foreground(p.Accent)
	st.Warning = s().Foreground(p.Warning).Bold(true)
	st.Error = s().Foreground(p.Error).Bold(true)
	st.Success = s().Foreground(p.Success)

	st.BadgeStandard = s().Bold(true).Foreground(p.AccentText).Background(p.Accent).Padding(0, 1)
	st.BadgeFull = s().Bold(true).Reverse(true).Foreground(p.Warning).Padding(0, 1)
	st.BadgeDemo = s().Foreground(p.Muted).Italic(true)

	st.Tab = s().Foreground(p.Muted).Padding(0, 1)
	st.TabActive = s().Bold(true).Underline(true).Foreground(p.Accent).Padding(0, 1)
	st.TabEmpty = s().Foreground(p.Subtle).Padding(0, 1)
	st.TabBar = s().Foreground(p.Border)

	st.Label = s().Foreground(p.Muted)
	st.Value = s().Foreground(p.Text)
	st.Personal = s().Foreground(p.Personal).Underline(true)
	st.Null = s().Foreground(p.Muted).Italic(true)
	st.TableHeader = s().Bold(true).Foreground(p.Muted)
	st.Selected = s().Reverse(true).Bold(true)
	st.DetailBox = s().Border(lipgloss.NormalBorder(), true, false, false, false).BorderForeground(p.Border)
	st.Match = s().Reverse(true)
	st.MatchCurrent = s().Bold(true).Underline(true).Foreground(p.WarningText).Background(p.Warning)

	st.StatusBar = s().Foreground(p.Text)
	st.StatusError = s().Foreground(p.Error).Bold(true)
	st.StatusWarn = s().Foreground(p.Warning).Bold(true)
	st.StatusOK = s().Foreground(p.Success)
	st.Budget = s().Foreground(p.Muted)
	st.BudgetLow = s().Foreground(p.Warning).Bold(true)

	st.Modal = s().Border(lipgloss.DoubleBorder()).BorderForeground(p.Warning).Padding(1, 2)
	st.ModalTitle = s().Bold(true).Foreground(p.Warning)
	st.Button = s().Padding(0, 2).Foreground(p.Text).Border(lipgloss.NormalBorder()).BorderForeground(p.Border)
	st.ButtonFocused = s().Padding(0, 2).Bold(true).Reverse(true).Border(lipgloss.NormalBorder()).BorderForeground(p.Accent)

	st.InputPrompt = s().Bold(true).Foreground(p.Accent)
	st.InputError = s().Foreground(p.Error)

	st.JSONKey = s().Foreground(p.JSONKey)
	st.JSONString = s().Foreground(p.JSONString)
	st.JSONNumber = s().Foreground(p.JSONNumber)
	st.JSONLiteral = s().Foreground(p.JSONLiteral)
	st.JSONPunct = s().Foreground(p.Muted)

	st.Help = help.DefaultStyles(isDark)
	return st
}
