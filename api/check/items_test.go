package check

import (
	"slices"
	"strings"
	"testing"
)

// Items are the template's 16 items, in order, each once, each with the
// rules of its number and no other; every rule with an item is in one.
func TestItemsAreTheTemplatesItemsInOrder(t *testing.T) {
	items := Items()
	if len(items) != 16 {
		t.Fatalf("%d items, want the template's 16", len(items))
	}
	inItems := 0
	for i, it := range items {
		if it.Number != i+1 || it.Label == "" || it.Label != annexLabels[i+1] {
			t.Errorf("item %d: number %d, label %q", i+1, it.Number, it.Label)
		}
		if len(it.Rules) == 0 {
			t.Errorf("item %d (%s) has no rule", it.Number, it.Label)
		}
		for _, r := range it.Rules {
			if r.Annex != it.Number || r.AnnexLabel != it.Label {
				t.Errorf("item %d holds rule %s of item %d", it.Number, r.ID, r.Annex)
			}
		}
		inItems += len(it.Rules)
	}
	withItem := 0
	for _, r := range Rules {
		if r.Annex > 0 {
			withItem++
		}
	}
	if inItems != withItem {
		t.Errorf("the items hold %d rules, the table has %d with an item", inItems, withItem)
	}
}

// The label's rules are those the label of Art. 11(1) names: the sponsor
// and the controlling entity (b), the election (c), targeting (d) and the
// notice's link (e), in that order.
func TestLabelRules(t *testing.T) {
	var got []string
	for _, r := range LabelRules() {
		got = append(got, r.OnLabel+":"+r.ID)
	}
	want := "b:sponsor.name b:controlling_entity c:election d:targeting e:notice_url"
	if strings.Join(got, " ") != want {
		t.Errorf("label rules %v, want %s", got, want)
	}
}

// A controlling entity that is not named says where it was looked for,
// and that the controllers the answer lists are data controllers.
func TestControllingEntityNoteNamesTheDataControllers(t *testing.T) {
	cases := []struct {
		name, body string
		want       Status
		says       []string
		saysNot    string
	}{
		{"one data controller", `{"controllers": [{"name": "DPO Ltd"}]}`, NotApplicable,
			[]string{"looked for as complianceAndFunding.controllingEntity", "in every group",
				"the controller listed under Controllers is a data controller, not the entity controlling the sponsor"}, ""},
		{"two data controllers", `{"controllers": [{"name": "A"}, {"name": "B"}]}`, NotApplicable,
			[]string{"the 2 controllers listed under Controllers are data controllers"}, ""},
		{"a controller and a processor", `{"controllers": [{"name": "A", "role": "controller"}, {"name": "B", "role": "processor"}]}`, NotApplicable,
			[]string{"the 2 entries listed under Controllers are data controllers and processors (1 processor), not the entity controlling the sponsor"}, ""},
		{"one processor", `{"controllers": [{"name": "B", "type": "Auftragsverarbeiter"}]}`, NotApplicable,
			[]string{"the entry listed under Controllers is a data processor"}, "data controller"},
		{"none listed", `{"advertiser": {"companyName": "R"}}`, NotApplicable,
			[]string{"looked for as complianceAndFunding.controllingEntity"}, "data controller"},
		{"declared none beside a controller", `{"complianceAndFunding": {"controllingEntity": "none"}, "controllers": [{"name": "A"}]}`,
			NotApplicable, []string{"no controlling entity", "is a data controller"}, "looked for"},
		{"named", `{"complianceAndFunding": {"controllingEntity": "Holding SE"}, "controllers": [{"name": "A"}]}`,
			Present, nil, "data controller"},
		{"unknown keeps where it looked", `{"controllers": [{"name": "A"}], "x_gezag": "Holding Beispiel SE"}`, Unknown,
			[]string{"none is named: looked for as", "is a data controller", "padview fields TEST01"}, ""},
	}
	for _, c := range cases {
		r := result(t, Check(doc(t, full, c.body)), "controlling_entity")
		if r.Status != c.want {
			t.Errorf("%s: %s, want %s (%s)", c.name, r.Status, c.want, r.Note)
		}
		for _, s := range c.says {
			if !strings.Contains(r.Note, s) {
				t.Errorf("%s: note %q does not say %q", c.name, r.Note, s)
			}
		}
		if c.saysNot != "" && strings.Contains(r.Note, c.saysNot) {
			t.Errorf("%s: note %q says %q", c.name, r.Note, c.saysNot)
		}
	}
}

func TestReportResultByID(t *testing.T) {
	rep := Check(doc(t, full, `{"advertiser": {"companyName": "R"}}`))
	if r, ok := rep.Result("sponsor.name"); !ok || r.Status != Present {
		t.Errorf("sponsor.name: %v %v", r.Status, ok)
	}
	if _, ok := rep.Result("no.such.rule"); ok {
		t.Error("a rule that is not there was found")
	}
}

// The amounts of Art. 12(1)(d) are two items of the template, 5 for the
// advertisement and 6 for the campaign, each read from its own fields; the
// required rule spans both, is met by either (its basis says so) and reads
// no field that neither of them reads.
func TestAmountsAreTwoItemsUnderOneRequirement(t *testing.T) {
	req, _ := RuleByID("amounts")
	ad, _ := RuleByID("amounts.advertisement")
	campaign, _ := RuleByID("amounts.campaign")
	if !req.Required || ad.Annex != 5 || campaign.Annex != 6 || strings.Join(req.Over, " ") != "amounts.advertisement amounts.campaign" {
		t.Fatalf("amounts %+v", req)
	}
	if !strings.Contains(req.Basis, "met by the amounts for the advertisement or those for the campaign, either") {
		t.Errorf("the basis does not say what meets the requirement: %s", req.Basis)
	}
	for _, f := range ad.Fields {
		if slices.Contains(campaign.Fields, f) {
			t.Errorf("%s is read by both items", f)
		}
	}
	if got, want := strings.Join(req.Fields, " "), strings.Join(slices.Concat(ad.Fields, campaign.Fields), " "); got != want {
		t.Errorf("the requirement reads %s, its items %s", got, want)
	}
	for _, id := range req.Over {
		if r, ok := Spanning(id); !ok || r.ID != "amounts" {
			t.Errorf("Spanning(%s) = %s %v", id, r.ID, ok)
		}
	}
	if _, ok := Spanning("period"); ok {
		t.Error("the period is part of a requirement spanning items")
	}
}
