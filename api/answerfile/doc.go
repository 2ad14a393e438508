// Package answerfile reads answers from a file instead of the service: a
// saved answer (one JSON document), JSON Lines or a JSON array of answers,
// or a CSV export with a header row and one advertisement a row. Each
// answer becomes the same *advert.Document a lookup gives (through
// advert.NormalizeFound, with the caller's vocabulary and so a profile's
// [fields]), so that check, notice, fields, diff and the exports read it
// as they read the service's; a CSV row is a flat object with the
// header's names.
//
// A file is untrusted as an answer is: one answer (a document, a line, an
// element, a row) is capped at the size of an answer (MaxAnswerBytes),
// what is not JSON or CSV is refused with a sentence saying what was
// expected, and the PAID read from an answer's identifier member is
// cleaned. JSON Lines, arrays and CSV are streamed one answer at a time,
// so a file of any number of rows reads in the memory of one; stdin, which
// cannot be read twice, is read whole up to MaxStdinBytes.
//
// Where an answer came from travels with it as a Source: the file's name,
// its SHA-256, its size and when it was read, for the provenance of
// exports, notices and reports and for the access log's file-view line.
// A file is only ever opened for reading, wherever a symbolic link leads:
// the state directory's rules are for padview's own files.
package answerfile
