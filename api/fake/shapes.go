package fake

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

// Shape is how the fake lays out an advertisement on the wire. A real
// server's layout is not specified, so padview is tested against several.
type Shape int

const (
	// Plain: one object, groups nested under camelCase names.
	Plain Shape = iota
	// Enveloped: {"status": …, "data": {"advertisement": …}, "meta": …}.
	Enveloped
	// SnakeCase: every member name in snake_case.
	SnakeCase
	// Flat: advertiser fields bare at the top level, campaign fields
	// prefixed ("campaignName"), sponsors keyed by id.
	Flat
	// Titled: "Title Case" group names, "Compliance & Funding", and one
	// combined "Sponsors and Controllers" group.
	Titled
)

// Shapes lists every shape, for tests that try them all.
var Shapes = []Shape{Plain, Enveloped, SnakeCase, Flat, Titled}

func (s Shape) String() string {
	return [...]string{"plain", "enveloped", "snake_case", "flat", "titled"}[s]
}

// standardView removes the personal data of the advertiser, sponsors and
// controllers, and of parties written flat at the top level
// ("opdrachtgever_mailadres"): what the full view adds. Names of natural
// persons stay, as the spec lists only emails, phone numbers and full
// addresses as what the full view adds.
func standardView(ad advert.Value) advert.Value {
	var out []advert.Member
	vc := vocab.Builtin()
	for _, m := range ad.Members() {
		switch mean := vc.Lookup("", m.Key); {
		case m.Key == "advertiser":
			m.Value = withoutPersonal(m.Value)
		case m.Key == "sponsors" || m.Key == "controllers":
			if m.Value.Kind == advert.Array {
				items := make([]advert.Value, m.Value.Len())
				for i, it := range m.Value.Items() {
					items[i] = withoutPersonal(it)
				}
				m.Value = advert.NewArray(items...)
			}
		case mean.Category(false).FullViewOnly():
			continue
		}
		out = append(out, m)
	}
	return advert.NewObject(out...)
}

func withoutPersonal(v advert.Value) advert.Value {
	if v.Kind != advert.Object {
		return v
	}
	var out []advert.Member
	vc := vocab.Builtin()
	for _, m := range v.Members() {
		if !vc.Lookup(vocab.Sponsors, m.Key).Category(false).FullViewOnly() {
			out = append(out, m)
		}
	}
	return advert.NewObject(out...)
}

// reshape lays an advertisement out in the given shape.
func reshape(ad advert.Value, s Shape, requestID string) advert.Value {
	switch s {
	case Enveloped:
		inner := advert.NewObject()
		inner.Set("advertisement", ad)
		meta := advert.NewObject()
		meta.Set("requestId", advert.StringValue(requestID))
		meta.Set("version", advert.StringValue("v1"))
		env := advert.NewObject()
		env.Set("status", advert.StringValue("ok"))
		env.Set("data", inner)
		env.Set("meta", meta)
		return env
	case SnakeCase:
		return snakeKeys(ad)
	case Flat:
		return flatten(ad)
	case Titled:
		return titled(ad)
	}
	return ad
}

func snakeKeys(v advert.Value) advert.Value {
	switch v.Kind {
	case advert.Object:
		var out []advert.Member
		for _, m := range v.Members() {
			out = append(out, advert.Member{Key: snake(m.Key), Value: snakeKeys(m.Value)})
		}
		return advert.NewObject(out...)
	case advert.Array:
		items := make([]advert.Value, v.Len())
		for i, it := range v.Items() {
			items[i] = snakeKeys(it)
		}
		return advert.NewArray(items...)
	}
	return v
}

func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

func flatten(ad advert.Value) advert.Value {
	var out []advert.Member
	for _, m := range ad.Members() {
		switch m.Key {
		case "advertiser":
			out = append(out, m.Value.Members()...)
		case "campaign":
			for _, f := range m.Value.Members() {
				out = append(out, advert.Member{Key: "campaign" + upperFirst(f.Key), Value: f.Value})
			}
		case "sponsors":
			var keyed []advert.Member
			for i, s := range m.Value.Items() {
				keyed = append(keyed, advert.Member{Key: fmt.Sprintf("S%03d", i+1), Value: s})
			}
			out = append(out, advert.Member{Key: "sponsors", Value: advert.NewObject(keyed...)})
		default:
			out = append(out, m)
		}
	}
	return advert.NewObject(out...)
}

func titled(ad advert.Value) advert.Value {
	names := map[string]string{
		"basicInformation": "Basic Information", "advertiser": "Advertiser", "campaign": "Campaign",
		"complianceAndFunding": "Compliance & Funding", "targeting": "Targeting",
		"legalAndMetadata": "Legal and Metadata", "paid": "PAID",
	}
	var out []advert.Member
	parties := advert.NewObject()
	for _, m := range ad.Members() {
		switch m.Key {
		case "sponsors":
			parties.Set("Sponsors", m.Value)
		case "controllers":
			parties.Set("Controllers", m.Value)
		default:
			if n, ok := names[m.Key]; ok {
				m.Key = n
			}
			out = append(out, m)
		}
	}
	return advert.NewObject(append(out, advert.Member{Key: "Sponsors and Controllers", Value: parties})...)
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
