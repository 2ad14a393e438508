package statedir

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// otherUID owns the files planted as another user's.
const otherUID = 4242

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func needUnix(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("Unix owners and modes")
	}
}

// needRoot: only root can give a file to another user.
func needRoot(t *testing.T) {
	t.Helper()
	needUnix(t)
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
}

func mode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

func wantUnsafe(t *testing.T, err error, says ...string) {
	t.Helper()
	var u *UnsafeError
	if !errors.As(err, &u) || !errors.Is(err, ErrUnsafe) {
		t.Fatalf("want an UnsafeError, got %v", err)
	}
	for _, s := range says {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("the refusal does not say %q: %v", s, err)
		}
	}
}

func TestLocate(t *testing.T) {
	cases := []struct {
		goos   string
		getenv func(string) string
		want   string
		chosen bool
	}{
		{"linux", env(Env, "/srv/pv/", "HOME", "/home/a"), "/srv/pv", true},
		{"linux", env("XDG_STATE_HOME", "/x/state", "HOME", "/home/a"), filepath.Join("/x/state", "padview"), false},
		{"linux", env("XDG_STATE_HOME", "relative", "HOME", "/home/a"), filepath.Join("/home/a", ".local", "state", "padview"), false},
		{"freebsd", env("HOME", "/home/a"), filepath.Join("/home/a", ".local", "state", "padview"), false},
		{"darwin", env("HOME", "/Users/a", "XDG_STATE_HOME", "/x"), filepath.Join("/Users/a", "Library", "Application Support", "padview"), false},
		{"windows", env("LOCALAPPDATA", `C:\Users\a\AppData\Local`), filepath.Join(`C:\Users\a\AppData\Local`, "padview"), false},
		{"windows", env(Env, `D:\pv`), `D:\pv`, true},
	}
	for _, c := range cases {
		got, chosen, err := locate(c.getenv, c.goos)
		if err != nil || got != c.want || chosen != c.chosen {
			t.Errorf("%s: %q %v, %v; want %q %v", c.goos, got, chosen, err, c.want, c.chosen)
		}
	}
	for _, goos := range []string{"linux", "darwin", "windows"} {
		if _, _, err := locate(env(), goos); !errors.Is(err, ErrNoDir) || !strings.Contains(err.Error(), Env) {
			t.Errorf("%s without a home: %v", goos, err)
		}
	}
}

// padview's own directory is made 0700 (with its missing parents), and
// kept private; a directory the user chose is left as it is.
func TestOpenMakesItsDirectoryPrivate(t *testing.T) {
	needUnix(t)
	home := t.TempDir()
	d, err := Open(env("HOME", home))
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(home, ".local", "state", "padview")
	if d.Path() != want || mode(t, want) != 0o700 || mode(t, filepath.Dir(want)) != 0o700 {
		t.Fatalf("made %s (%o, parent %o)", d.Path(), mode(t, want), mode(t, filepath.Dir(want)))
	}
	os.Chmod(want, 0o750)
	if _, err := Open(env("HOME", home)); err != nil || mode(t, want) != 0o700 {
		t.Fatalf("padview's own directory, readable by the group: %v, mode %o", err, mode(t, want))
	}

	chosen := filepath.Join(t.TempDir(), "shared")
	os.Mkdir(chosen, 0o755)
	os.Chmod(chosen, 0o755)
	if d, err := Open(env(Env, chosen)); err != nil || d.Path() != chosen || mode(t, chosen) != 0o755 {
		t.Fatalf("a chosen directory: %v, mode %o", err, mode(t, chosen))
	}
	made := filepath.Join(t.TempDir(), "new", "state")
	if _, err := Open(env(Env, made)); err != nil || mode(t, made) != 0o700 {
		t.Fatalf("a chosen directory padview made: %v, mode %o", err, mode(t, made))
	}
}

func TestFindCreatesNothing(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none")
	if _, err := Find(env(Env, missing)); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Find of a missing directory: %v", err)
	}
	if _, err := os.Lstat(missing); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("Find made the directory")
	}
	if d, err := Find(env(Env, t.TempDir())); err != nil || d == nil {
		t.Fatalf("Find of an existing directory: %v", err)
	}
}

