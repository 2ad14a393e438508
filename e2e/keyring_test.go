//go:build linux

package e2e

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// keyringSession starts a private D-Bus session with an unlocked
// gnome-keyring in it, for the tests that need `token set` to reach its
// prompt (it checks the keyring before it asks), and returns the
// variable that points padview at it. Each step waits for the
// program's own ready signal: dbus-daemon prints its address when it
// listens, and gnome-keyring-daemon --daemonize returns once the daemon
// serves. The keyring daemon ends with its bus, which the test stops.
func keyringSession(t *testing.T) []string {
	t.Helper()
	dbusDaemon, err1 := exec.LookPath("dbus-daemon")
	keyringDaemon, err2 := exec.LookPath("gnome-keyring-daemon")
	if err1 != nil || err2 != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must install dbus-daemon and gnome-keyring: %v %v", err1, err2)
		}
		t.Skip("dbus-daemon or gnome-keyring-daemon not installed (CI installs them)")
	}
	root := t.TempDir()
	home, runtime := filepath.Join(root, "home"), filepath.Join(root, "run")
	for _, d := range []string{home, runtime} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_RUNTIME_DIR=" + runtime}
	bus := exec.Command(dbusDaemon, "--session", "--nofork", "--nopidfile", "--print-address=1",
		"--address=unix:path="+filepath.Join(runtime, "bus"))
	bus.Env = env
	out, err := bus.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := bus.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = bus.Process.Kill(); _ = bus.Wait() })
	address, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon printed no address: %v", err)
	}
	env = append(env, "DBUS_SESSION_BUS_ADDRESS="+strings.TrimSpace(address))
	daemon := exec.Command(keyringDaemon, "--daemonize", "--components=secrets", "--unlock")
	daemon.Env = env
	daemon.Stdin = strings.NewReader("padview-test-password")
	if b, err := daemon.CombinedOutput(); err != nil {
		t.Fatalf("gnome-keyring-daemon: %v\n%s", err, b)
	}
	return env[len(env)-1:] // the bus: padview's own HOME and PATH stay
}
