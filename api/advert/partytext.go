package advert

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/padview/padview/api/vocab"
)

// PartyTextKey is the member of a party read from a text block that keeps
// the block as sent: nothing of it is lost, a line padview cannot read
// included.
const PartyTextKey = "text"

// The bounds of a text read as a party's block: longer text is no
// block of contact lines, and stays the party's name as sent.
const (
	maxPartyText  = 4096
	maxPartyLines = 60
)

// PartyPart is one part of a party's text block: the party field it fills
// and where its value stands in the text.
type PartyPart struct {
	// Field is the party field's name as the document writes it ("name",
	// "streetAddress", "postalCode", "city", "email", "phone", "website",
	// "contactPerson", or any party field a label names); "" for a piece
	// padview could not read, kept in the text.
	Field string
	// How says what read it ("its first line", "the label \"E-Mail\"").
	How        string
	Start, End int // the value is the text's [Start:End]
}

// ReadPartyText reads a party sent as one text block, read with the
// vocabulary vc (nil: the built-in one): its name on the first line (or
// the first comma-separated part of it, after a line that only leads in:
// "… finanziert durch:"), then, line by line or part by part, "Label:
// value" by the label's meaning as a party's member name ("E-Mail",
// "Telefon", "KvK"), and what has no label by its shape: an email, a
// phone number, a web address, a postal code and town (data/parties.words
// lists the codes of the EU's countries), a street and house number, the
// line before a postal code (a street without a number), and a
// representative ("vertreten durch …", "Vorsitzende: …", "Petra Lindner –
// Vorsitzende"), whose name is the contact person. ok is false where it
// reads nothing but a name: a single line, or lines of prose, stay the
// party's name as sent. The parts are in the text's order, pieces it could
// not read among them with an empty Field.
func ReadPartyText(vc *vocab.Vocabulary, s string) (parts []PartyPart, ok bool) {
	if len(s) > maxPartyText || !strings.ContainsAny(s, "\n\r,;") {
		return nil, false
	}
	if vc == nil {
		vc = vocab.Builtin()
	}
	lines := blockLines(s)
	if len(lines) == 0 || len(lines) > maxPartyLines {
		return nil, false
	}
	r := blockReader{vc: vc, s: s, w: loadPartyWords()}
	first := 0
	for first < len(lines)-1 && first < 2 && isLeadIn(s[lines[first].start:lines[first].end]) {
		r.add(piece{span: lines[first]})
		first++
	}
	r.leadIn = first > 0
	for i := first; i < len(lines); i++ {
		r.line(lines[i], i == first)
	}
	r.streetsBeforePostcodes()
	read := false
	for _, p := range r.pieces {
		for _, pt := range p.parts {
			read = read || pt.Field != "" && pt.Field != "name"
		}
		if len(p.parts) == 0 {
			p.parts = []PartyPart{{Start: p.span.start, End: p.span.end}}
		}
		parts = append(parts, p.parts...)
	}
	if !read {
		return nil, false
	}
	return parts, true
}

// partyTextMembers reads a party sent as a string (see ReadPartyText)
// into its members, each field once (the first value; the rest stay in
// the text), and the text as sent under PartyTextKey; hows says, member by
// member, what read it. ok is false where the string is the party's name.
func partyTextMembers(vc *vocab.Vocabulary, v Value) (ms []Member, hows []string, ok bool) {
	if v.Kind != String {
		return nil, nil, false
	}
	parts, ok := ReadPartyText(vc, v.Str)
	if !ok {
		return nil, nil, false
	}
	for _, p := range parts {
		if p.Field == "" || p.Field == PartyTextKey || hasKey(ms, p.Field) {
			continue
		}
		ms = append(ms, Member{Key: p.Field, Value: StringValue(v.Str[p.Start:p.End])})
		hows = append(hows, p.How)
	}
	ms = append(ms, Member{Key: PartyTextKey, Value: v})
	return ms, append(hows, "the block as sent"), true
}

// partyOf is a party sent as a string, as the document holds it: the
// members its text block holds, or its name.
func partyOf(vc *vocab.Vocabulary, v Value) Value {
	if ms, _, ok := partyTextMembers(vc, v); ok {
		return NewObject(ms...)
	}
	return NewObject(Member{Key: "name", Value: v})
}

// span is a stretch of the block's text.
type span struct{ start, end int }

// piece is a line, or a comma-separated part of one, and what it was read
// as (no parts: not read).
type piece struct {
	span
	parts []PartyPart
	name  bool // the party's name
}

