package theme

import "strings"

// GaugeCells is a gauge's width in cells, its ends left out.
const GaugeCells = 8

// eighths are the left-aligned blocks from one to seven eighths of a cell.
var eighths = [...]string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// Gauge draws share (0 to 1) of cells as block characters, to an eighth of
// a cell: the filled part in full blocks and one partial block, the rest
// in light shade, so that the empty part shows without colour too:
// "██████▍░". filled and empty style the two parts (each may be nil).
// A share above 0 shows at least an eighth, one below 1 leaves at least
// an eighth empty, so that "nearly" never reads as "none" or "all".
func Gauge(share float64, cells int, filled, empty func(...string) string) string {
	if cells <= 0 {
		return ""
	}
	share = min(max(share, 0), 1)
	n := int(share*float64(cells*8) + 0.5)
	switch {
	case share > 0 && n == 0:
		n = 1
	case share < 1 && n == cells*8:
		n--
	}
	full, part := n/8, n%8
	on := strings.Repeat("█", full) + eighths[part]
	rest := cells - full
	if part > 0 {
		rest--
	}
	off := strings.Repeat("░", rest)
	if filled != nil && on != "" {
		on = filled(on)
	}
	if empty != nil && off != "" {
		off = empty(off)
	}
	return on + off
}
