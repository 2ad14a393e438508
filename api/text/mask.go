package text

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/padview/padview/api/advert"
)

// Masked is what a hidden value reads as.
const Masked = "•••"

// The categories of personal data, as the access log records them and the
// mask treats them.
const (
	CategoryEmail   = "email"
	CategoryPhone   = "phone"
	CategoryAddress = "address"
	CategoryOther   = "other" // date of birth, passport or tax number, IBAN and the like
)

// Categories lists the categories in the order they are reported.
var Categories = []string{CategoryEmail, CategoryPhone, CategoryAddress, CategoryOther}

// PersonalCategory names the kind of personal data a member holds: by its
// name (IsPersonalField decides what is personal), or, under any name, by a
// value shaped like an email address. It returns "" for anything else.
func PersonalCategory(key, value string) string {
	if c := nameCategory(key); c != "" {
		return c
	}
	if looksLikeEmail(value) {
		return CategoryEmail
	}
	return ""
}

// nameCategory is the category a member's name alone gives its value; ""
// for a name that is not personal.
func nameCategory(key string) string {
	if !IsPersonalField(key) {
		return ""
	}
	f := advert.FoldKey(key)
	switch {
	case strings.Contains(f, "email"):
		return CategoryEmail
	case strings.Contains(f, "phone"), strings.Contains(f, "mobile"), strings.Contains(f, "fax"):
		return CategoryPhone
	case strings.Contains(f, "street"), strings.Contains(f, "address"), strings.Contains(f, "post"),
		strings.Contains(f, "zip"):
		return CategoryAddress
	}
	return CategoryOther
}

// looksLikeEmail is a loose shape test (something@something.tld, no spaces):
// it decides what the mask hides, so it errs towards hiding.
func looksLikeEmail(s string) bool {
	s = strings.TrimSpace(s)
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || strings.ContainsAny(s, " \t") {
		return false
	}
	domain := s[at+1:]
	dot := strings.LastIndexByte(domain, '.')
	return dot > 0 && dot < len(domain)-1
}

// MaskEmail keeps the first character and the domain: "j•••@example.org".
// Anything that is not shaped like an address is hidden whole.
func MaskEmail(s string) string {
	s = strings.TrimSpace(s)
	if !looksLikeEmail(s) {
		return Masked
	}
	at := strings.LastIndexByte(s, '@')
	first, _ := utf8.DecodeRuneInString(s)
	return string(first) + Masked + s[at:]
}

// MaskPhone keeps the country code and the last two digits, and hides how
// many digits lie between: "+49 ••• •• 99". Short numbers are hidden whole.
func MaskPhone(s string) string {
	s = strings.TrimSpace(s)
	var digits []rune
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits = append(digits, r)
		}
	}
	if len(digits) < 6 {
		return Masked
	}
	last := string(digits[len(digits)-2:])
	prefix := ""
	if rest, ok := strings.CutPrefix(s, "+"); ok {
		cc := strings.FieldsFunc(rest, func(r rune) bool { return !unicode.IsDigit(r) })
		// A country code is 1 to 3 digits; without a separator after it its
		// length is unknown, so only the plus is kept.
		if len(cc) > 1 && len(cc[0]) <= 3 && strings.HasPrefix(rest, cc[0]) {
			prefix = "+" + cc[0] + " "
		} else {
			prefix = "+"
		}
	}
	return prefix + Masked + " •• " + last
}

// MaskValue hides a value of personal data for screen sharing: emails and
// phone numbers keep a recognizable edge, addresses and everything else
// personal are hidden whole. Values of other members come back with only
// the emails and phone numbers inside them masked (see MaskText).
func MaskValue(key, value string) string {
	c := PersonalCategory(key, value)
	if c == "" {
		return MaskText(value)
	}
	return maskAs(c, value)
}

// maskAs hides a value of personal data of category c.
func maskAs(c, value string) string {
	switch c {
	case CategoryEmail:
		return MaskEmail(value)
	case CategoryPhone:
		return MaskPhone(value)
	}
	return Masked
}

// MaskDocument returns a copy of d with every value of personal data
// masked (see MaskValue), in every group, sponsor and controller; a value
// inside a personal member (an "address" object) is masked whatever its own
// name, and an email or phone number inside any other string (see
// MaskText), warnings included. null stays null: "not disclosed" reveals
// nothing. The copy has no Raw bytes, which could not be masked. d itself
// is not changed.
func MaskDocument(d *advert.Document) *advert.Document {
	if d == nil {
		return nil
	}
	mk := masker{}
	m := *d
	m.Raw = nil
	m.Advertiser = mk.at("", "", m.Advertiser)
	m.Campaign = mk.at("", "", m.Campaign)
	m.BasicInformation = mk.at("", "", m.BasicInformation)
	m.ComplianceAndFunding = mk.at("", "", m.ComplianceAndFunding)
	m.Targeting = mk.at("", "", m.Targeting)
	m.LegalAndMetadata = mk.at("", "", m.LegalAndMetadata)
	m.Other = mk.at("", "", m.Other)
	m.Sponsors = mk.list(d.Sponsors)
	m.Controllers = mk.list(d.Controllers)
	m.Masked = true
	// Warnings quote values ("kept the first value …"): see MaskWarning.
	if d.Warnings != nil {
		m.Warnings = make([]string, len(d.Warnings))
		for i, w := range d.Warnings {
			m.Warnings[i] = MaskWarning(w)
		}
	}
	return &m
}

