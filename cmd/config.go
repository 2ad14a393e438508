package cmd

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/dustin/go-humanize"

	"github.com/padview/padview/api"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/vocab"
	"github.com/padview/padview/api/watch"
)

// Environment variables padview reads. PADVIEW_TOKEN is read by keystore.
const (
	EnvBaseURL   = "PADVIEW_BASE_URL"
	EnvProfile   = "PADVIEW_PROFILE"
	EnvConfigDir = "PADVIEW_CONFIG_DIR"
)

// DefaultProfile is the profile used when none is named.
const DefaultProfile = text.DefaultProfile

// Config is padview's config file. It never holds a token.
type Config struct {
	DefaultProfile string             `toml:"default_profile"`
	FullViewIdle   duration           `toml:"full_view_idle"` // return to the standard view after this long without a key
	MaxWait        duration           `toml:"max_wait"`       // the longest one lookup waits for the rate limit, all waits together
	Profiles       map[string]Profile `toml:"-"`              // read one table at a time: see configFile
	// Fields map the service's member names to paths of the normalized
	// document, for every profile (vocab.Mapping).
	Fields map[string]string `toml:"fields"`
	// The watch database's bounds, for every profile (one database holds
	// every service's history): its size, and the events kept of each
	// advertisement (watch.Bounds).
	WatchMaxSize *byteSize `toml:"watch_max_size"`
	WatchKeep    *int      `toml:"watch_keep"`

	// broken says, for each profile whose table could not be read, why:
	// the file, the line, the profile and what is wrong. Such a profile is
	// defined, but is an error only where it is used (ProfileError), so
	// that one profile's mistake leaves the others usable. Text, not an
	// error, so that two readings of one file compare equal.
	broken map[string]string
}

// configFile is the config file as it is decoded: Config's settings, and
// each profile's table kept undecoded, to be read on its own.
type configFile struct {
	Config
	Profiles map[string]toml.Primitive `toml:"profiles"`
}

// ProfileError is why the config file's table of profile could not be
// read; nil when it could, or when there is none.
func (c Config) ProfileError(profile string) error {
	if msg, ok := c.broken[profile]; ok {
		return errors.New(msg)
	}
	return nil
}

// breaks records the first problem found with a profile's table.
func (c *Config) breaks(profile, msg string) {
	if _, ok := c.broken[profile]; ok {
		return
	}
	if c.broken == nil {
		c.broken = map[string]string{}
	}
	c.broken[profile] = msg
}

// Profile is one partner account: a name (its key) and a base URL.
type Profile struct {
	BaseURL string   `toml:"base_url"`
	MaxWait duration `toml:"max_wait"` // overrides the top-level max_wait for this profile
	// Issue 11: what a profile allows of the full view, and how it is recorded.
	FullView         string `toml:"full_view"`          // "ask" (default) or "never"
	RequireReason    bool   `toml:"require_reason"`     // the full view needs a reason
	AccessLog        *bool  `toml:"access_log"`         // default true
	MaskPersonalData bool   `toml:"mask_personal_data"` // mask personal data in output
	// Fields add to the top-level [fields] for this profile; a name in both
	// takes this profile's path.
	Fields map[string]string `toml:"fields"`
}

// MaxMaxWait is the largest max_wait accepted: no server's rate figures
// beyond it are believed anyway (api.MaxRateWindow).
const MaxMaxWait = api.MaxRateWindow

// duration reads "10m" or "90s" from TOML.
type duration struct{ time.Duration }

func (d *duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("%q is not a duration such as 10m or 90s", b)
	}
	if v <= 0 {
		return fmt.Errorf("%q must be more than 0", b)
	}
	d.Duration = v
	return nil
}

// byteSize reads a size from TOML: "1GiB", "500 MB", or a number of
// bytes.
type byteSize struct{ n int64 }

func (b *byteSize) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case int64:
		b.n = v
		return nil
	case string:
		n, err := humanize.ParseBytes(v)
		if err != nil || n > math.MaxInt64 {
			return fmt.Errorf("%q is not a size such as 1GiB or 500MB", v)
		}
		b.n = int64(n)
		return nil
	}
	return fmt.Errorf("must be a size such as \"1GiB\" or \"500MB\", not %v", v)
}

// checkWatchBounds checks watch_max_size and watch_keep against the
// bounds api/watch keeps them within.
func (c Config) checkWatchBounds() error {
	if b := c.WatchMaxSize; b != nil && (b.n < watch.MinMaxSize || b.n > watch.MaxMaxSize) {
		return fmt.Errorf("watch_max_size must be between %s and %s, not %s",
			humanize.IBytes(watch.MinMaxSize), humanize.IBytes(watch.MaxMaxSize), humanize.IBytes(uint64(max(b.n, 0))))
	}
	if k := c.WatchKeep; k != nil && (*k < 1 || *k > watch.MaxKeep) {
		return fmt.Errorf("watch_keep must be between 1 and %s events of each advertisement, not %d", text.Thousands(watch.MaxKeep), *k)
	}
	return nil
}

