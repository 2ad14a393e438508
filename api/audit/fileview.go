package audit

import (
	"context"
	"crypto/rand"
	"encoding/hex"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/signals"
)

// FileView describes a file of full-view answers about to be shown: read
// from a file (padview --file --view full), not asked of the service.
type FileView struct {
	Profile string
	File    string // the path as the user gave it, or "stdin"
	SHA256  string // of the whole file, in hex
	Reason  string // cleaned with CleanReason
}

// FileView records that the personal data of a file said to be of the
// full view is about to be shown: a "file view" line with the file's name
// and hash and the reason, never a value. The caller must not show the
// file's answers when it fails. It is one write like Begin's. On a nil Log
// it records nothing.
func (l *Log) FileView(ctx context.Context, x FileView) error {
	if l == nil {
		return nil
	}
	var id [6]byte
	_, _ = rand.Read(id[:])
	e := Entry{Event: EventFileView, ID: hex.EncodeToString(id[:]), User: l.user, Profile: x.Profile,
		View: advert.Full.String(), Reason: x.Reason, File: x.File, SHA256: x.SHA256}
	h := signals.NewHold()
	defer h.Release()
	return l.append(ctx, e, h)
}
