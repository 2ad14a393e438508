package keystore

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// childEnv marks the test binary re-run as the Secret Service client. It
// runs in its own process so that go-keyring's provider (which other tests
// replace with its mock) and godbus's cached session bus are its own.
const childEnv = "PADVIEW_SECRET_SERVICE_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		if err := secretServiceRoundTrip(); err != nil {
			fmt.Fprintln(os.Stderr, "FAIL:", err)
			os.Exit(1)
		}
		fmt.Println("secret service round trip ok")
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestRealSecretService runs set, get, overwrite, delete and not-found
// against a real gnome-keyring-daemon in a private D-Bus session that the
// test starts in a temporary HOME and runtime directory, and stops again.
func TestRealSecretService(t *testing.T) {
	if testing.Short() && os.Getenv("CI") == "" {
		t.Skip("starts D-Bus and a keyring daemon: left out by -short (CI runs it)")
	}
	dbusDaemon, err1 := exec.LookPath("dbus-daemon")
	keyringDaemon, err2 := exec.LookPath("gnome-keyring-daemon")
	if err1 != nil || err2 != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must install dbus-daemon and gnome-keyring: %v %v", err1, err2)
		}
		t.Skip("dbus-daemon or gnome-keyring-daemon not installed (CI installs them)")
	}
	root, err := os.MkdirTemp("", "padview-ss-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	home := filepath.Join(root, "home")
	runtime := filepath.Join(root, "run")
	for _, d := range []string{home, runtime} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	baseEnv := append(os.Environ(), "HOME="+home, "XDG_RUNTIME_DIR="+runtime,
		"XDG_DATA_HOME="+filepath.Join(home, ".local/share"), "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))

	bus := exec.Command(dbusDaemon, "--session", "--nofork", "--nopidfile", "--print-address=1",
		"--address=unix:path="+filepath.Join(runtime, "bus"))
	bus.Env = baseEnv
	out, err := bus.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := bus.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop(t, bus) })
	address, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon printed no address: %v", err)
	}
	address = strings.TrimSpace(address)
	env := append(baseEnv, "DBUS_SESSION_BUS_ADDRESS="+address)

	daemon := exec.Command(keyringDaemon, "--foreground", "--components=secrets", "--unlock")
	daemon.Env = env
	daemon.Stdin = strings.NewReader("padview-test-password")
	if err := daemon.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stop(t, daemon) })

	child := exec.Command(os.Args[0], "-test.run=^$")
	// A -race child otherwise sleeps a second at exit.
	child.Env = append(env, childEnv+"=1", EnvToken+"=", "GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0")
	got, err := child.CombinedOutput()
	if err != nil || !strings.Contains(string(got), "round trip ok") {
		t.Fatalf("round trip against gnome-keyring: %v\n%s", err, got)
	}
	t.Logf("%s", got)
}

// stop ends a process the test started and waits for it, so none is left.
func stop(t *testing.T, cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	if _, err := os.Stat(fmt.Sprintf("/proc/%d", cmd.Process.Pid)); err == nil {
		t.Errorf("process %d (%s) is still there", cmd.Process.Pid, cmd.Path)
	}
}

func secretServiceRoundTrip() error {
	states, err := waitForLoginCollection(20 * time.Second)
	fmt.Printf("secret service ready after: %s\n", strings.Join(states, " → "))
	if err != nil {
		return err
	}
	s := New(WithTimeout(5 * time.Second))
	profile := "it-" + fmt.Sprint(os.Getpid())
	if err := s.Save(profile, "first-token-1111"); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	if tok, src, err := s.Token(profile); err != nil || tok != "first-token-1111" || src != SourceKeyring {
		return fmt.Errorf("get: %q %v %v", tok, src, err)
	}
	if err := s.Save(profile, "second-token-2222"); err != nil {
		return fmt.Errorf("overwrite: %w", err)
	}
	if tok, _, err := s.Token(profile); err != nil || tok != "second-token-2222" {
		return fmt.Errorf("get after overwrite: %q %v", tok, err)
	}
	if err := s.Delete(profile); err != nil {
		return fmt.Errorf("delete: %w", err)
	}
	if _, _, err := s.Token(profile); !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("get after delete: %v", err)
	}
	if _, _, err := s.Token("never-stored"); !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("not found: %v", err)
	}
	return nil
}

// Secret Service names on D-Bus.
const (
	secretsName     = "org.freedesktop.secrets"
	secretsPath     = dbus.ObjectPath("/org/freedesktop/secrets")
	loginCollection = dbus.ObjectPath("/org/freedesktop/secrets/collection/login")
)

// waitForLoginCollection polls the Secret Service until it is in the state
// go-keyring expects: the daemon owns its bus name, the login collection
// exists, is unlocked and is the default alias. gnome-keyring-daemon gets
// there in steps after it starts; a request in between fails ("failed to
// unlock correct collection") or lands in another collection. It returns
// the states it saw, for the log.
func waitForLoginCollection(timeout time.Duration) ([]string, error) {
	conn, err := dbus.SessionBus()
	if err != nil {
		return nil, fmt.Errorf("session bus: %w", err)
	}
	var states []string
	for deadline := time.Now().Add(timeout); ; time.Sleep(25 * time.Millisecond) {
		state := secretServiceState(conn)
		if len(states) == 0 || states[len(states)-1] != state {
			states = append(states, state)
		}
		if state == "ready" {
			return states, nil
		}
		if time.Now().After(deadline) {
			return states, fmt.Errorf("the Secret Service was not ready within %s", timeout)
		}
	}
}

func secretServiceState(conn *dbus.Conn) string {
	var owned bool
	if err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, secretsName).Store(&owned); err != nil || !owned {
		return "no daemon on the bus"
	}
	var alias dbus.ObjectPath
	if err := conn.Object(secretsName, secretsPath).Call("org.freedesktop.Secret.Service.ReadAlias", 0, "default").Store(&alias); err != nil {
		return "no alias: " + err.Error()
	}
	if alias != loginCollection {
		return fmt.Sprintf("default alias is %q", alias)
	}
	locked, err := conn.Object(secretsName, loginCollection).GetProperty("org.freedesktop.Secret.Collection.Locked")
	if err != nil {
		return "login collection: " + err.Error()
	}
	if l, ok := locked.Value().(bool); !ok || l {
		return "login collection locked"
	}
	return "ready"
}
