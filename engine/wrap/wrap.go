// Package wrap cuts text into lines at spaces, for every writer that
// measures a line its own way (characters, terminal cells, a font's
// widths).
package wrap

import "strings"

// Lines cuts s at spaces into lines that fits accepts, filling each as
// far as it can; a word that does not fit alone keeps a line of its own
// rather than being cut ("(-5..5)" and "0-10" stay whole).
func Lines(s string, fits func(line string) bool) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case fits(line + " " + word):
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