// ConfigDir is where the config file lives: $PADVIEW_CONFIG_DIR, else
// $XDG_CONFIG_HOME/padview, else the OS user config dir /padview.
func ConfigDir(getenv func(string) string) (string, error) {
	if d := getenv(EnvConfigDir); d != "" {
		return d, nil
	}
	if d := getenv("XDG_CONFIG_HOME"); d != "" {
		return filepath.Join(d, "padview"), nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("cannot find a config directory: %w (set %s)", err, EnvConfigDir)
	}
	return filepath.Join(d, "padview"), nil
}

// ConfigPath is the config file's path.
func ConfigPath(getenv func(string) string) (string, error) {
	dir, err := ConfigDir(getenv)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "config.toml"), nil
}

// tomlMismatch is how the TOML decoder words a value of the wrong type,
// in a plain error: "toml: line 3 (last key "profiles.x.mask_personal_data"):
// incompatible types: TOML value has type string; destination has type
// boolean".
var tomlMismatch = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]+)"\): incompatible types: TOML value has type (\w+); destination has type (\w+)$`)

// tomlWants says what a setting of a Go type takes, in the words of a config file.
var tomlWants = map[string]string{
	"boolean": "true or false", "string": "text in quotes", "int": "a whole number", "int64": "a whole number", "integer": "a whole number",
	"float64": "a number", "map": "a table", "slice": "a list",
}

// typeMismatch reads a type mismatch out of the decoder's error: the
// line, the setting, what it takes and what it got.
func typeMismatch(err error) (line int, key, want, got string, ok bool) {
	m := tomlMismatch.FindStringSubmatch(err.Error())
	if m == nil {
		return 0, "", "", "", false
	}
	line, _ = strconv.Atoi(m[1])
	want, known := tomlWants[m[4]]
	if !known {
		want = "a " + m[4]
	}
	got, known = tomlGot[m[3]]
	if !known {
		got = "a " + m[3]
	}
	return line, m[2], want, got, true
}

// tomlGot names what a TOML value of a type is.
var tomlGot = map[string]string{
	"string": "text", "int64": "a number", "float64": "a number", "boolean": "true or false", "bool": "true or false",
	"array": "a list", "table": "a table",
}

// LoadConfig reads the config file; a missing file is an empty config. A
// broken file is an error naming the file and line.
func LoadConfig(path string) (Config, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return Config{}, nil
	}
	if err != nil {
		return Config{}, fmt.Errorf("config file %s: %v; fix it or move the file away", path, err)
	}
	return parseConfig(path, data)
}

// parseConfig reads the text of the config file at path, as LoadConfig
// does: fields --write checks a file before and after it adds to it. A
// mistake outside the profiles (a line TOML cannot read, a top-level
// setting, a token anywhere) is the whole file's error; one inside a
// profile's table is that profile's (ProfileError).
func parseConfig(path string, data []byte) (Config, error) {
	var f configFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			where := ""
			if pe.LastKey != "" {
				where = " (" + pe.LastKey + ")"
			}
			return Config{}, fmt.Errorf("config file %s, line %d%s: %s; fix the line or move the file away",
				path, pe.Position.Line, where, pe.Message)
		}
		if line, key, want, got, ok := typeMismatch(err); ok {
			return Config{}, fmt.Errorf("config file %s, line %d: %s must be %s, not %s; fix the line or move the file away", path, line, key, want, got)
		}
		return Config{}, fmt.Errorf("config file %s: %v; fix it or move the file away", path, err)
	}
	c := f.Config
	if len(f.Profiles) > 0 {
		c.Profiles = make(map[string]Profile, len(f.Profiles))
	}
	for name, table := range f.Profiles {
		var p Profile
		if err := md.PrimitiveDecode(table, &p); err != nil {
			c.breaks(name, profileDecodeError(path, name, err))
		} else if err := p.check(); err != nil {
			c.breaks(name, profileError(path, name, keyLine(data, "profiles", name, "full_view"), err.Error()))
		}
		c.Profiles[name] = p // defined, even when broken
	}
	var unknown []toml.Key
	for _, k := range md.Undecoded() {
		key := k.String()
		if strings.Contains(strings.ToLower(key), "token") {
			return Config{}, fmt.Errorf("config file %s holds a token (%s): padview never reads tokens from files. Remove it, then run `padview token set`", path, key)
		}
		if len(k) > 2 && k[0] == "profiles" {
			c.breaks(k[1], profileError(path, k[1], keyLine(data, k...),
				fmt.Sprintf("unknown setting %s; a profile's settings are %s", strings.Join(k[2:], "."), profileSettings)))
			continue
		}
		unknown = append(unknown, k)
	}
	if len(unknown) > 0 {
		sort.Slice(unknown, func(i, j int) bool { return unknown[i].String() < unknown[j].String() })
		names := make([]string, len(unknown))
		for i, k := range unknown {
			names[i] = k.String()
		}
		return Config{}, fmt.Errorf("config file %s%s: unknown setting %s; known settings are default_profile, full_view_idle, max_wait, watch_max_size, watch_keep and [profiles.NAME] %s, and [fields]",
			path, lineWords(keyLine(data, unknown[0]...)), strings.Join(names, ", "), profileSettings)
	}
	if err := c.checkFields(path, data); err != nil {
		return Config{}, err
	}
	if err := c.checkWatchBounds(); err != nil {
		return Config{}, fmt.Errorf("config file %s: %v; fix the line or move the file away", path, err)
	}
	return c, nil
}

