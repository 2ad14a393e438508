//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/charmbracelet/x/term"
	"golang.org/x/sys/unix"
)

// readSecret prints prompt on stderr and reads one line from the terminal
// on stdin without echo. The terminal is raw while it reads, prompt
// included, so that Ctrl-C arrives as a key in the order typed: it ends
// the read (errCtrlC), and nothing typed before or after it is used. A
// signal from elsewhere (ctx) ends the read too.
//
// It reads in the calling goroutine, waiting in poll(2) on stdin and on a
// pipe that ctx's end writes to, and reads only what poll says is there:
// when it returns, nothing of padview's is left reading the terminal, the
// terminal is restored, and the process can end at once, every time. (A
// goroutine left blocked in read(2) on the terminal, as a read that
// cannot be canceled leaves, outlived the command and raced its end.)
func readSecret(ctx context.Context, prompt string) (string, error) {
	fd := int(os.Stdin.Fd())
	old, err := term.MakeRaw(uintptr(fd))
	if err != nil {
		return "", err
	}
	defer fmt.Fprintln(os.Stderr)
	defer term.Restore(uintptr(fd), old)
	// os.File rather than bare descriptors: a write that comes after the
	// close fails safely, never into a descriptor opened since.
	wakeR, wakeW, err := os.Pipe()
	if err != nil {
		return "", err
	}
	defer wakeR.Close()
	defer wakeW.Close()
	stop := context.AfterFunc(ctx, func() { wakeW.Write([]byte{0}) })
	defer stop()
	fmt.Fprint(os.Stderr, prompt)
	buf := make([]byte, 256)
	return readKeys(func() ([]byte, error) { return pollKeys(ctx, fd, int(wakeR.Fd()), buf) })
}

// pollKeys waits until the terminal fd has keys to read, and reads them,
// or until wake is written to (ctx ended).
func pollKeys(ctx context.Context, fd, wake int, buf []byte) ([]byte, error) {
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}, {Fd: int32(wake), Events: unix.POLLIN}}
	for {
		if _, err := unix.Poll(fds, -1); errors.Is(err, unix.EINTR) {
			continue
		} else if err != nil {
			return nil, err
		}
		if fds[1].Revents != 0 {
			return nil, ctx.Err()
		}
		if fds[0].Revents&(unix.POLLIN|unix.POLLHUP|unix.POLLERR|unix.POLLNVAL) == 0 {
			continue
		}
		n, err := unix.Read(fd, buf)
		switch {
		case errors.Is(err, unix.EINTR) || errors.Is(err, unix.EAGAIN):
			continue
		case err != nil:
			return nil, err
		case n == 0:
			return nil, errTerminalClosed
		}
		return buf[:n], nil
	}
}
