package builtin

import "strings"

// lastPrice finds the last price in text: "$450", "$1,200", "450 dollars",
// "450 bucks", "1.2k" or a bare "450". A bare number counts only when it is
// a plausible price for a listing of the given price (between a fifth of it
// and three times it), so "two years" or "118k miles" next to a $300 bike
// are not read as offers.
func lastPrice(text string, listing float64) (float64, bool) {
	found, last := false, 0.0
	for i := 0; i < len(text); {
		c := text[i]
		if !isDigit(c) || (i > 0 && isLetter(text[i-1])) {
			i++
			continue
		}
		dollar := i > 0 && text[i-1] == '$'
		v, j := readNumber(text, i)
		if j < len(text) && (text[j] == 'k' || text[j] == 'K') && (j+1 == len(text) || !isLetter(text[j+1])) {
			v *= 1000
			j++
		} else if j < len(text) && isLetter(text[j]) {
			i = skipWord(text, j) // "118k" is gone above; "3rd", "4x4" are not prices
			continue
		}
		unit := hasUnit(text[j:])
		if dollar || unit || plausible(v, listing) {
			found, last = true, v
		}
		i = j
	}
	return last, found
}

// readNumber reads digits with thousands commas and one decimal point.
func readNumber(text string, i int) (float64, int) {
	v, frac, scale := 0.0, false, 0.1
	for ; i < len(text); i++ {
		c := text[i]
		switch {
		case isDigit(c):
			if frac {
				v += float64(c-'0') * scale
				scale /= 10
			} else {
				v = v*10 + float64(c-'0')
			}
		case c == ',' && !frac && thousands(text[i+1:]):
		case c == '.' && !frac && i+1 < len(text) && isDigit(text[i+1]):
			frac = true
		default:
			return v, i
		}
	}
	return v, i
}

// thousands reports whether s starts with exactly three digits, the group
// after a thousands comma.
func thousands(s string) bool {
	if len(s) < 3 || (len(s) > 3 && isDigit(s[3])) {
		return false
	}
	return isDigit(s[0]) && isDigit(s[1]) && isDigit(s[2])
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func hasUnit(rest string) bool {
	rest = strings.TrimLeft(rest, " ")
	for _, u := range []string{"dollars", "dollar", "bucks", "usd"} {
		if len(rest) >= len(u) && strings.EqualFold(rest[:len(u)], u) && (len(rest) == len(u) || !isLetter(rest[len(u)])) {
			return true
		}
	}
	return false
}

func plausible(v, listing float64) bool {
	if listing <= 0 {
		return v > 0
	}
	return v >= listing/5 && v <= listing*3
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func skipWord(text string, i int) int {
	for i < len(text) && (isLetter(text[i]) || isDigit(text[i])) {
		i++
	}
	return i
}
