// Package vocab is padview's one vocabulary: what a member of an answer
// means. For a member name in any case style and any language it knows, it
// says which group and field of the normalized document the member fills,
// whether it is personal data and of which category, how its value is read
// (money, date, yes or no, country, web address, text), and how a name
// composes: a role prefix (opdrachtgever_, betalende_, gezaghebbende_), a
// party attribute (_mailadres, _straat_huisnummer), a currency (_euro). It
// also knows the value words services answer with in English, Dutch,
// German and French ("geen", "buiten de EU", "n.v.t.").
//
// The vocabularies are data, embedded from data/*.vocab, one file each:
// the partner interface's English names, the items of the TTPA notice
// template (Implementing Regulation (EU) 2025/1410, Annex II),
// politiekereclame.nl's statements, Meta Ad Library's ads_archive, ad
// collectors, common Dutch, German and French names, and value words. They
// are compiled on first use, never at start-up. A user's [fields] mappings
// add to them (With).
//
// A name no file lists is read by its words (compose.go): split, folded,
// looked up as written, by its Snowball stem in each of ten languages and
// as a compound, then composed into a field by the lexicon
// (data/lexicon/words.toml: the words of each concept; fields.toml: how
// concepts compose), with the evidence kept ("words: paying advertiser
// name → payer.name"). A name its words do not decide is a candidate for
// the fields they touch; one none of whose words can be read is unread.
// The lexicon is TOML because it is a plain table of lists, read by a
// well-kept library; the .vocab files keep their line forms for the exact
// names and composition rules they carry. A process reads it compiled
// (data/lexicon/index.txt, written by go generate from the TOML), since
// folding and stemming every word cost each process's first name read by
// words about 25 ms.
//
// The normalizer, typing, display, the ◆ markers, the mask, the access
// log's categories, the party table and the check all ask this package;
// nothing else decides what a member means. It is a leaf: it imports no
// other padview package.
package vocab