// MaskTree masks any JSON value as MaskDocument masks a group: for JSON
// that is not an advertisement, such as an error body.
func MaskTree(v advert.Value) advert.Value { return masker{}.at("", "", v) }

// masker masks one document, working out what each member name means
// once: a document of 50,000 sponsors repeats a dozen names.
type masker map[string]string // member name → nameCategory

func (mk masker) category(key string) string {
	c, ok := mk[key]
	if !ok {
		c = nameCategory(key)
		mk[key] = c
	}
	return c
}

func (mk masker) list(items []advert.Value) []advert.Value {
	if items == nil {
		return nil
	}
	out := make([]advert.Value, len(items))
	for i, it := range items {
		out[i] = mk.at("", "", it)
	}
	return out
}

// at masks v, found under key; personal is the name of the nearest
// personal member above it, if any, so that its contents are hidden too.
func (mk masker) at(key, personal string, v advert.Value) advert.Value {
	if mk.category(key) != "" {
		personal = key
	}
	switch v.Kind {
	case advert.Object:
		out := make([]advert.Member, v.Len())
		for i, m := range v.Members() {
			out[i] = advert.Member{Key: m.Key, Value: mk.at(m.Key, personal, m.Value)}
		}
		return advert.NewObject(out...)
	case advert.Array:
		out := make([]advert.Value, v.Len())
		for i, it := range v.Items() {
			out[i] = mk.at(key, personal, it)
		}
		return advert.NewArray(out...)
	case advert.String, advert.Number:
		c := mk.category(scalarName(key, personal))
		if c == "" && looksLikeEmail(v.Str) {
			c = CategoryEmail
		}
		if c != "" {
			return advert.StringValue(maskAs(c, v.Str))
		}
		if v.Kind == advert.String {
			if t := MaskText(v.Str); t != v.Str {
				return advert.StringValue(t)
			}
		}
	}
	return v
}

// MaskValueAt masks v as MaskDocument would mask it at the end of path:
// the member names leading to it from its group or party (array indexes
// left out), so that a value inside a personal member ("address" ›
// "line1") is hidden too. It does not change v.
func MaskValueAt(path []string, v advert.Value) advert.Value {
	personal, key := "", ""
	for i, k := range path {
		if i == len(path)-1 {
			key = k
			break
		}
		personal = personalName(k, personal)
	}
	return masker{}.at(key, personal, v)
}

// personalName is the name a value is judged by: its own when that is
// personal, else the nearest personal member's above it.
func personalName(key, personal string) string {
	if IsPersonalField(key) {
		return key
	}
	return personal
}

func scalarName(key, personal string) string {
	if personal != "" {
		return personal
	}
	return key
}

// PersonalCategories lists the categories of personal data d holds (a
// value, not null or empty), in the order of Categories: what showing d
// shows. The access log records these, never the values.
func PersonalCategories(d *advert.Document) []string {
	if d == nil {
		return nil
	}
	seen := map[string]bool{}
	for _, g := range advert.Groups {
		if g.Parties {
			items, _ := d.Parties(g.Group)
			for _, it := range items {
				collectCategories("", "", it, seen)
			}
			continue
		}
		collectCategories("", "", d.Group(g.Group), seen)
	}
	out := []string{}
	for _, c := range Categories {
		if seen[c] {
			out = append(out, c)
		}
	}
	return out
}

func collectCategories(key, personal string, v advert.Value, seen map[string]bool) {
	personal = personalName(key, personal)
	switch v.Kind {
	case advert.Object:
		for _, m := range v.Members() {
			collectCategories(m.Key, personal, m.Value, seen)
		}
	case advert.Array:
		for _, it := range v.Items() {
			collectCategories(key, personal, it, seen)
		}
	case advert.String, advert.Number:
		if strings.TrimSpace(v.Str) != "" {
			if c := PersonalCategory(scalarName(key, personal), v.Str); c != "" {
				seen[c] = true
			} else if v.Kind == advert.String {
				for _, c := range TextCategories(v.Str) {
					seen[c] = true
				}
			}
		}
	}
}
