package text

// DefaultProfile is the profile padview reads when none is named.
const DefaultProfile = "default"

// Command is how a command padview suggests starts, so that, pasted into a
// shell, it reaches the service it was suggested for: "padview --demo" in
// the demo, "padview --profile NAME" for a profile other than the default,
// else "padview". The CLI and the TUI both word their suggestions with it.
func Command(demo bool, profile string) string {
	switch {
	case demo:
		return "padview --demo"
	case profile != "" && profile != DefaultProfile:
		return "padview --profile " + CleanText(profile)
	}
	return "padview"
}
