//go:build linux

package e2e

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// maxRSS is the memory ceiling of one `padview get --json` on any answer
// within the 32 MiB size cap (issue 9): the answer is read, or refused as
// too many values, within it.
const maxRSS = 256 << 20

// hostileBodies are the answers a hostile or broken service can send inside
// the size cap that cost the most memory per byte, and a realistic largest
// answer; refused says whether padview must refuse it. Bodies are built one
// at a time, so that the test process stays small.
var hostileBodies = []struct {
	name    string
	body    func() []byte
	refused bool
}{
	{"tiny values", func() []byte { return repeated("[", "1", "]", bodySize/2) }, true},
	{"tiny members", func() []byte { return repeated("{", `"k":1`, "}", bodySize/6) }, true},
	{"distinct members", func() []byte { return distinctMembers("{", "}", bodySize) }, true},
	{"tiny objects", func() []byte { return repeated("[", "{}", "]", bodySize/3) }, true},
	{"distinct members under the cap", func() []byte { return distinctMembers("{", "}", advert.MaxValues-10) }, false},
	{"a group of distinct members under the cap", func() []byte {
		return distinctMembers(`{"advertiser":{`, "}}", advert.MaxValues-10)
	}, false},
	{"two groups of distinct members under the cap", func() []byte {
		half := distinctMembers(`{"compliance":{`, "},", advert.MaxValues/2-10)
		return append(half, distinctMembers(`"funding":{`, "}}", advert.MaxValues/2-10)...)
	}, false},
	{"one-item arrays under the cap", func() []byte { return repeated("[", "[1]", "]", advert.MaxValues/2-10) }, false},
	{"50,000 sponsors", func() []byte { return sponsorsBody(50000) }, false},
}

const bodySize = 31 << 20

func repeated(open, item, close string, n int) []byte {
	var b bytes.Buffer
	b.Grow(len(open) + n*(len(item)+1) + len(close))
	b.WriteString(open)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item)
	}
	b.WriteString(close)
	return b.Bytes()
}

// distinctMembers writes up to n members "k0":1, "k1":1, … within bodySize.
func distinctMembers(open, close string, n int) []byte {
	var b bytes.Buffer
	b.WriteString(open)
	for i := 0; i < n && b.Len() < bodySize; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":1`, i)
	}
	b.WriteString(close)
	return b.Bytes()
}

// sponsorsBody is a realistic large advertisement: n sponsors of fifteen
// fields, one of them an address of five (21 values a sponsor).
func sponsorsBody(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"paid":"BIG001","advertiser":{"companyName":"Alliance","country":"DE"},"campaign":{"name":"C","totalValue":{"amount":"125000.50","currency":"EUR"},"isOngoing":true,"startDate":"2026-05-01"},"sponsors":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"S%06d","name":"Donor %d","kind":"individual","email":"donor%d@donors.example","phone":"+49 30 5555 %04d",`+
			`"address":{"streetAddress":"%d Hauptstraße","postalCode":"%05d","city":"Berlin","region":"BE","country":"de"},`+
			`"amount":"%d.50","currency":"EUR","contributedOn":"2026-04-%02d","isRecurring":false,"isVerified":"yes",`+
			`"nationality":"DE","occupation":"engineer","employer":"Example GmbH","note":null}`,
			i, i, i, i%10000, i%300+1, 10000+i%89999, 5+i%995, i%28+1)
	}
	b.WriteString(`],"basicInformation":{"title":"A large advertisement"}}`)
	return b.Bytes()
}

// TestMemoryCeiling runs the real binary against a loopback server that
// sends each hostile body, and checks the child's peak resident memory.
//
// Linux charges a child started with vfork (as os/exec does) with its
// parent's peak memory, so the binary is started by a small helper (this
// test binary in TestMemoryChild), whose own peak is small, and the helper
// reports the child's figure.
func TestMemoryCeiling(t *testing.T) {
	wholeBinary(t) // it builds the binary and parses several 31 MiB answers
	t.Parallel()   // beside the tmux tests, which wait: a child's peak memory is its own
	bin := builtBinary(t)
	for _, c := range hostileBodies {
		t.Run(c.name, func(t *testing.T) {
			body := c.body()
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Write(body)
			}))
			defer srv.Close()
			helper := exec.Command(os.Args[0], "-test.run=^TestMemoryChild$")
			helper.Env = append(os.Environ(), memoryChildEnv+"="+bin, "PADVIEW_BASE_URL="+srv.URL+"/v1",
				"PADVIEW_TOKEN=memory-test-token", "PADVIEW_CONFIG_DIR="+t.TempDir())
			out, err := helper.CombinedOutput()
			if err != nil {
				t.Fatalf("helper: %v\n%s", err, out)
			}
			var rss, n int64
			var exit int
			var head string
			if _, err := fmt.Sscanf(lineAfter(string(out), "child:"), "maxrss=%d exit=%d out=%d head=%q", &rss, &exit, &n, &head); err != nil {
				t.Fatalf("helper output: %v\n%s", err, out)
			}
			t.Logf("%.1f MiB body: peak RSS %d MiB, exit %d, %d bytes out", float64(len(body))/(1<<20), rss>>20, exit, n)
			if rss > maxRSS {
				t.Errorf("peak RSS %d MiB, more than the %d MiB ceiling", rss>>20, maxRSS>>20)
			}
			want := "the answer has more than " + text.Thousands(advert.MaxValues) + " values"
			switch {
			case c.refused && (exit != 1 || !strings.Contains(head, want) || !strings.Contains(head, `"kind":"too_large"`)):
				t.Errorf("not refused: exit %d, stdout starts %q", exit, head)
			case !c.refused && (exit != 0 || !strings.HasPrefix(head, `{"paid":"AB12CD"`)):
				t.Errorf("refused: exit %d, stdout starts %q", exit, head)
			}
		})
	}
}

const memoryChildEnv = "PADVIEW_MEMORY_TEST_BINARY"

// TestMemoryChild is TestMemoryCeiling's helper: it runs `padview get
// --json AB12CD` and prints the child's peak RSS, exit code and output size.
func TestMemoryChild(t *testing.T) {
	bin := os.Getenv(memoryChildEnv)
	if bin == "" {
		t.Skip("run by TestMemoryCeiling")
	}
	cmd := exec.Command(bin, "get", "--json", "AB12CD")
	var stdout countingWriter
	cmd.Stdout = &stdout
	cmd.Stderr = os.Stderr
	cmd.Run()
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
	fmt.Printf("child: maxrss=%d exit=%d out=%d head=%q\n", rss, cmd.ProcessState.ExitCode(), stdout.n, stdout.head.String())
}

func lineAfter(s, prefix string) string {
	for _, l := range strings.Split(s, "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}

// countingWriter keeps the start of what was written and counts the rest,
// so that a 30 MB document costs the helper no memory.
type countingWriter struct {
	head bytes.Buffer
	n    int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	if keep := 300 - w.head.Len(); keep > 0 {
		w.head.Write(p[:min(keep, len(p))])
	}
	w.n += len(p)
	return len(p), nil
}
