package cmd

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Version is what --version prints. Release builds set it through ldflags;
// `go install` builds fall back to the module's build info.
type Version struct {
	Version, Commit, Date string
}

// ResolveVersion fills in what ldflags left empty from the build info.
func ResolveVersion(v Version) Version {
	if v.Commit == "none" { // GoReleaser's placeholder when a snapshot has no tag to describe
		v.Commit = ""
	}
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

func (v Version) String() string { return "padview " + v.Plain() }

// Plain is the version without padview's name, "1.4.0 (commit
// 0123456789ab, built 2026-10-01)": what an export's provenance names.
func (v Version) Plain() string {
	var about []string
	if c := v.Commit; c != "" {
		if len(c) > 12 {
			c = c[:12]
		}
		about = append(about, "commit "+c)
	}
	if v.Date != "" {
		about = append(about, "built "+v.Date)
	}
	if len(about) == 0 {
		return v.Version
	}
	return fmt.Sprintf("%s (%s)", v.Version, strings.Join(about, ", "))
}

// UserAgent is the User-Agent padview sends.
func (v Version) UserAgent() string { return "padview/" + v.Version }
