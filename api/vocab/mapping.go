package vocab

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Mapping is one line of a user's [fields]: a member name of the service,
// in any case style (a trailing "*" makes it a prefix whose rest the
// vocabulary reads), and the path of the normalized document it fills:
// "advertiser.companyName", "payer.*", "campaign".
type Mapping struct {
	Name, Path string
}

// MappingError is a [fields] line padview cannot follow.
type MappingError struct {
	Name, Path string
	Problem    string
	valid      string
}

func (e *MappingError) Error() string {
	return fmt.Sprintf("%q = %q: %s; valid paths are %s", e.Name, e.Path, e.Problem, e.valid)
}

// partyGroups are the groups and roles whose members are party fields.
var partyGroups = []string{Advertiser, Sponsors, Controllers, Payer, ControllingEntity}

// With returns the vocabulary with the user's mappings added: a mapped
// name means its path before anything the data says. v does not change.
// A mapping to a path the document does not have is an error naming it
// and the valid paths; so is one that would make a name v reads as
// personal data not personal (refuseUnmasking).
func (v *Vocabulary) With(ms []Mapping) (*Vocabulary, error) {
	if len(ms) == 0 {
		return v, nil
	}
	u := &Vocabulary{
		fields: v.fields, order: v.order, names: map[string]map[string]entry{}, groups: maps.Clone(v.groups),
		roles: slices.Clone(v.roles), groupPrefixes: v.groupPrefixes, prefixes: slices.Clone(v.prefixes),
		qualifiers: v.qualifiers, currencies: v.currencies, envelope: v.envelope, identifier: v.identifier,
		parts: v.parts, words: v.words, listed: v.listed, sets: v.sets, notice: v.notice,
		trailers: v.trailers,
	}
	for s, m := range v.names {
		u.names[s] = maps.Clone(m)
	}
	for _, m := range ms {
		if err := u.add(m); err != nil {
			return nil, err
		}
	}
	sortAffixes(u.roles, u.prefixes)
	u.index()
	if err := u.refuseUnmasking(v, ms); err != nil {
		return nil, err
	}
	return u, nil
}

// add enters one mapping.
func (v *Vocabulary) add(m Mapping) error {
	fail := func(problem string) error {
		return &MappingError{Name: m.Name, Path: m.Path, Problem: problem, valid: v.PathsHelp()}
	}
	base, prefix := strings.CutSuffix(strings.TrimSpace(m.Name), "*")
	f := Fold(base)
	if f == "" {
		return fail("the name has no letters or digits")
	}
	group, field := splitPath(strings.TrimSpace(m.Path))
	if g, rest := splitPath(field); group == ComplianceAndFunding && (g == Payer || g == ControllingEntity) {
		group, field = g, rest // the long form of payer.* and controllingEntity.*
	}
	if !isGroup(group) || group == SponsorsAndCtrl {
		return fail("no such group")
	}
	by := "your [fields]: " + m.Name
	field, part := rangeEnd(field)
	if part != "" && (prefix || field == "" || field == "*") {
		return fail("only a name maps to an end of a range, as " + group + ".FIELD.lowerBound or .upperBound")
	}
	switch {
	case prefix:
		return v.addPrefix(affix{folded: f, spelling: base, to: group, by: by}, field, fail)
	case field == "*":
		return fail("only a name ending in * maps to " + group + ".*")
	case field == "":
		v.groups[f] = entry{group: group, by: by, spelling: m.Name}
		return nil
	}
	return v.addField(f, group, field, part, by, m.Name, fail)
}

// rangeEnd reads a path to one end of a range of amounts that a service
// splits over two members: "complianceAndFunding.amountsReceived.lowerBound"
// is the lower end of amountsReceived, which padview joins with the
// member mapped to its upperBound into one range, as it joins
// "Spend_Range_Min_EUR" and "Spend_Range_Max_EUR" by their words.
func rangeEnd(field string) (string, string) {
	if base, ok := strings.CutSuffix(field, ".lowerBound"); ok {
		return base, "lower"
	}
	if base, ok := strings.CutSuffix(field, ".upperBound"); ok {
		return base, "upper"
	}
	return field, ""
}

// addPrefix enters a name ending in *: for a party, whatever follows is
// the party's; for a group, whatever follows goes to it. Where the
// vocabulary does not know the rest, the member is routed there but not
// recognised (see Routed).
func (v *Vocabulary) addPrefix(a affix, field string, fail func(string) error) error {
	a.keeps = true
	switch {
	case field != "*":
		return fail("a name ending in * maps to a group followed by .*, such as " + a.to + ".*")
	case IsParty(a.to) && a.to != Sponsors && a.to != Controllers:
		v.roles = append(v.roles, a)
	case slices.Contains(objectGroups, a.to):
		v.prefixes = append(v.prefixes, a)
	default:
		return fail("a prefix can name a party (advertiser, payer, controllingEntity) or a group, not " + a.to)
	}
	return nil
}

// addField enters a name for a field: a party's field for every party and,
// for a role, at the top level; a group's field in the group and at the
// top level.
func (v *Vocabulary) addField(f, group, field, part, by, spelling string, fail func(string) error) error {
	scope := group
	if IsParty(group) {
		scope = party
	}
	fd, ok := v.fields[scope+"."+field]
	if !ok {
		return fail("no field " + field + " in " + group)
	}
	if part != "" && fd.Type != Money {
		return fail(group + "." + field + " is not an amount of money: only an amount has a range's ends")
	}
	put := func(s, g string) {
		if v.names[s] == nil {
			v.names[s] = map[string]entry{}
		}
		v.names[s][f] = entry{field: fd, group: g, by: by, spelling: spelling, override: true, part: part}
	}
	switch {
	case scope == party:
		put(party, "")
		if group != Sponsors && group != Controllers {
			put(topScope, group)
		}
	default:
		put(group, group)
		put(topScope, group)
	}
	return nil
}

// PathsHelp lists the paths a [fields] line can map to, for an error
// message and the documentation.
func (v *Vocabulary) PathsHelp() string {
	var b strings.Builder
	b.WriteString("a group (" + strings.Join(append(slices.Clone(partyGroups), objectGroups...), ", ") + "), ")
	b.WriteString("a group followed by .* for a name ending in *, an amount followed by .lowerBound or .upperBound for " +
		"one end of a range, or a field: ")
	byGroup := map[string][]string{}
	for _, f := range v.order {
		byGroup[f.Group] = append(byGroup[f.Group], f.Name)
	}
	b.WriteString(strings.Join(partyGroups, ", ") + " followed by ." + strings.Join(byGroup[party], ", ."))
	for _, g := range objectGroups {
		b.WriteString("; " + g + "." + strings.Join(byGroup[g], ", "+g+"."))
	}
	return b.String()
}

// Paths lists every field path the document has, parties' fields once per
// party: what the check and the panes read.
func (v *Vocabulary) Paths() []string {
	var out []string
	for _, f := range v.order {
		if f.Group == party {
			for _, g := range partyGroups {
				out = append(out, g+"."+f.Name)
			}
			continue
		}
		out = append(out, f.Path())
	}
	return out
}