type blockReader struct {
	vc     *vocab.Vocabulary
	s      string
	w      *partyWords
	pieces []piece
	leadIn bool // the name's line comes after one that leads in
}

func (r *blockReader) add(p piece) { r.pieces = append(r.pieces, p) }

func (r *blockReader) text(sp span) string { return r.s[sp.start:sp.end] }

func (r *blockReader) part(field, how string, sp span) PartyPart {
	return PartyPart{Field: field, How: how, Start: sp.start, End: sp.end}
}

// blockLines are the block's lines that hold anything, trimmed of spaces
// and of a list's marks ("- ", "• ").
func blockLines(s string) []span {
	var out []span
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '\n' && s[i] != '\r' {
			continue
		}
		sp := trimSpan(s, span{start, i})
		for _, mark := range []string{"- ", "• ", "* ", "· ", "– ", "— "} {
			if strings.HasPrefix(s[sp.start:sp.end], mark) {
				sp = trimSpan(s, span{sp.start + len(mark), sp.end})
				break
			}
		}
		if t := s[sp.start:sp.end]; t != "" && t != "-" && t != "•" && t != "–" {
			out = append(out, sp)
		}
		start = i + 1
	}
	return out
}

// trimSpan trims spaces, and the commas and semicolons that end a piece.
func trimSpan(s string, sp span) span {
	for sp.start < sp.end {
		r, size := utf8.DecodeRuneInString(s[sp.start:])
		if !unicode.IsSpace(r) {
			break
		}
		sp.start += size
	}
	for sp.end > sp.start {
		r, size := utf8.DecodeLastRuneInString(s[sp.start:sp.end])
		if !unicode.IsSpace(r) && r != ',' && r != ';' {
			break
		}
		sp.end -= size
	}
	return sp
}

// isLeadIn reports whether a line only leads in to what follows ("Die
// Kampagne wird finanziert durch:", "Sponsor:").
func isLeadIn(line string) bool { return strings.HasSuffix(line, ":") }

// line reads one line of the block; name says it is the name's.
func (r *blockReader) line(sp span, name bool) {
	if parts := r.classify(sp, name); parts != nil {
		r.add(piece{span: sp, parts: parts})
		return
	}
	if subs := splitSpan(r.s, sp); len(subs) > 1 {
		read := make([][]PartyPart, len(subs))
		firstRead := -1
		for i, sub := range subs {
			if read[i] = r.classify(sub, name && i == 0); read[i] != nil && firstRead < 0 {
				firstRead = i
			}
		}
		if firstRead >= 0 {
			i := 0
			if name && firstRead > 0 { // the parts before the first read are the name ("Müller, Anna")
				r.add(piece{span: span{subs[0].start, subs[firstRead-1].end}, name: true,
					parts: []PartyPart{r.part("name", "the first part of its first line", span{subs[0].start, subs[firstRead-1].end})}})
				i = firstRead
			}
			for ; i < len(subs); i++ {
				r.add(piece{span: subs[i], parts: read[i]})
			}
			return
		}
	}
	if name {
		how := "its first line"
		if r.leadIn {
			how = "its first line after the words that lead in"
		}
		r.add(piece{span: sp, name: true, parts: []PartyPart{r.part("name", how, sp)}})
		return
	}
	r.add(piece{span: sp})
}

// splitSpan splits a line at its commas and semicolons, into the parts
// that hold anything.
func splitSpan(s string, sp span) []span {
	var out []span
	start := sp.start
	for i := sp.start; i <= sp.end; i++ {
		if i < sp.end && s[i] != ',' && s[i] != ';' {
			continue
		}
		if t := trimSpan(s, span{start, i}); t.end > t.start {
			out = append(out, t)
		}
		start = i + 1
	}
	return out
}

// classify reads a piece: by its label, else by its shape. The name's
// piece is read only where it plainly is something else (a label, an
// email, a web address, a phone number): a party's name may hold any
// word.
func (r *blockReader) classify(sp span, name bool) []PartyPart {
	if parts := r.labelled(sp); parts != nil {
		return parts
	}
	t := r.text(sp)
	switch {
	case isEmailShape(t):
		return []PartyPart{r.part("email", "an email address by its shape", sp)}
	case isWebShape(t):
		return []PartyPart{r.part("website", "a web address by its shape", sp)}
	case isPhoneShape(t):
		return []PartyPart{r.part("phone", "a phone number by its shape", sp)}
	case name:
		return nil
	}
	if parts := r.postcode(sp); parts != nil {
		return parts
	}
	if r.isStreet(t) {
		return []PartyPart{r.part("streetAddress", "a street and house number by their shape", sp)}
	}
	if p, ok := r.representative(sp); ok {
		return []PartyPart{r.part("contactPerson", "a representative's role", p)}
	}
	return r.unlabelledField(sp)
}

