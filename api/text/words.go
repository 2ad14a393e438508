package text

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Duration writes a duration in prose, with a space before the unit so
// that it cannot be read as a status code: "0.4 s", "42 s", "2 min 5 s",
// "10 min", "3 h 20 min", "11,574 days". Messages, errors and settings
// use it; the clocks below tick on screen.
func Duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0 s"
	case d < time.Millisecond:
		return "<0.001 s"
	case d < 100*time.Millisecond:
		return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) + " s"
	case d < 10*time.Second:
		s := strconv.FormatFloat(d.Seconds(), 'f', 1, 64)
		return strings.TrimSuffix(s, ".0") + " s"
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
	case d < time.Hour:
		d = d.Round(time.Second)
		m, s := int(d/time.Minute), int(d%time.Minute/time.Second)
		if s == 0 {
			return fmt.Sprintf("%d min", m)
		}
		return fmt.Sprintf("%d min %d s", m, s)
	case d < 48*time.Hour:
		d = d.Round(time.Minute)
		h, m := int(d/time.Hour), int(d%time.Hour/time.Minute)
		if m == 0 {
			return fmt.Sprintf("%d h", h)
		}
		return fmt.Sprintf("%d h %d min", h, m)
	}
	return Thousands(int64(d/(24*time.Hour))) + " days"
}

// Per writes the period of a rate or a limit: "a minute", "an hour", "a
// second", "a day", and any other length "every 30 s", so that a limit
// reads "1,000 requests a minute", never "per 1 min".
func Per(d time.Duration) string {
	if unit, ok := wholeUnit(d); ok {
		return unit
	}
	return "every " + Duration(d)
}

// Past writes the span just gone that a count covers: "the last minute",
// "the last hour", or "the last 30 s".
func Past(d time.Duration) string {
	if unit, ok := wholeUnit(d); ok {
		return "the last " + strings.TrimPrefix(strings.TrimPrefix(unit, "an "), "a ")
	}
	return "the last " + Duration(d)
}

// wholeUnit is "a minute" for a duration of exactly one unit.
func wholeUnit(d time.Duration) (string, bool) {
	switch d {
	case time.Second:
		return "a second", true
	case time.Minute:
		return "a minute", true
	case time.Hour:
		return "an hour", true
	case 24 * time.Hour:
		return "a day", true
	}
	return "", false
}

// Countdown writes a wait that ticks down on screen, in whole seconds
// rounded up: "5s", "1m05s". The status bar's countdowns and the budget's
// sentence use it alike, so that the two never disagree.
func Countdown(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	secs := int64((d + time.Second - 1) / time.Second)
	if secs >= 60 {
		return fmt.Sprintf("%dm%02ds", secs/60, secs%60)
	}
	return fmt.Sprintf("%ds", secs)
}

// Elapsed writes a clock that ticks up, for a batch's progress and
// summary: "0.4s", "12.3s", "2m31s", "1h02m03s".
func Elapsed(d time.Duration) string {
	switch {
	case d.Round(100*time.Millisecond) < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d < time.Hour:
		d = d.Round(time.Second)
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	d = d.Round(time.Second)
	return fmt.Sprintf("%dh%02dm%02ds", int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60)
}

// Latency writes how long one request took, for the status bar: "34ms",
// "1.2s", "<1ms".
func Latency(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return "<1ms"
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

// Thousands writes n with comma separators: 1,000.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// AfterAttempts says how many attempts a failure came after, to follow
// what happened: " after 3 attempts"; "" for one, which needs no saying.
func AfterAttempts(n int) string {
	if n > 1 {
		return " after " + Plural(n, "attempt", "attempts")
	}
	return ""
}

// Plural writes a count with its noun: "1 attempt", "2 attempts",
// "1,000 PAIDs".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Thousands(int64(n)) + " " + many
}

// IsPlural reports whether an English noun phrase names more than one
// thing, by its head noun: the last word before a preposition ("the
// amounts for the advertisement": amounts; "the sponsor email": email),
// plural where it ends in an s that is not part of -ss, -us or -is. A
// clause ("whether the funds come from inside the EU") is one thing.
func IsPlural(noun string) bool {
	words := strings.Fields(strings.ToLower(noun))
	if len(words) == 0 || words[0] == "whether" {
		return false
	}
	head := words[len(words)-1]
	for i, w := range words {
		switch w {
		case "for", "of", "on", "to", "in", "from", "by", "with", "about":
			if i > 0 {
				head = words[i-1]
			}
		default:
			continue
		}
		break
	}
	head = strings.TrimRight(head, ".,;:")
	return strings.HasSuffix(head, "s") && !strings.HasSuffix(head, "ss") && !strings.HasSuffix(head, "us") &&
		!strings.HasSuffix(head, "is")
}

// Is is "is" or "are", as the noun phrase wants (see IsPlural).
func Is(noun string) string {
	if IsPlural(noun) {
		return "are"
	}
	return "is"
}

// Was is "was" or "were", as the noun phrase wants (see IsPlural).
func Was(noun string) string {
	if IsPlural(noun) {
		return "were"
	}
	return "was"
}

// Listing joins phrases as a sentence lists them, at most most of them
// and a count of the rest: "a", "a and b", "a, b and c", "a, b, c and 2
// more". most below 1 lists them all.
func Listing(phrases []string, most int) string {
	if most < 1 || most > len(phrases) {
		most = len(phrases)
	}
	shown := phrases[:most]
	if rest := len(phrases) - most; rest > 0 {
		return strings.Join(shown, ", ") + fmt.Sprintf(" and %s more", Thousands(int64(rest)))
	}
	switch len(shown) {
	case 0:
		return ""
	case 1:
		return shown[0]
	}
	return strings.Join(shown[:len(shown)-1], ", ") + " and " + shown[len(shown)-1]
}
