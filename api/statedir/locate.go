package statedir

import (
	"errors"
	"path/filepath"
	"runtime"
)

// Env moves the state directory: PADVIEW_STATE_DIR.
const Env = "PADVIEW_STATE_DIR"

// ErrNoDir says no state directory can be found: neither Env nor what the
// OS directory is derived from (HOME, XDG_STATE_HOME, LOCALAPPDATA) is set.
var ErrNoDir = errors.New("cannot find a directory for padview's state files: set " + Env)

// Locate says where the state directory is, touching no file:
// $PADVIEW_STATE_DIR (chosen is true), else the OS state directory:
// $XDG_STATE_HOME/padview (default ~/.local/state/padview) on Linux and
// other Unix systems, ~/Library/Application Support/padview on macOS,
// %LocalAppData%\padview on Windows. It reads the environment only
// through getenv.
func Locate(getenv func(string) string) (path string, chosen bool, err error) {
	return locate(getenv, runtime.GOOS)
}

func locate(getenv func(string) string, goos string) (string, bool, error) {
	if d := getenv(Env); d != "" {
		return filepath.Clean(d), true, nil
	}
	switch goos {
	case "windows":
		if d := getenv("LOCALAPPDATA"); d != "" {
			return filepath.Join(d, "padview"), false, nil
		}
		return "", false, ErrNoDir
	case "darwin", "ios":
		if h := getenv("HOME"); h != "" {
			return filepath.Join(h, "Library", "Application Support", "padview"), false, nil
		}
		return "", false, ErrNoDir
	}
	// XDG: a relative XDG_STATE_HOME is to be ignored.
	if d := getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "padview"), false, nil
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".local", "state", "padview"), false, nil
	}
	return "", false, ErrNoDir
}