// A state directory that is a link, another user's, or writable by others
// is refused, and nothing is created in it.
func TestUnsafeDirectoriesAreRefused(t *testing.T) {
	needUnix(t)
	real := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	_, err := Open(env(Env, link))
	wantUnsafe(t, err, "symbolic link", Env)
	_, err = At(link, false)
	wantUnsafe(t, err, "symbolic link")
	if _, err := Find(env(Env, link)); !errors.Is(err, ErrUnsafe) {
		t.Errorf("Find of a link: %v", err)
	}

	for _, perm := range []fs.FileMode{0o770, 0o777, fs.ModeSticky | 0o777, 0o722} {
		dir := filepath.Join(t.TempDir(), "state")
		os.Mkdir(dir, 0o700)
		if err := os.Chmod(dir, perm); err != nil {
			t.Fatal(err)
		}
		_, err := Open(env(Env, dir))
		wantUnsafe(t, err, "other users may write", "chmod go-w "+dir)
		if _, err := At(dir, false); !errors.Is(err, ErrUnsafe) {
			t.Errorf("padview's own directory at %o: %v", perm, err)
		}
		if mode(t, dir)&fs.ModePerm != perm&fs.ModePerm {
			t.Errorf("the refused directory's mode changed from %o to %o", perm, mode(t, dir))
		}
	}

	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o600)
	_, err = Open(env(Env, file))
	if err == nil {
		t.Fatal("a file was taken for the state directory")
	}
}

func TestAnotherUsersDirectoryIsRefused(t *testing.T) {
	needRoot(t)
	dir := filepath.Join(t.TempDir(), "state")
	os.Mkdir(dir, 0o700)
	if err := os.Chown(dir, otherUID, otherUID); err != nil {
		t.Fatal(err)
	}
	_, err := Open(env(Env, dir))
	wantUnsafe(t, err, "belongs to uid 4242", "not to you (uid 0")
}

// OpenFile never follows a link: neither an existing target nor a
// dangling one is touched, and the refusal says what to do.
func TestOpenFileRefusesLinks(t *testing.T) {
	needUnix(t)
	d, err := At(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(t.TempDir(), ".bashrc")
	os.WriteFile(victim, []byte("export PATH\n"), 0o644)
	os.Symlink(victim, d.File("access.log"))
	dangling := filepath.Join(t.TempDir(), "made-by-padview")
	os.Symlink(dangling, d.File("access.log.head"))

	for _, name := range []string{"access.log", "access.log.head"} {
		for _, flag := range []int{os.O_RDONLY, os.O_RDWR | os.O_CREATE | os.O_APPEND, os.O_WRONLY | os.O_CREATE | os.O_TRUNC} {
			f, err := d.OpenFile(name, flag)
			if f != nil {
				f.Close()
			}
			wantUnsafe(t, err, "symbolic link", "rm "+d.File(name))
		}
		_, err := d.ReadFile(name, 100)
		wantUnsafe(t, err, "symbolic link")
		wantUnsafe(t, d.WriteFile(name, []byte("x")), "symbolic link")
		_, err = d.Prepare(name)
		wantUnsafe(t, err, "symbolic link")
	}
	if b, _ := os.ReadFile(victim); string(b) != "export PATH\n" || mode(t, victim) != 0o644 {
		t.Errorf("the link's target was changed: %q, mode %o", b, mode(t, victim))
	}
	if _, err := os.Lstat(dangling); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a dangling link's target was created")
	}
	if fi, _ := os.Lstat(d.File("access.log")); fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("the refused link was replaced")
	}
}

func TestOpenFileRefusesWhatOthersCanWrite(t *testing.T) {
	needUnix(t)
	d, _ := At(t.TempDir(), true)
	for _, perm := range []fs.FileMode{0o666, 0o620, 0o602} {
		os.WriteFile(d.File("f"), []byte("x"), 0o600)
		os.Chmod(d.File("f"), perm)
		_, err := d.OpenFile("f", os.O_RDWR)
		wantUnsafe(t, err, "other users may write", "chmod 600 "+d.File("f"))
		wantUnsafe(t, d.WriteFile("f", []byte("y")))
		if mode(t, d.File("f")) != perm {
			t.Errorf("a refused file's mode changed from %o to %o", perm, mode(t, d.File("f")))
		}
	}
	// Readable by others only: made private, and used.
	os.Chmod(d.File("f"), 0o644)
	b, err := d.ReadFile("f", 10)
	if err != nil || string(b) != "x" || mode(t, d.File("f")) != 0o600 {
		t.Fatalf("a file readable by others: %q %v, mode %o", b, err, mode(t, d.File("f")))
	}
}

