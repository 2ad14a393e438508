package export

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
)

// forMachines flattens for CSV: objects are walked to their plain values
// (contribution.amount, contribution.currency), arrays stay one JSON cell.
var forMachines = flattening{wholeArrays: true}

// The fixed CSV columns; a party member of the same name is written under
// memberPrefix + name instead. colDisclosure is there only when a list was
// sent as null.
const (
	colPAID       = "paid"
	colAnswered   = "answeredPaid"
	colGroup      = "group"
	colDisclosure = "disclosure"
	memberPrefix  = "entry."
)

// writeCSV writes the sponsors and controllers of all documents as one
// table, after comment lines ("# ", see writeCSVComments) that say where
// each advertisement came from: the PAID, the group ("sponsors" or
// "controllers") and a column per member name (nested ones dotted), in the
// order first seen; an "answeredPaid" column after paid when an answer
// named another PAID than the one asked for. A list the service sent as null has one row of its
// own, with "not disclosed" in a "disclosure" column after the group, so
// that it does not read like an empty list. Every cell is cleaned of
// control characters and made safe from formula injection.
func writeCSV(w io.Writer, items []Item) error {
	if err := writeCSVComments(w, items); err != nil {
		return err
	}
	docs := make([]*advert.Document, len(items))
	for i, it := range items {
		docs[i] = it.Doc
	}
	cols := newColumns()
	cols.set(map[string]string{}, colPAID, colPAID, "")
	if anyAnswered(docs) {
		cols.set(map[string]string{}, colAnswered, colAnswered, "")
	}
	cols.set(map[string]string{}, colGroup, colGroup, "")
	if anyNullList(docs) {
		cols.set(map[string]string{}, colDisclosure, colDisclosure, "")
	}
	var rows []map[string]string
	for _, d := range docs {
		for _, g := range csvGroups() {
			rows = appendPartyRows(rows, cols, d, g)
		}
	}
	return writeTable(w, cols, rows)
}

// csvGroups are the groups the CSV writes: the parties' (sponsors and
// controllers), in the order of advert.Groups.
func csvGroups() []advert.Group {
	var out []advert.Group
	for _, g := range advert.Groups {
		if g.Parties {
			out = append(out, g.Group)
		}
	}
	return out
}

// appendPartyRows appends a row for each party of group g of d, or one
// row saying "not disclosed" for a list sent as null, and the columns
// they need.
func appendPartyRows(rows []map[string]string, cols *columns, d *advert.Document, g advert.Group) []map[string]string {
	list, state := d.Parties(g)
	if state == advert.ListNull {
		return append(rows, map[string]string{colPAID: d.PAID, colAnswered: d.AnsweredPAID, colGroup: string(g), colDisclosure: text.NotDisclosed})
	}
	for _, p := range list {
		row := map[string]string{colPAID: d.PAID, colAnswered: d.AnsweredPAID, colGroup: string(g)}
		forMachines.walk(nil, p, func(path []step, leaf advert.Value) {
			name := dotted(path)
			if name == "" {
				name = "value" // a party that is not an object
			}
			if name == colPAID || name == colAnswered || name == colGroup || name == colDisclosure {
				name = memberPrefix + name
			}
			cols.set(row, name, name, machineText(leaf))
		})
		rows = append(rows, row)
	}
	return rows
}

// writeTable writes the header row and the rows, every cell safe.
func writeTable(w io.Writer, cols *columns, rows []map[string]string) error {
	cw := csv.NewWriter(w)
	header := make([]string, len(cols.order))
	for i, c := range cols.order {
		header[i] = safeCell(cols.title[c])
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	record := make([]string, len(cols.order))
	for _, row := range rows {
		for i, c := range cols.order {
			record[i] = safeCell(row[c])
		}
		if err := cw.Write(record); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvComment starts a comment line: a CSV reader told to skip lines
// starting with "#" (encoding/csv's Reader.Comment, pandas' comment="#")
// reads the table alone.
const csvComment = "# "

// writeCSVComments writes the comment lines before the header row: what
// the file is, then for each advertisement its PAID, its provenance and,
// when it was masked, that it was. Every value is cleaned, so that none
// can break out of its line.
func writeCSVComments(w io.Writer, items []Item) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(csvComment + "padview export: sponsors and controllers; skip the lines starting with # to read the table\n")
	for _, it := range items {
		fmt.Fprintf(bw, "%sAdvertisement: %s\n", csvComment, text.CleanText(it.Doc.PAID))
		if it.Doc.Masked {
			bw.WriteString(csvComment + "MASKED: " + maskedWords + "\n")
		}
		if w := it.Doc.AnsweredFor(); w != "" {
			bw.WriteString(csvComment + "Warning: " + text.CleanText(w) + "\n")
		}
		for _, l := range it.From.Lines() {
			bw.WriteString(csvComment + l + "\n")
		}
	}
	return bw.Flush()
}

// anyAnswered reports whether an answer named another PAID than the one
// asked for: only then has the table an answeredPaid column, after paid.
func anyAnswered(docs []*advert.Document) bool {
	for _, d := range docs {
		if d.AnsweredPAID != "" {
			return true
		}
	}
	return false
}

// anyNullList reports whether a document sent a party list as null.
func anyNullList(docs []*advert.Document) bool {
	for _, d := range docs {
		for _, g := range advert.Groups {
			if _, state := d.Parties(g.Group); g.Parties && state == advert.ListNull {
				return true
			}
		}
	}
	return false
}

// machineText is a value as data: strings as they are, numbers as written,
// true/false, null as an empty cell, arrays and empty objects as JSON.
func machineText(v advert.Value) string {
	switch v.Kind {
	case advert.String, advert.Number:
		return v.Str
	case advert.Bool:
		return strconv.FormatBool(v.Bool)
	case advert.Null, advert.Absent:
		return ""
	}
	return string(v.AppendJSON(nil))
}

// safeCell cleans a cell of control characters (newlines become ⏎) and
// defuses formula injection: a cell starting with = + - or @ (after any
// spaces, which cleaning makes of tabs) would be run as a formula by a
// spreadsheet, so it gets a leading apostrophe.
func safeCell(s string) string {
	s = text.CleanText(s)
	if t := strings.TrimLeft(s, " "); t != "" && strings.ContainsRune("=+-@", rune(t[0])) {
		return "'" + s
	}
	return s
}
