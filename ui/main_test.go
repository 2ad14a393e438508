package ui

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// TestMain turns the cursor's blink off once, before any test runs: a
// blinking cursor is a timer each key press would wait for, and the
// programs run in parallel, so no test may set it while others read it.
// Unless -parallel is given, it runs more tests at once than go test's
// one a core: a program test mostly waits for the next frame to be
// written.
func TestMain(m *testing.M) {
	cursorBlink = false
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(waitingTests))
	}
	os.Exit(m.Run())
}

// waitingTests is how many of the package's parallel tests run at once.
const waitingTests = 8
