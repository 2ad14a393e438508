//go:build (!cgo && !darwin && !windows && !plan9) || android || (osusergo && !windows && !plan9)

package audit

// userMayComeFromEnv: os/user is built without the C library here (as the
// release is, with CGO_ENABLED=0), and for a uid missing from /etc/passwd
// it answers with $USER (user.Current falls back to the environment, and
// user.LookupId asks Current first). So osUser takes a name only when
// /etc/passwd gives it. The build constraint is os/user's own for that
// implementation (lookup_stubs.go).
const userMayComeFromEnv = true
