package text

import "github.com/padview/padview/api/advert"

// IsAmountObject reports whether an object is just an amount: one amount
// member (see FormatAmount) and at most a currency beside it, so that it
// can be shown, compared or exported as one value without hiding anything.
// An object with other members as well is not one, even if IsAmount reads
// an amount out of it.
func IsAmountObject(v advert.Value) bool {
	if v.Kind != advert.Object || !IsAmount(v) {
		return false
	}
	others := 0
	for _, m := range v.Members() {
		if m.Key != "currency" {
			others++
		}
	}
	return others == 1
}
