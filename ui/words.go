package ui

import (
	"net/url"
	"strings"

	"github.com/padview/padview/api/text"
)

// The UI's own small wording helpers; durations, plurals and thousands
// are api/text's (Duration, Plural, Thousands), one way each.

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// serviceName is the base URL's host for messages.
func serviceName(base string) string {
	if u, err := url.Parse(base); err == nil && u.Host != "" {
		return text.CleanText(u.Host)
	}
	return "this profile's service"
}