// profileSettings are the settings of a [profiles.NAME] table, for the
// error that names one it does not know.
const profileSettings = "base_url, max_wait, full_view, require_reason, access_log, mask_personal_data and [profiles.NAME.fields]"

// profileError words a problem with a profile's table: the file, the line
// (0: not known), the profile, what is wrong, and the way on.
func profileError(path, profile string, line int, msg string) string {
	return fmt.Sprintf("config file %s%s, [profiles.%s]: %s; fix the profile, or use another (the others are unaffected)",
		path, lineWords(line), profile, msg)
}

// profileDecodeError words the decoder's error for a profile's table in
// the config file's terms, as parseConfig does the whole file's.
func profileDecodeError(path, profile string, err error) string {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return profileError(path, profile, pe.Position.Line, strings.TrimPrefix(pe.LastKey, "profiles."+profile+".")+": "+pe.Message)
	}
	if line, key, want, got, ok := typeMismatch(err); ok {
		return profileError(path, profile, line, fmt.Sprintf("%s must be %s, not %s", strings.TrimPrefix(key, "profiles."+profile+"."), want, got))
	}
	return profileError(path, profile, 0, strings.TrimPrefix(err.Error(), "toml: "))
}

// lineWords is ", line N", or "" for a line not known.
func lineWords(line int) string {
	if line <= 0 {
		return ""
	}
	return fmt.Sprintf(", line %d", line)
}

// keyLine finds the line of the config file that sets key, or opens its
// table; 0 when none does (an inline table, a key written another way).
// The decoder keeps the lines of keys to itself, so errors found after
// decoding (an unknown setting, a value checked later) find theirs here.
func keyLine(data []byte, key ...string) int {
	want := strings.Join(key, ".")
	var table []string
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "["):
			header, _, _ := strings.Cut(strings.Trim(line, "[]"), "]")
			table = keyParts(header)
			if strings.Join(table, ".") == want {
				return i + 1
			}
		case strings.Contains(line, "=") && !strings.HasPrefix(line, "#"):
			name, _, _ := strings.Cut(line, "=")
			if strings.Join(append(slices.Clip(table), keyParts(name)...), ".") == want {
				return i + 1
			}
		}
	}
	return 0
}

// keyParts splits a dotted TOML key into its parts, unquoted.
func keyParts(s string) []string {
	parts := strings.Split(s, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return parts
}

// checkFields refuses a [fields] mapping to a path the document does not
// have, naming the key and the valid paths: in the top-level table, for
// the whole file; in a profile's, for that profile.
func (c *Config) checkFields(path string, data []byte) error {
	if _, err := vocab.Builtin().With(fieldMappings(c.Fields, nil)); err != nil {
		return fmt.Errorf("config file %s%s, [fields]: %v", path, lineWords(keyLine(data, "fields")), err)
	}
	for name, p := range c.Profiles {
		if _, err := vocab.Builtin().With(fieldMappings(nil, p.Fields)); err != nil {
			c.breaks(name, profileError(path, name, keyLine(data, "profiles", name, "fields"), "[profiles."+name+".fields]: "+err.Error()))
		}
	}
	return nil
}

// vocabulary is the vocabulary a profile reads answers with: the built-in
// one with the top-level [fields] and the profile's own.
func (c Config) vocabulary(profile string) (*vocab.Vocabulary, error) {
	return vocab.Builtin().With(fieldMappings(c.Fields, c.Profiles[profile].Fields))
}

// fieldMappings are [fields] lines in a fixed order, the profile's after
// the top level's so that they stand over them.
func fieldMappings(top, profile map[string]string) []vocab.Mapping {
	var out []vocab.Mapping
	for _, m := range []map[string]string{top, profile} {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out = append(out, vocab.Mapping{Name: k, Path: m[k]})
		}
	}
	return out
}