// labelled reads "Label: value" by what the label means as a party's
// member name; a label padview cannot read leaves the value to be read by
// its shape. It is nil for a piece without a label, or whose value it
// cannot read.
func (r *blockReader) labelled(sp span) []PartyPart {
	t := r.text(sp)
	colon := strings.IndexByte(t, ':')
	if colon <= 0 || colon > 40 || strings.HasPrefix(t[colon+1:], "//") {
		return nil
	}
	label := strings.TrimSpace(t[:colon])
	val := trimSpan(r.s, span{sp.start + colon + 1, sp.end})
	if !isLabel(label) || val.end <= val.start {
		return nil
	}
	how := "the label " + quoteLabel(label)
	mean := r.vc.Lookup(vocab.Sponsors, label)
	switch {
	case mean.Kind == vocab.FieldName && mean.Field != nil && mean.Field.Group == "party":
		if mean.Field.Name == "contactPerson" {
			if p, ok := r.personIn(val); ok {
				val = p
			}
		}
		return []PartyPart{r.part(mean.Field.Name, how, val)}
	case mean.Kind == vocab.GroupName && vocab.IsParty(mean.Group):
		return []PartyPart{r.part("name", how, val)}
	case r.w.role.contains(folds(nameTokens(label))):
		if p, ok := r.personIn(val); ok {
			return []PartyPart{r.part("contactPerson", how, p)}
		}
		return []PartyPart{r.part("contactPerson", how, val)}
	}
	return r.classify(val, false)
}

// isLabel reports whether the text before a colon is a label: one to
// five words of letters ("E-Mail", "Tel.", "Name und Anschrift").
func isLabel(s string) bool {
	if s == "" || len(strings.Fields(s)) > 5 {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsMark(r) && !strings.ContainsRune(" .-&/()’'", r) {
			return false
		}
	}
	return true
}

// quoteLabel writes a label for the "by" of `padview fields`.
func quoteLabel(s string) string { return `"` + strings.ReplaceAll(s, `"`, `'`) + `"` }

// unlabelledField reads "Tel 0123 456789", "KvK 40530315": a first word
// the vocabulary reads as a party's email, phone, web address or number,
// before a value of its shape.
func (r *blockReader) unlabelledField(sp span) []PartyPart {
	t := r.text(sp)
	i := strings.IndexFunc(t, unicode.IsSpace)
	if i <= 0 {
		return nil
	}
	mean := r.vc.Lookup(vocab.Sponsors, t[:i])
	if mean.Kind != vocab.FieldName || mean.Field == nil || mean.Field.Group != "party" {
		return nil
	}
	val := trimSpan(r.s, span{sp.start + i, sp.end})
	v := r.text(val)
	fits := false
	switch mean.Field.Name {
	case "email":
		fits = isEmailShape(v)
	case "phone":
		fits = isPhoneShape(v)
	case "website":
		fits = isWebShape(v)
	case "registrationNumber", "vatNumber", "electoralRegistration":
		fits = strings.ContainsAny(v, "0123456789")
	}
	if !fits {
		return nil
	}
	return []PartyPart{r.part(mean.Field.Name, "the word "+quoteLabel(t[:i]), val)}
}

