package audit

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"

	"github.com/padview/padview/api/statedir"
)

// HeadSuffix names the head file beside the log: access.log.head.
const HeadSuffix = ".head"

// headName is the head file's name in the state directory.
const headName = FileName + HeadSuffix

// maxHead bounds the head file as read: padview writes under 100 bytes.
const maxHead = 4096

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

var (
	// errNoHead says there is no head file (yet).
	errNoHead = errors.New("no head file")
	// errUnsafeHead marks a head file statedir refuses (a link, another
	// user's): padview neither reads nor replaces it.
	errUnsafeHead = statedir.ErrUnsafe
)

// readHead reads the head file in d; errNoHead when there is none.
func readHead(d *statedir.Dir) (Head, error) {
	b, err := d.ReadFile(headName, maxHead)
	if errors.Is(err, fs.ErrNotExist) {
		return Head{}, errNoHead
	}
	if err != nil {
		return Head{}, err
	}
	var h Head
	if json.Unmarshal(b, &h) != nil || h.Seq < 1 || len(h.Hash) != len(genesis) {
		return Head{}, fmt.Errorf("the head file %s is not one padview wrote", d.File(headName))
	}
	return h, nil
}

// writeHead replaces the head file in one step (statedir's WriteFile: a
// new file renamed over the old), so that a reader never sees half of it.
func writeHead(d *statedir.Dir, h Head) error {
	b, err := json.Marshal(h)
	if err != nil {
		return err
	}
	return d.WriteFile(headName, append(b, '\n'))
}
