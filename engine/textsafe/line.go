package textsafe

import "strings"

// Line is Clean for text kept on one line (a table cell, a comment, a
// message naming a record): every run of white space, line breaks
// included (U+2028 and U+2029 too), becomes one space, and the ends are
// trimmed.
func Line(s string) string {
	return strings.Join(strings.Fields(Clean(s)), " ")
}
