package audit

import (
	"path/filepath"

	"github.com/padview/padview/api/statedir"
)

// EnvStateDir moves the state directory the access log is written to.
const EnvStateDir = statedir.Env

// FileName is the access log's name inside the state directory.
const FileName = "access.log"

// Path is where the access log lives: access.log in the state directory
// (see statedir.Locate). It touches no file.
func Path(getenv func(string) string) (string, error) {
	dir, _, err := statedir.Locate(getenv)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, FileName), nil
}
