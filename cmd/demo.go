package cmd

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/fake"
)

func newDemoServer(env *Env) *cobra.Command {
	var addr string
	c := &cobra.Command{
		Use:   "demo-server",
		Short: "Run the fake partner service in the foreground, to point curl or padview at",
		Long: `Run the embedded fake partner service in the foreground, with fictional data
and a public demo token. It listens on loopback unless --addr says otherwise;
listening beyond loopback is allowed, with a warning, since anyone who can
reach the address can use it.`,
		Example: `  padview demo-server --addr 127.0.0.1:8080
  PADVIEW_TOKEN=` + fake.DemoToken + ` padview get --base-url http://127.0.0.1:8080/v1 AB12CD`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if err := checkListenAddr(addr); err != nil {
				return commandLine(c, err)
			}
			srv, err := fake.Start(fake.Options{Addr: addr, DemoTriggers: true, RateHeaders: fake.DemoHeaders})
			if err != nil {
				return listenError(addr, err)
			}
			defer srv.Close()
			base, local := demoURL(srv.URL)
			if !local {
				fmt.Fprintf(env.Stderr, "padview: warning: the demo service listens beyond this machine (%s): anyone who can reach it can use it with the public demo token. Use --addr 127.0.0.1:PORT to keep it local.\n", addr)
			}
			w := env.Stdout
			writeDemoIntro(w, base)
			fmt.Fprintf(w, "Press Ctrl+C to stop.\n")
			<-c.Context().Done()
			return nil
		},
	}
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "host:port to listen on; port 0 picks a free one (keep the host loopback)")
	return runsWithAnyProfile(c, "it serves the fake service and reads no config file, as --demo")
}

// writeDemoIntro tells how to use the demo service at base. padview sends
// a token over plain http only to loopback, so its command is offered only
// for a loopback base; for another address it says how to get one.
func writeDemoIntro(w io.Writer, base string) {
	fmt.Fprintf(w, "padview demo server: a fake of the partner interface, fictional data only\n\n")
	fmt.Fprintf(w, "  base URL  %s\n", base)
	fmt.Fprintf(w, "  token     %s\n", fake.DemoToken)
	for _, l := range fake.Listings() {
		fmt.Fprintf(w, "  %-8s  %s\n", l.Kind, strings.Join(l.PAIDs, " "))
	}
	fmt.Fprintln(w)
	u, err := url.Parse(base)
	if err == nil && !api.IsLoopbackHost(u.Hostname()) {
		fmt.Fprintf(w, "Try, from a machine that can reach it:\n  curl -H 'Authorization: Bearer %s' %s/advertisement/AB12CD\n\n", fake.DemoToken, base)
		fmt.Fprintf(w, "padview itself sends a token over plain http only to loopback addresses, so it cannot use %s.\n"+
			"To try padview on this machine, run `padview demo-server --addr 127.0.0.1:%s` or `padview --demo`.\n\n", u.Host, u.Port())
		return
	}
	fmt.Fprintf(w, "Try:\n  PADVIEW_TOKEN=%s padview get --base-url %s AB12CD\n", fake.DemoToken, base)
	fmt.Fprintf(w, "  curl -H 'Authorization: Bearer %s' %s/advertisement/AB12CD\n\n", fake.DemoToken, base)
}

// checkListenAddr checks --addr before anything listens, so that a typo
// gets a message about the typo rather than about the network.
func checkListenAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		reason := err.Error()
		var ae *net.AddrError
		if errors.As(err, &ae) {
			reason = ae.Err
		}
		return fmt.Errorf("--addr %q is not host:port (%s); write it as e.g. 127.0.0.1:8080", addr, reason)
	}
	n, err := strconv.Atoi(port)
	switch {
	case port == "":
		return fmt.Errorf("--addr %q has no port; write it as e.g. %s:8080, or port 0 for any free one", addr, hostOr(host))
	case err != nil && strings.Trim(port, "0123456789") == "":
		return fmt.Errorf("--addr %q: port %s is out of range; use a port from 1 to 65535, or 0 for any free one", addr, port)
	case err != nil:
		return fmt.Errorf("--addr %q: port %q is not a number; write it as e.g. %s:8080", addr, port, hostOr(host))
	case n < 0 || n > 65535:
		return fmt.Errorf("--addr %q: port %d is out of range; use a port from 1 to 65535, or 0 for any free one", addr, n)
	}
	return nil
}

func hostOr(host string) string {
	if host == "" {
		return "127.0.0.1"
	}
	if strings.Contains(host, ":") {
		return "[" + host + "]"
	}
	return host
}

// listenError says why the address could not be listened on, blaming
// another program only when the port is in fact taken.
func listenError(addr string, err error) error {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return exitWith(ExitFailure, "%s is already in use by another program: stop it, or pick another --addr (port 0 picks a free one)", addr)
	case errors.Is(err, syscall.EACCES):
		return exitWith(ExitFailure, "not allowed to listen on %s: ports below 1024 need privileges; pick a higher port, e.g. 127.0.0.1:8080", addr)
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return exitWith(ExitFailure, "cannot listen on %s: that host is not an address of this machine; use 127.0.0.1", addr)
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return exitWith(ExitFailure, "cannot listen on %s: the host name is not known here; use an address such as 127.0.0.1", addr)
	}
	return exitWith(ExitFailure, "cannot listen on %s: %v", addr, err)
}

// demoURL turns the listener's base URL into one a client can use: an
// unspecified address (0.0.0.0, ::) becomes loopback, since "http://[::]:…"
// is no address to connect to. local says whether only this machine can
// reach the listener.
func demoURL(listening string) (base string, local bool) {
	u, err := url.Parse(listening)
	if err != nil {
		return listening, false
	}
	ip := net.ParseIP(u.Hostname())
	switch {
	case ip == nil:
		return listening, api.IsLoopbackHost(u.Hostname())
	case ip.IsUnspecified():
		u.Host = net.JoinHostPort("127.0.0.1", u.Port())
		return u.String(), false
	}
	return listening, ip.IsLoopback()
}