// postcode reads a postal code and town ("84453 Mühldorf a. Inn", "1234 AB
// Amsterdam", "Dublin 2, D02 X285") into two parts.
func (r *blockReader) postcode(sp span) []PartyPart {
	t := r.text(sp)
	if !hasDigit(t) { // every code has one: most lines cost no regular expression
		return nil
	}
	const how = "a postal code and town by their shape"
	if m := r.w.codeTown.FindStringSubmatchIndex(t); m != nil {
		town := trimSpan(r.s, span{sp.start + m[3], sp.end})
		if isTown(r.text(town)) {
			return []PartyPart{r.part("postalCode", how, span{sp.start + m[2], sp.start + m[3]}), r.part("city", how, town)}
		}
	}
	words := tokensBy(t, unicode.IsSpace)
	for n := 1; n <= 2 && n < len(words); n++ { // the code's one or two words, after the town
		code := span{sp.start + words[len(words)-n].start, sp.end}
		if !r.w.townCode.MatchString(r.text(code)) {
			continue
		}
		town := trimSpan(r.s, span{sp.start, code.start})
		if isTown(r.text(town)) {
			return []PartyPart{r.part("city", how, town), r.part("postalCode", how, code)}
		}
	}
	return nil
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// isTown reports whether a text is a town's name: up to six words of
// letters apart by spaces, dots, hyphens or apostrophes, a district's
// number at the end ("Paris 8", "Dublin 2").
func isTown(s string) bool {
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 6 {
		return false
	}
	if last := words[len(words)-1]; len(words) > 1 && len(last) <= 2 && !strings.ContainsFunc(last, func(r rune) bool { return r < '0' || r > '9' }) {
		words = words[:len(words)-1]
	}
	first, _ := utf8.DecodeRuneInString(words[0])
	if !unicode.IsLetter(first) {
		return false
	}
	for _, w := range words {
		for _, r := range w {
			if !unicode.IsLetter(r) && !unicode.IsMark(r) && !strings.ContainsRune(".'’()/-", r) {
				return false
			}
		}
	}
	return true
}

// isStreet reports whether a piece is a street and house number
// ("Luisenstraße 39", "Heinrich-Böll-Straße 17 A", "12 rue de la Paix",
// "ul. Długa 5") or a post-office box ("Postbus 123"): a word of the
// street-end or street-start lists, and a number.
func (r *blockReader) isStreet(t string) bool {
	if !hasDigit(t) {
		return false
	}
	words := strings.Fields(t)
	if len(words) < 2 || len(words) > 8 {
		return false
	}
	var name []string
	switch n := len(words); {
	case n >= 3 && isHouseNumber(words[n-2]) && len([]rune(words[n-1])) == 1 && unicode.IsLetter([]rune(words[n-1])[0]):
		name = words[:n-2] // "17 A"
	case isHouseNumber(words[n-1]):
		name = words[:n-1]
	case isHouseNumber(strings.TrimSuffix(words[0], ",")):
		name = words[1:]
	default:
		return false
	}
	if len(name) == 0 || len(name) > 6 {
		return false
	}
	if first, _ := utf8.DecodeRuneInString(name[0]); !unicode.IsLetter(first) {
		return false
	}
	f := folds(nameTokens(strings.Join(name, " ")))
	if r.w.streetStart.at(f, 0) > 0 || r.w.poBox.at(f, 0) > 0 {
		return true
	}
	for i := range f {
		if r.w.streetEnd.at(f, i) > 0 {
			return true
		}
	}
	return false
}

// isHouseNumber reads "39", "1b", "12-14", "5a/7", "17132" (a box).
func isHouseNumber(w string) bool {
	digits, i := 0, 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
		digits++
	}
	if digits == 0 || digits > 6 {
		return false
	}
	rest := w[i:]
	if r, size := utf8.DecodeRuneInString(rest); size > 0 && unicode.IsLetter(r) {
		rest = rest[size:]
	}
	if rest == "" {
		return true
	}
	if rest[0] == '-' || rest[0] == '/' {
		return isHouseNumber(rest[1:])
	}
	return false
}

// streetsBeforePostcodes reads the piece before a postal code and town as
// the street where nothing else read it ("Amselstraße" above "84453
// Mühldorf a. Inn", "Heuwinkel 6" above "94032 Passau").
func (r *blockReader) streetsBeforePostcodes() {
	for i := 1; i < len(r.pieces); i++ {
		p, prev := r.pieces[i], &r.pieces[i-1]
		if len(p.parts) == 0 || !hasField(p.parts, "postalCode") || len(prev.parts) > 0 || prev.name {
			continue
		}
		t := r.text(prev.span)
		first, _ := utf8.DecodeRuneInString(t)
		if n := len(strings.Fields(t)); n == 0 || n > 6 || strings.ContainsAny(t, "@:") || !unicode.IsLetter(first) && !unicode.IsDigit(first) {
			continue
		}
		prev.parts = []PartyPart{r.part("streetAddress", "the line before the postal code", prev.span)}
	}
}

func hasField(parts []PartyPart, field string) bool {
	for _, p := range parts {
		if p.Field == field {
			return true
		}
	}
	return false
}

// representative reads a line naming the person who represents the party
// by a role ("vertreten durch den Kreisvorsitzenden Stefan Brenner",
// "Helmut Weiß (Vorsitzender)", "Formand Mads Kjærgaard"): the span of the
// person's name.
func (r *blockReader) representative(sp span) (span, bool) {
	t := r.text(sp)
	if len(strings.Fields(t)) > 14 || !r.w.role.contains(folds(nameTokens(t))) {
		return span{}, false
	}
	return r.personIn(sp)
}

