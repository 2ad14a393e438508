package cmd

import "fmt"

// Compliance is what a profile allows of the full view and how padview
// records and shows it (issue 11).
type Compliance struct {
	FullViewNever    bool // full_view = "never": the full view is disabled
	RequireReason    bool // require_reason = true: no full view without a reason
	AccessLog        bool // access_log (default true): record full-view requests
	MaskPersonalData bool // mask_personal_data = true: mask personal data in output
}

// Values of a profile's full_view.
const (
	fullViewAsk   = "ask"
	fullViewNever = "never"
)

// check refuses settings padview would otherwise have to guess at.
func (p Profile) check() error {
	switch p.FullView {
	case "", fullViewAsk, fullViewNever:
		return nil
	}
	return fmt.Errorf("full_view = %q: use %q (the default: after the confirmation) or %q (disabled)", p.FullView, fullViewAsk, fullViewNever)
}

func (p Profile) compliance() Compliance {
	return Compliance{
		FullViewNever:    p.FullView == fullViewNever,
		RequireReason:    p.RequireReason,
		AccessLog:        p.AccessLog == nil || *p.AccessLog,
		MaskPersonalData: p.MaskPersonalData,
	}
}
