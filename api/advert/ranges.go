package advert

import "github.com/padview/padview/api/vocab"

// joinRanges joins a range of amounts a service splits over two members
// ("Spend_Range_Min_EUR" and "Spend_Range_Max_EUR", "bedrag_van" and
// "bedrag_tot") into one member, {"lowerBound", "upperBound",
// "currency"}, as the money typer reads a range sent whole: the two ends
// of one field, in one currency, in one object. The member's name joins
// both names with a slash, so that nothing of what was sent is lost; an
// end without its twin stays as sent. ms is not changed: the result is a
// new slice when anything was joined. ends names, for each joined
// member, the members its lower and upper ends came from.
func joinRanges(ms []Member, meaning func(string) vocab.Meaning) (out []Member, ends map[string][2]string) {
	type end struct {
		i    int
		mean vocab.Meaning
	}
	var lows []end
	for i, m := range ms {
		if mean := meaning(m.Key); mean.Kind == vocab.FieldName && mean.Part == "lower" {
			lows = append(lows, end{i, mean})
		}
	}
	if len(lows) == 0 {
		return ms, nil
	}
	joined := map[int]int{} // the index of a lower end → its upper end's
	taken := map[int]bool{}
	for _, lo := range lows {
		for j, m := range ms {
			up := meaning(m.Key)
			if taken[j] || up.Kind != vocab.FieldName || up.Part != "upper" || up.Field != lo.mean.Field ||
				up.Group != lo.mean.Group || up.Currency != lo.mean.Currency {
				continue
			}
			joined[lo.i], taken[j] = j, true
			break
		}
	}
	if len(joined) == 0 {
		return ms, nil
	}
	out = make([]Member, 0, len(ms)-len(joined))
	ends = make(map[string][2]string, len(joined))
	for i, m := range ms {
		switch j, ok := joined[i]; {
		case ok:
			parts := []Member{{Key: "lowerBound", Value: m.Value}, {Key: "upperBound", Value: ms[j].Value}}
			if cur := meaning(m.Key).Currency; cur != "" {
				parts = append(parts, Member{Key: "currency", Value: StringValue(cur)})
			}
			key := m.Key + "/" + ms[j].Key
			out = append(out, Member{Key: key, Value: NewObject(parts...)})
			ends[key] = [2]string{m.Key, ms[j].Key}
		case taken[i]:
		default:
			out = append(out, m)
		}
	}
	return out, ends
}
