package audit

import (
	"errors"
	"path/filepath"
	"runtime"
)

// EnvStateDir overrides the directory the access log is written to.
const EnvStateDir = "PADVIEW_STATE_DIR"

// FileName is the access log's name inside the state directory.
const FileName = "access.log"

// Path is where the access log lives: $PADVIEW_STATE_DIR/access.log, else
// in the OS state directory: $XDG_STATE_HOME/padview (default
// ~/.local/state/padview) on Linux and other Unix systems,
// ~/Library/Application Support/padview on macOS, %LocalAppData%\padview
// on Windows. It reads the environment only through getenv.
func Path(getenv func(string) string) (string, error) {
	dir, err := stateDir(getenv, runtime.GOOS)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, FileName), nil
}

func stateDir(getenv func(string) string, goos string) (string, error) {
	if d := getenv(EnvStateDir); d != "" {
		return d, nil
	}
	noDir := errors.New("cannot find a directory for the access log: set " + EnvStateDir)
	switch goos {
	case "windows":
		if d := getenv("LOCALAPPDATA"); d != "" {
			return filepath.Join(d, "padview"), nil
		}
		return "", noDir
	case "darwin", "ios":
		if h := getenv("HOME"); h != "" {
			return filepath.Join(h, "Library", "Application Support", "padview"), nil
		}
		return "", noDir
	}
	// XDG: a relative XDG_STATE_HOME is to be ignored.
	if d := getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "padview"), nil
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".local", "state", "padview"), nil
	}
	return "", noDir
}
