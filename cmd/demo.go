package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/padview/padview/api/fake"
)

func newDemoServer(env *Env) *cobra.Command {
	var addr string
	c := &cobra.Command{
		Use:   "demo-server",
		Short: "Run the fake partner service in the foreground, to point curl or padview at",
		Example: `  padview demo-server --addr 127.0.0.1:8080
  PADVIEW_TOKEN=` + fake.DemoToken + ` padview get --base-url http://127.0.0.1:8080/v1 AB12CD`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			srv, err := fake.Start(fake.Options{Addr: addr, DemoTriggers: true})
			if err != nil {
				return exitWith(ExitFailure, "%v (is another program using %s? pick another --addr)", err, addr)
			}
			defer srv.Close()
			w := env.Stdout
			fmt.Fprintf(w, "padview demo server: a fake of the partner interface, fictional data only\n\n")
			fmt.Fprintf(w, "  base URL  %s\n", srv.URL)
			fmt.Fprintf(w, "  token     %s\n", fake.DemoToken)
			fmt.Fprintf(w, "  samples   %s\n", strings.Join(fake.SamplePAIDs(), " "))
			fmt.Fprintf(w, "  failures  %s\n\n", strings.Join(fake.DemoPAIDs, " "))
			fmt.Fprintf(w, "Try:\n  PADVIEW_TOKEN=%s padview get --base-url %s AB12CD\n", fake.DemoToken, srv.URL)
			fmt.Fprintf(w, "  curl -H 'Authorization: Bearer %s' %s/advertisement/AB12CD\n\n", fake.DemoToken, srv.URL)
			fmt.Fprintf(w, "Press Ctrl+C to stop.\n")
			<-c.Context().Done()
			return nil
		},
	}
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (loopback only is wise)")
	return c
}
