package audit

import (
	"bufio"
	"os"
	"os/user"
	"runtime"
	"strconv"
	"strings"
)

// osUser is the user padview runs as, by its uid: the name the system
// gives it, or "uid N (…)" when it has none; never what the environment
// says ($USER), which anyone can set.
func osUser() string {
	if runtime.GOOS == "windows" {
		if u, err := user.Current(); err == nil && u.Username != "" {
			return u.Username
		}
		return "unknown (not verified)"
	}
	uid := strconv.Itoa(os.Getuid())
	if u, err := user.LookupId(uid); err == nil && u.Username != "" &&
		(!userMayComeFromEnv || inPasswd(passwdFile, uid, u.Username)) {
		return u.Username
	}
	return "uid " + uid + " (not verified: the system has no name for it)"
}

// passwdFile is where os/user looks a user up when it does so without the
// C library (see userMayComeFromEnv).
const passwdFile = "/etc/passwd"

// inPasswd reports whether the passwd file at path names uid name. A file
// that cannot be read names no one.
func inPasswd(path, uid, name string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f) // a line longer than the Scanner's 64 KiB ends the search
	for sc.Scan() {
		fields := strings.Split(sc.Text(), ":")
		if len(fields) >= 3 && fields[0] == name && fields[2] == uid {
			return true
		}
	}
	return false
}
