package ui

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/padview/padview/api/text"
)

// How padview writes times, waits and counts in its messages.

func attempts(n int) string {
	if n > 1 {
		return fmt.Sprintf(" after %d attempts", n)
	}
	return ""
}

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
