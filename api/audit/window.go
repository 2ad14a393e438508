package audit

import "os"

// windowFIFO is set only by the binary's own tests, at link time (go
// build -ldflags "-X github.com/padview/padview/api/audit.windowFIFO=…"):
// then every append stops between its line and its head file, says so on
// the named pipe windowFIFO+".at" and waits for a byte on windowFIFO+".go"
// (opened first, so that the test can write it without waiting),
// so that a test can send a real signal at that very moment. A release
// build leaves it empty and betweenLineAndHead does nothing.
var windowFIFO string

func betweenLineAndHead() {
	if windowFIFO == "" {
		return
	}
	resume, err := os.OpenFile(windowFIFO+".go", os.O_RDWR, 0) // open before it is asked for: the test never waits on it
	if err != nil {
		return
	}
	defer resume.Close()
	if at, err := os.OpenFile(windowFIFO+".at", os.O_WRONLY, 0); err == nil {
		at.WriteString("between a line and its head file\n")
		at.Close()
	}
	var b [1]byte
	resume.Read(b[:])
}