// Settings is what padview runs with, each value resolved flag >
// environment > config file > default.
type Settings struct {
	Profile      string
	BaseURL      string
	FullViewIdle time.Duration
	MaxWait      time.Duration // the longest one lookup waits, all waits together
	ConfigPath   string
	Compliance   // the profile's issue 11 settings
	profileUse   // where the profile's name came from, and whether the config file defines it
	// Vocabulary reads the service's member names: the built-in one with
	// the profile's [fields] mappings; nil is the built-in one alone.
	Vocabulary *vocab.Vocabulary
	// WatchBounds bound the watch database: watch_max_size and watch_keep.
	WatchBounds watch.Bounds
}

// defaultSettings are what padview runs with when nothing says otherwise:
// the default profile, a full view that asks, recorded in the access log.
func defaultSettings() Settings {
	return Settings{Profile: DefaultProfile, FullViewIdle: 10 * time.Minute, MaxWait: api.DefaultMaxWait, Compliance: Profile{}.compliance(),
		WatchBounds: watch.DefaultBounds}
}

// resolveSettings is Resolve, its errors as they come (see cleanConfigError).
func resolveSettings(getenv func(string) string, flagProfile, flagBaseURL string) (Settings, error) {
	path, err := ConfigPath(getenv)
	if err != nil {
		return Settings{}, err
	}
	cfg, err := LoadConfig(path)
	if err != nil {
		return Settings{}, err
	}
	s := defaultSettings()
	s.ConfigPath = path
	if cfg.FullViewIdle.Duration > 0 {
		s.FullViewIdle = cfg.FullViewIdle.Duration
	}
	if cfg.WatchMaxSize != nil {
		s.WatchBounds.MaxSize = cfg.WatchMaxSize.n
	}
	if cfg.WatchKeep != nil {
		s.WatchBounds.Keep = *cfg.WatchKeep
	}
	s.Profile = firstNonEmpty(flagProfile, getenv(EnvProfile), cfg.DefaultProfile, DefaultProfile)
	if err := cfg.ProfileError(s.Profile); err != nil {
		return Settings{}, err // the profile in use; another's mistake is not this command's
	}
	s.profileUse = cfg.use(s.Profile, flagProfile, getenv(EnvProfile))
	s.BaseURL = firstNonEmpty(flagBaseURL, getenv(EnvBaseURL), cfg.Profiles[s.Profile].BaseURL)
	s.Compliance = cfg.Profiles[s.Profile].compliance()
	if s.Vocabulary, err = cfg.vocabulary(s.Profile); err != nil {
		return Settings{}, fmt.Errorf("config file %s: %w", path, err)
	}
	for _, d := range []time.Duration{cfg.MaxWait.Duration, cfg.Profiles[s.Profile].MaxWait.Duration} {
		if d > 0 {
			s.MaxWait = d
		}
	}
	if err := CheckMaxWait(s.MaxWait); err != nil {
		return Settings{}, fmt.Errorf("config file %s: max_wait %w", path, err)
	}
	return s, nil
}

// CheckMaxWait checks a max_wait from the flag or the config file.
func CheckMaxWait(d time.Duration) error {
	if d <= 0 || d > MaxMaxWait {
		return fmt.Errorf("must be more than 0 and at most %s, not %s", text.Duration(MaxMaxWait), text.Duration(d))
	}
	return nil
}

// NeedBaseURL explains how to give a base URL when there is none: the
// demo for a first look, a config file written by `padview config init`
// (or the line to add to the file there is), or the flag and variable.
func (s Settings) NeedBaseURL() error {
	if s.BaseURL != "" {
		return nil
	}
	write := "write a config file with the partner's base URL: padview config init" + profileFlag(s.Profile) + " (it asks for the URL)"
	if _, err := os.Stat(s.ConfigPath); !errors.Is(err, os.ErrNotExist) {
		write = fmt.Sprintf("add base_url = \"https://partner.example/v1\" under [profiles.%s] in %s", s.Profile, s.ConfigPath)
	}
	return fmt.Errorf("no base URL for profile %q; to go on:\n"+
		"  - try padview without an account on its demo service: padview --demo\n"+
		"  - %s\n"+
		"  - or give it for one command or one shell: --base-url URL, or %s=URL", s.Profile, write, EnvBaseURL)
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
