package cmd

import (
	"fmt"
	"runtime/debug"
)

// Version is what --version prints. Release builds set it through ldflags;
// `go install` builds fall back to the module's build info.
type Version struct {
	Version, Commit, Date string
}

// ResolveVersion fills in what ldflags left empty from the build info.
func ResolveVersion(v Version) Version {
	info, ok := debug.ReadBuildInfo()
	if v.Version == "" {
		v.Version = "dev"
		if ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
			v.Version = info.Main.Version
		}
	}
	if ok && v.Commit == "" {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Commit = s.Value
			case "vcs.time":
				if v.Date == "" {
					v.Date = s.Value
				}
			}
		}
	}
	return v
}

func (v Version) String() string {
	s := "padview " + v.Version
	if v.Commit != "" {
		c := v.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		s += fmt.Sprintf(" (commit %s", c)
		if v.Date != "" {
			s += ", built " + v.Date
		}
		s += ")"
	}
	return s
}

// UserAgent is the User-Agent padview sends.
func (v Version) UserAgent() string { return "padview/" + v.Version }
