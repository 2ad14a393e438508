//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package audit

import "os"

// Here only Ctrl-C is held; a process cannot send it to itself again, so
// it reaches only those who listen for it (the CLI and the TUI do).
var heldSignals = []os.Signal{os.Interrupt}

func redeliver(os.Signal) {}
