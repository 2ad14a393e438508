//go:build !((!cgo && !darwin && !windows && !plan9) || android || (osusergo && !windows && !plan9))

package audit

// userMayComeFromEnv: os/user asks the system (the C library, or the OS
// itself on macOS and Windows), which never answers with $USER.
const userMayComeFromEnv = false
