package check

import (
	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/vocab"
)

// meanings remembers, for one check, what each member of an object means:
// every rule reads the same groups and parties, and an answer of a million
// distinct member names (which the vocabulary's own cache does not keep)
// would otherwise be looked up again by each of some twenty rules, about
// twenty seconds where one pass takes one. An object's members are kept
// as indexes into a table of the distinct meanings, four bytes a member.
type meanings struct {
	of      map[objectKey]*objectMeanings
	natural map[*advert.Member]bool // advert.NaturalPerson of a party
	table   []vocab.Meaning
	ids     map[vocab.Meaning]uint32
}

// objectKey names an object by its storage (advert values are immutable
// and share it) and the table its names are read in (vocab.TableOf: the
// advertiser read as a group and as a party is read once).
type objectKey struct {
	first *advert.Member
	table string
}

// objectMeanings are the meanings of one object's members: ids[i] of its
// i-th member, and fields the members that are fields of the vocabulary,
// the only ones most rules read (an object of a million names padview does
// not know has none).
type objectMeanings struct {
	ids    []uint32
	fields []int32
}

// each calls fn with every member of obj and what its name means in scope.
func (c *checker) each(obj advert.Value, scope string, fn func(m advert.Member, mean vocab.Meaning)) {
	ms := obj.Members()
	if len(ms) == 0 {
		return
	}
	om := c.meaningsOf(ms, scope)
	for i, m := range ms {
		fn(m, c.known.table[om.ids[i]])
	}
}

// eachField is each for the members whose names are fields.
func (c *checker) eachField(obj advert.Value, scope string, fn func(m advert.Member, mean vocab.Meaning)) {
	ms := obj.Members()
	if len(ms) == 0 {
		return
	}
	om := c.meaningsOf(ms, scope)
	for _, i := range om.fields {
		fn(ms[i], c.known.table[om.ids[i]])
	}
}

func (c *checker) meaningsOf(ms []advert.Member, scope string) *objectMeanings {
	k := objectKey{&ms[0], vocab.TableOf(scope)}
	if om, ok := c.known.of[k]; ok {
		return om
	}
	if c.known.of == nil {
		c.known.of, c.known.ids = map[objectKey]*objectMeanings{}, map[vocab.Meaning]uint32{}
	}
	om := &objectMeanings{ids: make([]uint32, len(ms))}
	for i, m := range ms {
		mean := c.meaning(scope, m.Key)
		id, ok := c.known.ids[mean]
		if !ok {
			id = uint32(len(c.known.table))
			c.known.table = append(c.known.table, mean)
			c.known.ids[mean] = id
		}
		om.ids[i] = id
		if mean.Kind == vocab.FieldName {
			om.fields = append(om.fields, int32(i))
		}
	}
	c.known.of[k] = om
	return om
}

// naturalPerson is advert.NaturalPerson of a party, read once a check: the
// rules that do not apply to a natural person each ask of every sponsor.
func (c *checker) naturalPerson(party advert.Value) bool {
	ms := party.Members()
	if len(ms) == 0 {
		return advert.NaturalPerson(c.v, party)
	}
	if c.known.natural == nil {
		c.known.natural = map[*advert.Member]bool{}
	}
	is, ok := c.known.natural[&ms[0]]
	if !ok {
		is = advert.NaturalPerson(c.v, party)
		c.known.natural[&ms[0]] = is
	}
	return is
}
