//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package signals

import "os"

// Here no signal is held: Ctrl-C is padview's to turn into a
// cancellation (WithCancel), and the others end it as they would.
var heldSignals []os.Signal

// notedSignals: here no hold notes any (hold_unix.go).
var notedSignals []os.Signal

func redeliver(os.Signal) {}
