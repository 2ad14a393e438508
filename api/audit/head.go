package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// HeadSuffix names the head file beside the log: access.log.head.
const HeadSuffix = ".head"

// Head is what the head file keeps of the log's last line: its entry
// number and its SHA-256. It is rewritten with every line, under the same
// lock, so that Check finds what the chain cannot: an edit of the last
// line, lines cut from the end, or a deleted log.
type Head struct {
	Seq  int    `json:"seq"`
	Hash string `json:"hash"`
}

// HeadPath is the head file of the log at logPath.
func HeadPath(logPath string) string { return logPath + HeadSuffix }

// errNoHead says there is no head file (yet).
var errNoHead = errors.New("no head file")

// readHead reads the head file; errNoHead when there is none.
func readHead(path string) (Head, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Head{}, errNoHead
	}
	if err != nil {
		return Head{}, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxLine+1)) // padview writes under 100 bytes
	if err != nil {
		return Head{}, err
	}
	var h Head
	if len(b) > maxLine || json.Unmarshal(b, &h) != nil || h.Seq < 1 || len(h.Hash) != len(genesis) {
		return Head{}, fmt.Errorf("the head file %s is not one padview wrote", path)
	}
	return h, nil
}

// writeHead replaces the head file in one step (a new file renamed over
// the old), so that a reader never sees half of it.
func writeHead(path string, h Head) error {
	b, err := json.Marshal(h)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

func hashLine(line []byte) string {
	sum := sha256.Sum256(line)
	return hex.EncodeToString(sum[:])
}
