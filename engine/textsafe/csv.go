package textsafe

import "strings"

// CSVCell makes text safe in a CSV cell a spreadsheet opens: Clean, and
// text whose first character other than a space is =, +, - or @
// preceded by ' so that the spreadsheet shows it instead of running it
// as a formula.
func CSVCell(s string) string {
	s = Clean(s)
	if t := strings.TrimLeft(s, " "); t != "" && strings.ContainsRune("=+-@", rune(t[0])) {
		return "'" + s
	}
	return s
}
