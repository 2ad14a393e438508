//go:build unix

package watch

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the command in a process group of its own, which is
// killed whole when the command is stopped: a script's children too. Being
// its own group, it does not get the terminal's Ctrl-C; padview stops it.
func ownGroup(c *exec.Cmd) {
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
}
