package amount

import (
	"math"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/words"
)

// isPrice reports whether the amount said at bytes from..to of src can be
// a price: money said as money ("$580", "580 dollars") always is; a
// measure or a count (580 km, 25 watts, 900 pages), a label's number (room
// 520, route 620, model 620), a phone number, a time, a date, a year or an
// address is not. numeral says the amount is written in digits.
func (m *Reader) isPrice(from, to int, value float64, numeral bool) bool {
	src, r := m.Words.Src, &m.Near
	if from > 0 && src[from-1] == '$' {
		return true
	}
	after := r.WordsAfter(to, len(src), 2)
	var a, a2 words.Flag
	if len(after) > 0 {
		a = words.FlagsOf(after[0])
	}
	if len(after) > 1 {
		a2 = words.FlagsOf(after[1])
	}
	if a&words.CurrencyAfter != 0 {
		return true
	}
	if numeral && !numeralIsPrice(src, from, to) {
		return false
	}
	dayOfMonth := value >= 1 && value <= 31 && value == math.Trunc(value)
	switch {
	case a&words.UnitWords != 0 || len(after) > 0 && after[0] == "x":
		return false
	case dayOfMonth && a&words.MonthWords != 0:
		return false
	case a&words.YearAfter != 0 && isYear(src[from:to], value):
		return false
	case (a|a2)&words.StreetWords != 0:
		return false // 2500 Mission Street
	}
	before := r.WordsBefore(from, 3)
	if len(before) == 0 {
		return true
	}
	b := words.FlagsOf(before[0])
	switch {
	case b&words.LabelWords != 0:
		return false
	case b&words.SkipBeforeLabel != 0 && len(before) > 1 && (words.Is(before[1], words.LabelWords) || words.Is(before[1], words.SkipBeforeLabel) && len(before) > 2 && words.Is(before[2], words.LabelWords)):
		return false // room number 520, the code is 1100
	case from > 0 && src[from-1] == '-' && (before[0] == "i" || before[0] == "us" || before[0] == "sr"):
		return false // I-580
	case dayOfMonth && b&(words.MonthWords|words.DayWords) != 0:
		return false // June 20, Saturday 20
	case b&words.YearCues != 0 && isYear(src[from:to], value):
		return false // in 2022
	}
	return true
}

// isYear reports whether a numeral reads as a year: four plain digits
// from 1900 to 2099.
func isYear(raw string, value float64) bool {
	return len(raw) == 4 && value >= 1900 && value <= 2099 && value == math.Trunc(value)
}

// numeralIsPrice rejects a numeral by the characters around it: a part of
// a time (5:20), of a date (3/25, 2024-06-05), of a phone number
// (555-0580, (650) 555-0520, 415.555.0199), or a code with a leading
// zero (0580).
func numeralIsPrice(src string, from, to int) bool {
	raw := src[from:to]
	if len(raw) >= 4 && raw[0] == '0' {
		return false
	}
	near := func(i int, c byte) bool { return i >= 0 && i < len(src) && src[i] == c }
	digitAt := func(i int) bool { return i >= 0 && i < len(src) && words.IsDigit(src[i]) }
	switch {
	case near(to, ':') && digitAt(to+1), near(from-1, ':') && digitAt(from-2):
		return false // a time
	case near(to, '/') && digitAt(to+1), near(from-1, '/') && digitAt(from-2):
		return false // a date
	}
	if strings.Contains(raw, ",") {
		return true // a thousands comma: money, not a phone number
	}
	return !phoneOrDate(src, from, to)
}

// phoneOrDate reports whether the numeral at from..to is one group of
// digits among groups that make a phone number or a date.
func phoneOrDate(src string, from, to int) bool {
	isSep := func(c byte) bool { return c == '-' || c == '.' || c == ' ' || c == '(' || c == ')' || c == '+' }
	lo, hi := from, to
	for lo > 0 && (words.IsDigit(src[lo-1]) || isSep(src[lo-1]) && lo > 1 && (words.IsDigit(src[lo-2]) || isSep(src[lo-2]) && src[lo-2] != src[lo-1])) {
		lo--
	}
	for hi < len(src) && (words.IsDigit(src[hi]) || isSep(src[hi]) && hi+1 < len(src) && (words.IsDigit(src[hi+1]) || isSep(src[hi+1]) && src[hi+1] != src[hi])) {
		hi++
	}
	var groups [5][2]int // the digit groups' spans, at most five
	n, spaced := 0, false
	for i := lo; i < hi; {
		if !words.IsDigit(src[i]) {
			spaced = spaced || src[i] == ' ' || src[i] == '(' || src[i] == ')' || src[i] == '+'
			i++
			continue
		}
		j := i
		for j < hi && words.IsDigit(src[j]) {
			j++
		}
		if n == len(groups) {
			return false
		}
		groups[n] = [2]int{i, j}
		n++
		i = j
	}
	size := func(k int) int { return groups[k][1] - groups[k][0] }
	is := func(want ...int) bool {
		if n != len(want) {
			return false
		}
		for k, w := range want {
			if size(k) != w {
				return false
			}
		}
		return true
	}
	switch {
	case is(3, 3, 4), is(1, 3, 3, 4):
		return true
	case is(3, 4):
		first, second := src[groups[0][0]:groups[0][1]], src[groups[1][0]:groups[1][1]]
		a, _ := strconv.Atoi(first)
		b, _ := strconv.Atoi(second)
		return second[0] == '0' || first == "555" || b > 2*a
	case is(4, 2, 2), is(2, 2, 4), is(1, 2, 4), is(1, 1, 4), is(2, 1, 4):
		return !spaced
	}
	return false
}
