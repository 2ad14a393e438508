package fake

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/padview/padview/api"
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
// controllers: what the full view adds.
func standardView(ad api.Value) api.Value {
	out := api.NewObject()
	for _, m := range ad.Members {
		switch m.Key {
		case "advertiser":
			m.Value = withoutPersonal(m.Value)
		case "sponsors", "controllers":
			if m.Value.Kind == api.Array {
				items := make([]api.Value, len(m.Value.Items))
				for i, it := range m.Value.Items {
					items[i] = withoutPersonal(it)
				}
				m.Value = api.NewArray(items...)
			}
		}
		out.Members = append(out.Members, m)
	}
	return out
}

func withoutPersonal(v api.Value) api.Value {
	if v.Kind != api.Object {
		return v
	}
	out := api.NewObject()
	for _, m := range v.Members {
		if !api.IsPersonalField(m.Key) {
			out.Members = append(out.Members, m)
		}
	}
	return out
}

// reshape lays an advertisement out in the given shape.
func reshape(ad api.Value, s Shape, requestID string) api.Value {
	switch s {
	case Enveloped:
		inner := api.NewObject()
		inner.Set("advertisement", ad)
		meta := api.NewObject()
		meta.Set("requestId", api.StringValue(requestID))
		meta.Set("version", api.StringValue("v1"))
		env := api.NewObject()
		env.Set("status", api.StringValue("ok"))
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

func snakeKeys(v api.Value) api.Value {
	switch v.Kind {
	case api.Object:
		out := api.NewObject()
		for _, m := range v.Members {
			out.Members = append(out.Members, api.Member{Key: snake(m.Key), Value: snakeKeys(m.Value)})
		}
		return out
	case api.Array:
		items := make([]api.Value, len(v.Items))
		for i, it := range v.Items {
			items[i] = snakeKeys(it)
		}
		return api.NewArray(items...)
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

func flatten(ad api.Value) api.Value {
	out := api.NewObject()
	for _, m := range ad.Members {
		switch m.Key {
		case "advertiser":
			out.Members = append(out.Members, m.Value.Members...)
		case "campaign":
			for _, f := range m.Value.Members {
				out.Members = append(out.Members, api.Member{Key: "campaign" + upperFirst(f.Key), Value: f.Value})
			}
		case "sponsors":
			keyed := api.NewObject()
			for i, s := range m.Value.Items {
				keyed.Members = append(keyed.Members, api.Member{Key: fmt.Sprintf("S%03d", i+1), Value: s})
			}
			out.Members = append(out.Members, api.Member{Key: "sponsors", Value: keyed})
		default:
			out.Members = append(out.Members, m)
		}
	}
	return out
}

func titled(ad api.Value) api.Value {
	names := map[string]string{
		"basicInformation": "Basic Information", "advertiser": "Advertiser", "campaign": "Campaign",
		"complianceAndFunding": "Compliance & Funding", "targeting": "Targeting",
		"legalAndMetadata": "Legal and Metadata", "paid": "PAID",
	}
	out := api.NewObject()
	parties := api.NewObject()
	for _, m := range ad.Members {
		switch m.Key {
		case "sponsors":
			parties.Set("Sponsors", m.Value)
		case "controllers":
			parties.Set("Controllers", m.Value)
		default:
			if n, ok := names[m.Key]; ok {
				m.Key = n
			}
			out.Members = append(out.Members, m)
		}
	}
	out.Set("Sponsors and Controllers", parties)
	return out
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
