//go:build !unix

package watch

import "os/exec"

// ownGroup: without Unix process groups only the command itself is
// killed when it is stopped.
func ownGroup(*exec.Cmd) {}
