package vocab

import (
	"fmt"
	"strings"
)

// personalScopes are the scopes a member name is read in for personal
// data: the top level, a party's, and each group object's.
var personalScopes = append([]string{topScope, Sponsors}, objectGroups...)

// refuseUnmasking refuses a [fields] line that would make a name the
// vocabulary v reads as personal data (a responsible person, a private
// address, "wohnadresse" by its form) not personal in u, v with the lines
// added: its values would no longer be masked, marked ◆, counted in the
// access log or hashed by the watch, and nothing would say so. A line
// that maps such a name to a field of personal data (of any category)
// stands; a name ending in * routes names, and is not read here.
func (u *Vocabulary) refuseUnmasking(v *Vocabulary, ms []Mapping) error {
	for _, m := range ms {
		name := strings.TrimSpace(m.Name)
		if strings.HasSuffix(name, "*") {
			continue
		}
		for _, scope := range personalScopes {
			for _, natural := range []bool{false, true} {
				was := v.Personal(scope, name, natural)
				if was == NotPersonal || u.Personal(scope, name, natural) != NotPersonal {
					continue
				}
				return &MappingError{Name: m.Name, Path: m.Path, valid: u.personalPathsHelp(),
					Problem: fmt.Sprintf("padview reads %q as personal data (%s), and %s holds none: its values would no longer be masked, marked ◆ or kept out of the watch history; map it to a field of personal data, or leave the line out",
						name, was, m.Path)}
			}
		}
	}
	return nil
}

// personalPathsHelp lists the fields of personal data a name can be
// mapped to, for refuseUnmasking's error.
func (v *Vocabulary) personalPathsHelp() string {
	var ofParty, other []string
	for _, f := range v.order {
		switch {
		case f.Category == NotPersonal:
		case f.Group == party:
			ofParty = append(ofParty, "."+f.Name)
		default:
			other = append(other, f.Group+"."+f.Name)
		}
	}
	return strings.Join(partyGroups, ", ") + " followed by " + strings.Join(ofParty, ", ") + "; " + strings.Join(other, ", ")
}
