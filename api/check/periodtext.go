package check

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

// A notice written by people gives its period in a sentence: "01.01.2026 –
// 31.03.2026", "vom 01. Dezember 2025 bis zum 22. März 2026", "November
// 2025 bis März 2026". periodInText reads the first and the last date of
// such a text (one date alone is a period of that day), each end by advert.ReadDate, or as a month and a year
// (the month's first day for a start, its last for an end); ok is false
// where the text does not give two.
func periodInText(s string) (start, end instant, ok bool) {
	if len(s) > maxReadPeriod {
		s = s[:maxReadPeriod]
	}
	var dates []instant
	pieces := withYears(periodPieces(s))
	for _, piece := range pieces {
		if in, ok := dateIn(piece, len(dates) > 0); ok {
			dates = append(dates, in)
		}
	}
	switch {
	case len(dates) == 1 && len(pieces) == 1:
		return dates[0], dates[0], true // one day: a printed insert, an issue of a paper
	case len(dates) < 2:
		return instant{}, instant{}, false
	}
	return dates[0], dates[len(dates)-1], true
}

// maxReadPeriod bounds how much of a value is read for a period.
const maxReadPeriod = 512

// rangeMark splits a period's text at its dashes and range words, in the
// languages padview reads: "–", "-", "bis", "to", "tot", "au", "al",
// "fino al", "hasta", "do", "till", "til", "até", "and".
var rangeMark = regexp.MustCompile(`(?i)\s*[–—]\s*|\s+-\s+|\s(?:bis(?: zum)?|to|until|till|tot(?: en met)?|t/m|au|jusqu'au|al|fino al|hasta(?: el)?|do|til|até|a|og frem til|und|and|sowie|en)\s`)

// periodPieces are the parts of a period's text between its range marks,
// with what no date is in dropped ("vom", "from").
func periodPieces(s string) []string {
	return rangeMark.Split(strings.ReplaceAll(s, "\n", " "), -1)
}

var digitDate = regexp.MustCompile(`\d{1,4}[./-]\d{1,2}[./-]\d{2,4}`)

// dayMonth is a day and a month without a year at the end of a piece
// ("03.02." of "03.02.–12.02.2026"), yearOf the year of a date.
var (
	dayMonth = regexp.MustCompile(`\b(\d{1,2})\.(\d{1,2})\.?$`)
	yearOf   = regexp.MustCompile(`\d{1,2}[./-]\d{1,2}[./-](\d{4})\b`)
)

// withYears gives a day and month written without a year the year of
// the date after it: "03.02.–12.02.2026" is 3 February 2026.
func withYears(pieces []string) []string {
	for i := 0; i+1 < len(pieces); i++ {
		dm := dayMonth.FindStringSubmatch(strings.TrimSpace(pieces[i]))
		y := yearOf.FindStringSubmatch(pieces[i+1])
		if dm != nil && y != nil {
			pieces[i] = strings.TrimSpace(pieces[i])
			pieces[i] = pieces[i][:len(pieces[i])-len(dm[0])] + dm[1] + "." + dm[2] + "." + y[1]
		}
	}
	return pieces
}

// nordicDate is a day and month before a dash and the year ("1/9-2025",
// as Danish and Norwegian write it): always the day first.
var nordicDate = regexp.MustCompile(`^(\d{1,2})/(\d{1,2})-(\d{4})$`)

// dateIn finds a date in one piece of a period's text: a whole date
// ReadDate reads, a date written with digits inside it, or a month and a
// year (its first day for a start, its last for an end).
func dateIn(piece string, isEnd bool) (instant, bool) {
	piece = strings.TrimSpace(piece)
	if in, ok := instantOf(advert.StringValue(piece)); ok {
		return in, true
	}
	if m := digitDate.FindString(piece); m != "" {
		m = nordicDate.ReplaceAllString(m, "$1.$2.$3")
		if in, ok := instantOf(advert.StringValue(m)); ok {
			return in, true
		}
	}
	// from the end of the piece: a date after words ("vom 01. Dezember 2025")
	words := strings.Fields(piece)
	for i := range words {
		if in, ok := instantOf(advert.StringValue(strings.Join(words[i:], " "))); ok {
			return in, true
		}
	}
	return monthYear(words, isEnd)
}

// monthYear reads "März 2026", "November 2025": a month word and a year.
func monthYear(words []string, isEnd bool) (instant, bool) {
	for i := 0; i+1 < len(words); i++ {
		month, _, _ := vocab.DateWord(strings.Trim(words[i], ".,"))
		year, err := strconv.Atoi(strings.Trim(words[i+1], ".,"))
		if month == 0 || err != nil || year < 1900 || year > 2200 {
			continue
		}
		t := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)
		if isEnd {
			t = t.AddDate(0, 1, -1)
		}
		return instant{in: advert.Instant{Time: t}, text: t.Format(time.DateOnly) + " (" + words[i] + " " + words[i+1] + ")"}, true
	}
	return instant{}, false
}
