// Package advert is the advertisement document: the ordered JSON Value tree a
// response is parsed into, and the normalizer that places every member of
// whatever shape the service sent into the groups of the partner interface,
// losing nothing, and the typed fields (money, dates, yes or no, countries)
// read from it. A party sent as one text block (a sponsor's notice: name,
// street, postal code and town, email on lines) is read into the party's
// members (partytext.go). Groups is the one list of the document's groups.
// What a member means is the vocabulary's to say: advert imports api/vocab
// and no other padview package, and knows neither HTTP nor the terminal.
package advert