// personIn finds a person's name in a piece: in the first of its stretches
// between separators (dashes, commas, brackets) that, without the roles
// and the articles before it, reads as a name: one to five capitalised
// words, no digits, no organisation's word.
func (r *blockReader) personIn(sp span) (span, bool) {
	t := r.text(sp)
	for _, seg := range segments(t) {
		toks := tokensBy(t[seg.start:seg.end], unicode.IsSpace)
		f := folds(toks)
		i, j := 0, len(toks)
		for i < j {
			if n := r.w.role.at(f[:j], i); n > 0 {
				i += n
			} else if r.w.article.whole[f[i]] {
				i++
			} else {
				break
			}
		}
		for j > i && r.roleEndsAt(f[i:j]) {
			j--
		}
		if i >= j || j-i > 5 {
			continue
		}
		name := span{seg.start + toks[i].start, seg.start + toks[j-1].end}
		if isPersonish(t[name.start:name.end]) {
			return span{sp.start + name.start, sp.start + name.end}, true
		}
	}
	return span{}, false
}

// roleEndsAt reports whether the last word of f is a role ("Petra Lindner
// Vorsitzende").
func (r *blockReader) roleEndsAt(f []string) bool {
	return len(f) > 0 && r.w.role.at(f, len(f)-1) > 0
}

// segments splits a piece at its separators: dashes between spaces,
// commas, semicolons, colons and brackets.
func segments(t string) []span {
	var out []span
	start := 0
	cut := func(i, next int) {
		if strings.TrimSpace(t[start:i]) != "" {
			out = append(out, span{start, i})
		}
		start = next
	}
	for i, r := range t {
		switch {
		case strings.ContainsRune("–—,;:()[]|", r):
			cut(i, i+utf8.RuneLen(r))
		case r == '-' && i > 0 && t[i-1] == ' ' && i+1 < len(t) && t[i+1] == ' ':
			cut(i, i+1)
		}
	}
	cut(len(t), len(t))
	return out
}

// isPersonish reports whether words may be a person's name beside a
// role: capitalised, no digits, no organisation's word.
func isPersonish(s string) bool {
	first, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsUpper(first) || strings.ContainsAny(s, "0123456789@") || IsOrganisationName(s) {
		return false
	}
	return true
}

// isEmailShape reports whether a piece is an email address and nothing
// else ("info@cdu-swp.de", "mailto:…").
func isEmailShape(t string) bool {
	t = strings.TrimPrefix(t, "mailto:")
	at := strings.LastIndexByte(t, '@')
	if at <= 0 || strings.ContainsFunc(t, unicode.IsSpace) || strings.Count(t, "@") != 1 {
		return false
	}
	domain := t[at+1:]
	dot := strings.LastIndexByte(domain, '.')
	return dot > 0 && isTLD(domain[dot+1:])
}

// isTLD reports whether a web address's last label is a top-level
// domain's: two letters or more.
func isTLD(s string) bool {
	n := 0
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
		n++
	}
	return n >= 2
}

// isWebShape reports whether a piece is a web address and nothing else
// ("https://…", "www.example.org", "sf.dk/partiforeninger/sf-horsens/").
func isWebShape(t string) bool {
	if strings.ContainsFunc(t, unicode.IsSpace) || strings.Contains(t, "@") {
		return false
	}
	lower := strings.ToLower(t)
	for _, scheme := range []string{"https://", "http://"} {
		if strings.HasPrefix(lower, scheme) {
			t = t[len(scheme):]
			break
		}
	}
	host := t
	if i := strings.IndexAny(t, "/?#"); i >= 0 {
		host = t[:i]
	}
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || strings.ContainsFunc(l, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' }) {
			return false
		}
	}
	return isTLD(labels[len(labels)-1])
}

// isPhoneShape reports whether a piece is a phone number and nothing else:
// digits, spaces, + ( ) / . -, seven to fifteen digits (six after a + or
// a 0), and no date.
func isPhoneShape(t string) bool {
	digits := 0
	for _, r := range t {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case !strings.ContainsRune(" +()/.-", r):
			return false
		}
	}
	if digits > 15 || digits < 6 || digits < 7 && t[0] != '+' && t[0] != '0' && t[0] != '(' {
		return false
	}
	_, date := ReadDate(StringValue(t))
	return !date
}
