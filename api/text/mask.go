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
	if IsPersonalField(key) {
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
	if looksLikeEmail(value) {
		return CategoryEmail
	}
	return ""
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
// personal are hidden whole. Values of other members come back unchanged.
func MaskValue(key, value string) string {
	switch PersonalCategory(key, value) {
	case "":
		return value
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
// name. null stays null: "not disclosed" reveals nothing. The copy has no
// Raw bytes, which could not be masked. d itself is not changed.
func MaskDocument(d *advert.Document) *advert.Document {
	if d == nil {
		return nil
	}
	m := *d
	m.Raw = nil
	m.Advertiser = maskAt("", "", m.Advertiser)
	m.Campaign = maskAt("", "", m.Campaign)
	m.BasicInformation = maskAt("", "", m.BasicInformation)
	m.ComplianceAndFunding = maskAt("", "", m.ComplianceAndFunding)
	m.Targeting = maskAt("", "", m.Targeting)
	m.LegalAndMetadata = maskAt("", "", m.LegalAndMetadata)
	m.Other = maskAt("", "", m.Other)
	m.Sponsors = maskList(d.Sponsors)
	m.Controllers = maskList(d.Controllers)
	return &m
}

func maskList(items []advert.Value) []advert.Value {
	if items == nil {
		return nil
	}
	out := make([]advert.Value, len(items))
	for i, it := range items {
		out[i] = maskAt("", "", it)
	}
	return out
}

// maskAt masks v, found under key; personal is the name of the nearest
// personal member above it, if any, so that its contents are hidden too.
func maskAt(key, personal string, v advert.Value) advert.Value {
	if IsPersonalField(key) {
		personal = key
	}
	switch v.Kind {
	case advert.Object:
		out := advert.Value{Kind: advert.Object, Members: make([]advert.Member, len(v.Members))}
		for i, m := range v.Members {
			out.Members[i] = advert.Member{Key: m.Key, Value: maskAt(m.Key, personal, m.Value)}
		}
		return out
	case advert.Array:
		out := advert.Value{Kind: advert.Array, Items: make([]advert.Value, len(v.Items))}
		for i, it := range v.Items {
			out.Items[i] = maskAt(key, personal, it)
		}
		return out
	case advert.String, advert.Number:
		name := key
		if personal != "" {
			name = personal
		}
		if PersonalCategory(name, v.Str) != "" {
			return advert.StringValue(MaskValue(name, v.Str))
		}
	}
	return v
}
