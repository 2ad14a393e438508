package ui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/theme"
)

// tabID names a pane. Their order is the order of the tab bar.
type tabID int

const (
	tabAdvertiser tabID = iota
	tabCampaign
	tabSponsors
	tabControllers
	tabBasic
	tabCompliance
	tabTargeting
	tabLegal
	tabOther
	tabRaw
)

var tabTitles = [...]string{"Advertiser", "Campaign", "Sponsors", "Controllers", "Basic Information",
	"Compliance & Funding", "Targeting", "Legal & Metadata", "Other", "Raw"}

func (t tabID) String() string { return tabTitles[t] }

// group is the document group a text pane shows.
func (t tabID) group() advert.Group {
	return [...]advert.Group{advert.GroupAdvertiser, advert.GroupCampaign, advert.GroupSponsors, advert.GroupControllers,
		advert.GroupBasicInformation, advert.GroupComplianceAndFunding, advert.GroupTargeting, advert.GroupLegalAndMetadata,
		advert.GroupOther, ""}[t]
}

func (t tabID) isParties() bool { return t == tabSponsors || t == tabControllers }

// tabsFor lists the panes for a document: all eight groups always (empty
// ones say so), Other only when something was not placed, Raw last.
func tabsFor(d *advert.Document) []tabID {
	tabs := []tabID{tabAdvertiser, tabCampaign, tabSponsors, tabControllers, tabBasic, tabCompliance, tabTargeting, tabLegal}
	if d != nil && d.Other.Len() > 0 {
		tabs = append(tabs, tabOther)
	}
	return append(tabs, tabRaw)
}

// tabLabel is a tab's text: its number key, title and, for collections, a count.
func tabLabel(i int, t tabID, d *advert.Document) string {
	label := fmt.Sprintf("%d %s", (i+1)%10, t)
	if d != nil {
		switch t {
		case tabSponsors:
			label += fmt.Sprintf(" %d", len(d.Sponsors))
		case tabControllers:
			label += fmt.Sprintf(" %d", len(d.Controllers))
		case tabOther:
			label += fmt.Sprintf(" %d", d.Other.Len())
		}
	}
	return label
}

// tabEmpty reports whether a pane has nothing from this response.
func tabEmpty(t tabID, d *advert.Document) bool {
	if d == nil {
		return true
	}
	switch t {
	case tabSponsors:
		return len(d.Sponsors) == 0
	case tabControllers:
		return len(d.Controllers) == 0
	case tabRaw:
		return len(d.Raw) == 0
	}
	return d.Group(t.group()).Len() == 0
}

// tabBar renders the tabs in width cells, scrolled so the active tab shows,
// and returns the x ranges of each visible tab for mouse clicks.
func tabBar(st theme.Styles, tabs []tabID, active int, d *advert.Document, width int) (string, []tabHit) {
	if width <= 0 {
		return "", nil
	}
	cells := make([]string, len(tabs))
	for i, t := range tabs {
		style := st.Tab
		switch {
		case i == active:
			style = st.TabActive
		case tabEmpty(t, d):
			style = st.TabEmpty
		}
		cells[i] = style.Render(tabLabel(i, t, d))
	}
	// Scroll: start from the first tab and move right until the active one fits.
	first := 0
	for first < active && lipgloss.Width(strings.Join(cells[first:active+1], "│")) > width-4 {
		first++
	}
	var b strings.Builder
	var hits []tabHit
	x := 0
	if first > 0 {
		b.WriteString(st.Muted.Render("‹ "))
		x += 2
	}
	for i := first; i < len(cells); i++ {
		sep := 0
		if i > first {
			sep = 1
		}
		w := lipgloss.Width(cells[i])
		if x+sep+w > width-2 && i != active {
			b.WriteString(st.Muted.Render(" ›"))
			break
		}
		if sep == 1 {
			b.WriteString(st.TabBar.Render("│"))
			x++
		}
		b.WriteString(cells[i])
		hits = append(hits, tabHit{index: i, from: x, to: x + w})
		x += w
	}
	return ansi.Truncate(b.String(), width, "…"), hits
}

// tabHit is where a tab sits on the tab bar line.
type tabHit struct{ index, from, to int }
