package watch

import (
	"errors"
	"net"
	"net/url"
	"strings"
)

// DemoService is the service of the demo's watches (`padview --demo
// watch`): its fake service listens on a new port each time, so its
// address cannot name it.
const DemoService = "demo"

// Service names the service a base URL points at, as the database keeps
// it: the host (lower case, without a default port) and the path, without
// the scheme, a trailing slash or anything else the URL may carry (user
// information, a query): "https://API.partner.example:443/v1/" is
// "api.partner.example/v1". Two profiles with the same base URL share a
// watchlist; profiles of different services never do.
func Service(baseURL string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(baseURL))
	if err != nil || u.Host == "" {
		return "", errors.New("the base URL has no host to name its service by")
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if (port == "443" && strings.EqualFold(u.Scheme, "https")) || (port == "80" && strings.EqualFold(u.Scheme, "http")) {
		port = ""
	}
	if port != "" || strings.Contains(host, ":") {
		host = net.JoinHostPort(host, port) // an IPv6 address keeps its brackets
		host = strings.TrimSuffix(host, ":")
	}
	return host + strings.TrimRight(u.EscapedPath(), "/"), nil
}
