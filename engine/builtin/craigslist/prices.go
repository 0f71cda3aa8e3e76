package craigslist

import "github.com/omnigap/omnigap/engine/amount"

// lastPrice finds the last price in text, in any common form: "$450",
// "$1,200", "450 dollars", "1.2k", "four fifty", "twelve hundred bucks" or a
// bare "450". An amount counts only when it is a plausible price for a
// listing of the given price (between a fifth of it and three times it), so
// "two years" or "118k miles" next to a $300 bike are not read as offers.
func lastPrice(text string, listing float64) (float64, bool) {
	amounts := amount.Amounts(text)
	for i := len(amounts) - 1; i >= 0; i-- {
		if plausible(amounts[i], listing) {
			return amounts[i], true
		}
	}
	return 0, false
}

func plausible(v, listing float64) bool {
	if listing <= 0 {
		return v > 0
	}
	return v >= listing/5 && v <= listing*3
}