func TestOpenFileRefusesAnotherUsersFile(t *testing.T) {
	needRoot(t)
	d, _ := At(t.TempDir(), true)
	os.WriteFile(d.File("access.log"), []byte("planted\n"), 0o600)
	os.Chown(d.File("access.log"), otherUID, otherUID)
	_, err := d.OpenFile("access.log", os.O_RDWR|os.O_APPEND)
	wantUnsafe(t, err, "belongs to uid 4242", "mv "+d.File("access.log"), "`sudo chown ")
	if strings.Contains(err.Error(), "chmod") {
		t.Errorf("chmod cannot give a file back: %v", err)
	}
	wantUnsafe(t, d.WriteFile("access.log", []byte("x")), "belongs to uid 4242")
	if b, _ := os.ReadFile(d.File("access.log")); string(b) != "planted\n" {
		t.Errorf("another user's file was changed: %q", b)
	}
}

func TestWriteFileReplacesInOneStep(t *testing.T) {
	d, _ := At(t.TempDir(), true)
	// Litter at the old fixed temporary name is never opened.
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("keep"), 0o600)
	if runtime.GOOS != "windows" {
		os.Symlink(victim, d.File("head.tmp"))
	}
	for _, data := range []string{`{"seq":1}`, `{"seq":2}`} {
		if err := d.WriteFile("head", []byte(data)); err != nil {
			t.Fatal(err)
		}
		if b, err := d.ReadFile("head", 100); err != nil || string(b) != data {
			t.Fatalf("read back %q, %v; want %q", b, err, data)
		}
	}
	if runtime.GOOS != "windows" && mode(t, d.File("head")) != 0o600 {
		t.Errorf("head has mode %o", mode(t, d.File("head")))
	}
	entries, _ := os.ReadDir(d.Path())
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 2 && runtime.GOOS != "windows" {
		t.Errorf("temporary files left behind: %v", names)
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep" {
		t.Errorf("a planted link at a temporary name was followed: %q", b)
	}
	if _, err := d.ReadFile("head", 3); err == nil {
		t.Error("a file longer than the limit was read")
	}
	if _, err := d.ReadFile("missing", 3); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

func TestPrepareMakesAnEmptyPrivateFile(t *testing.T) {
	d, _ := At(t.TempDir(), true)
	p, err := d.Prepare("watch.db")
	if err != nil || p != d.File("watch.db") {
		t.Fatalf("Prepare: %q, %v", p, err)
	}
	if fi, err := os.Lstat(p); err != nil || fi.Size() != 0 || runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Fatalf("prepared file: %v %v", fi, err)
	}
}

func TestNamesStayInTheDirectory(t *testing.T) {
	d, _ := At(t.TempDir(), true)
	for _, name := range []string{"", ".", "..", "../x", "a/b", `a\b`} {
		if _, err := d.OpenFile(name, os.O_RDONLY); err == nil {
			t.Errorf("OpenFile(%q) was allowed", name)
		}
		if err := d.WriteFile(name, nil); err == nil {
			t.Errorf("WriteFile(%q) was allowed", name)
		}
	}
}

// A directory that becomes unsafe after it was opened is refused from then
// on: a long session does not miss it.
func TestTheDirectoryIsCheckedAgain(t *testing.T) {
	needUnix(t)
	dir := filepath.Join(t.TempDir(), "state")
	d, err := At(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.WriteFile("head", []byte("1")); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o777)
	_, err = d.ReadFile("head", 10)
	wantUnsafe(t, err, "other users may write to the state directory")
	wantUnsafe(t, d.WriteFile("head", []byte("2")))
	os.Chmod(dir, 0o700)
	os.Rename(dir, dir+".real")
	os.Symlink(dir+".real", dir)
	_, err = d.OpenFile("head", os.O_RDONLY)
	wantUnsafe(t, err, "symbolic link")
}

// Check judges a file another library opens by name, without opening it.
func TestCheckWithoutOpening(t *testing.T) {
	needUnix(t)
	d, _ := At(t.TempDir(), true)
	if err := d.Check("watch.db-wal"); err != nil {
		t.Fatalf("a missing file: %v", err)
	}
	os.WriteFile(d.File("watch.db"), nil, 0o600)
	if err := d.Check("watch.db"); err != nil {
		t.Fatalf("a private file: %v", err)
	}
	os.Chmod(d.File("watch.db"), 0o644)
	wantUnsafe(t, d.Check("watch.db"), "others may read it", "chmod 600")
	os.Symlink(d.File("watch.db"), d.File("watch.db-shm"))
	wantUnsafe(t, d.Check("watch.db-shm"), "symbolic link")
}
