package cmd

import (
	"fmt"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/text"
)

// pastedElsewhere refuses an input that is an endpoint URL of another
// service than base's (another host, scheme or base path): padview would
// look its PAID up on base's service, quietly, which is seldom what was
// meant when a colleague's link from another service was pasted. The TUI
// says so on screen as it looks up; the CLI refuses, unless anyURL
// (--any-url) says to look the PAID up here anyway. An input that is not
// such a URL passes: a malformed PAID is refused by the lookup, in its
// own words.
func pastedElsewhere(input, base string, anyURL bool) error {
	if anyURL {
		return nil
	}
	l, err := api.ParseLookup(input, base)
	if err != nil || l.Elsewhere == "" {
		return nil
	}
	return &api.Error{Kind: api.KindInvalidPAID, PAID: text.CleanText(l.PAID), Message: fmt.Sprintf(
		"the URL is of %s, not of this profile's service (%s); to look %s up on this profile's service, give the PAID alone or add --any-url",
		l.Elsewhere, text.CleanText(api.DisplayBaseURL(base)), text.CleanText(l.PAID))}
}

// refusePasted is pastedElsewhere for the PAIDs of a command, named with
// the first it refuses.
func refusePasted(inputs []string, base string, anyURL bool) error {
	for _, in := range inputs {
		if err := pastedElsewhere(in, base, anyURL); err != nil {
			return exitWith(ExitUsage, "%s: %v", text.CleanText(in), err)
		}
	}
	return nil
}

// refusePastedWatch is refusePasted for `watch add`, whose PAIDs the
// profile's service is polled for. The demo's embedded service has no
// URLs of its own to paste.
func (e *Env) refusePastedWatch(rf *rootFlags, inputs []string) error {
	if rf.demo {
		return nil
	}
	s, err := e.settings(rf)
	if err != nil {
		return err
	}
	return refusePasted(inputs, s.BaseURL, rf.anyURL)
}
