package text

import "github.com/padview/padview/api/advert"

// IsAmountObject reports whether an object is just an amount: one amount
// member (see FormatAmount), or a range's bounds, and at most a currency
// beside it, so that it can be shown, compared or exported as one value
// without hiding anything. An object with other members as well is not
// one.
func IsAmountObject(v advert.Value) bool { return IsAmount(v) }
