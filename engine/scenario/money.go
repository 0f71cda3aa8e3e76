package scenario

import (
	"strconv"
	"strings"
)

// Money formats a price the way views, templates and the built-in players
// say it: whole dollars as "$5,750", others with cents as "$12.50", the
// thousands grouped with commas as people write prices.
func Money(v float64) string {
	var buf [32]byte
	var numeral []byte
	if v == float64(int64(v)) {
		numeral = strconv.AppendInt(buf[:0], int64(v), 10)
	} else {
		numeral = strconv.AppendFloat(buf[:0], v, 'f', 2, 64)
	}
	return groupThousands("$", numeral)
}

// groupThousands writes prefix and the decimal numeral with a comma between
// each three digits of its whole part ("-1234567.50" is "-1,234,567.50");
// NaN and the infinities have no digits to group and are written as they are.
func groupThousands(prefix string, numeral []byte) string {
	start := 0
	if start < len(numeral) && numeral[start] == '-' {
		start++
	}
	end := start
	for end < len(numeral) && numeral[end] >= '0' && numeral[end] <= '9' {
		end++
	}
	whole := numeral[start:end]
	var b strings.Builder
	b.Grow(len(prefix) + len(numeral) + len(whole)/3)
	b.WriteString(prefix)
	b.Write(numeral[:start])
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(d)
	}
	b.Write(numeral[end:])
	return b.String()
}
