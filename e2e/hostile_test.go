package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// overlongServer answers OVERLONG with a Content-Length of 5 and then
// 100 KB more, which makes net/http's standard logger complain ("Unsolicited
// response received on idle HTTP channel …"), and any other PAID with a
// small advertisement. later counts the requests after it.
func overlongServer(t *testing.T, later *atomic.Int32) *httptest.Server {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paid := strings.TrimPrefix(r.URL.Path, "/v1/advertisement/")
		if paid != "OVERLONG" {
			later.Add(1)
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"paid":%q,"advertiser":{"companyName":"Company %s"}}`, paid, paid)
			return
		}
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{}   ")
		buf.WriteString(strings.Repeat("a", 100<<10))
		buf.Flush()
		// Held open so that the extra bytes reach net/http on an idle
		// connection, where it logs them.
		buf.Peek(1)
	}))
	t.Cleanup(s.Close)
	return s
}

// Issue 9: an answer longer than its Content-Length makes net/http log to
// stderr, which under the TUI is the terminal. Run in real tmux against
// such a server: the frame stays whole, nothing of the log is on screen,
// and the binary writes nothing at all to stderr.
func TestUnsolicitedResponseLeavesTheFrameInTmux(t *testing.T) {
	t.Parallel() // its own server and tmux servers; its two cases share the server's count, so they take turns
	var later atomic.Int32
	srv := overlongServer(t, &later)
	env := []string{"PADVIEW_BASE_URL=" + srv.URL + "/v1", "PADVIEW_TOKEN=tok-hostile-123456"}
	for _, mode := range []string{"stderr on the terminal", "stderr to a file"} {
		t.Run(mode, func(t *testing.T) {
			stderr := filepath.Join(t.TempDir(), "stderr")
			var args []string
			if mode == "stderr to a file" {
				args = append(args, "2>"+stderr) // the shell tmux runs does the redirection
			}
			s := startPadview(t, 100, 30, env, args...)
			s.waitFor("Look up a political advertisement")
			before := later.Load()
			s.lookUp("OVERLONG", "OVERLONG · standard view")
			// The next lookup goes out after net/http has read the extra
			// bytes: they arrived with the first answer.
			scr := s.lookUp("LATER1", "Company LATER1")
			if later.Load() != before+1 {
				t.Fatalf("the second lookup did not reach the server")
			}
			lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
			last := lines[len(lines)-1]
			if strings.Contains(scr, "Unsolicited") || strings.Contains(scr, "aaaa") || len(lines) != 30 ||
				!strings.HasPrefix(lines[0], "padview") || !strings.Contains(last, "q quit") {
				t.Fatalf("the frame is not intact (last line %q):\n%s", last, scr)
			}
			s.quit()
			if mode == "stderr to a file" {
				if b, err := os.ReadFile(stderr); err != nil || len(b) != 0 {
					t.Fatalf("padview wrote to stderr behind the TUI: %q %v", b, err)
				}
			}
		})
	}
}
