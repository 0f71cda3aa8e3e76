package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Untrusted Markdown is drawn, not shown as Markdown, in colour and
// without; what reaches the terminal is its text and SGR styles only: an
// escape sequence in the text is cleaned away and a link is shown, never
// made a hyperlink (OSC 8).
func TestMarkdownIsDrawnWithStylesOnly(t *testing.T) {
	md := "# Card\n\n## Who \x1b]8;;http://evil.example\x07knew\x1b]8;;\x07 what\n\n" +
		"**Setting.** A *quiet* [shop](https://shop.example).\n\n" +
		"| measure | SCRIPT |\n|---|---|\n| leaks | 1 |\n"
	for _, colourless := range []bool{false, true} {
		st := NewStyles(true)
		st.Colourless = colourless
		lines := Markdown(md, 60, &st)
		screen := strings.Join(lines, "\n")
		text := ansi.Strip(screen)
		for _, raw := range []string{"# ", "**", "*quiet*", "|---|", "](", "\x1b]"} {
			if strings.Contains(screen, raw) {
				t.Errorf("colourless %v: %q is left in\n%s", colourless, raw, text)
			}
		}
		for _, want := range []string{"Card", "Who knew what", "Setting.", "quiet", "shop", "https://shop.example", "leaks"} {
			if !strings.Contains(text, want) {
				t.Errorf("colourless %v: %q is missing from\n%s", colourless, want, text)
			}
		}
		if !strings.Contains(screen, "\x1b[1m") && !strings.Contains(screen, ";1m") {
			t.Errorf("colourless %v: nothing is bold:\n%q", colourless, screen)
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w != 60 {
				t.Errorf("colourless %v: line %d is %d cells wide", colourless, i, w)
			}
		}
	}
}

// Raw HTML in untrusted Markdown is shown as the text it is, not dropped
// and not interpreted; a list and a quote keep their words.
func TestMarkdownShowsHTMLAndOtherBlocksAsText(t *testing.T) {
	st := NewStyles(true)
	md := "A <b>bold</b> claim & <script>x</script>.\n\n- first item\n- second\n\n> quoted words\n"
	text := ansi.Strip(strings.Join(Markdown(md, 60, &st), "\n"))
	for _, want := range []string{"A <b>bold</b> claim & <script>x</script>.", "• first item", "• second", "│ quoted words"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q is missing from\n%s", want, text)
		}
	}
}

// A pipe table's cells: \| is a pipe inside a cell, a short row is
// filled, a long one cut to the header's columns, and a cell that reads
// like a heading stays text.
func TestMarkdownTableCells(t *testing.T) {
	st := NewStyles(true)
	st.Colourless = true
	md := "| a | b |\n|:--|--:|\n| x \\| y | # not a heading |\n| short |\n| 1 | 2 | 3 |\n"
	lines := Markdown(md, 40, &st)
	text := strings.Join(lines, "\n")
	for _, want := range []string{"x | y", "# not a heading", "short"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q is missing from\n%s", want, text)
		}
	}
	if strings.Contains(text, " 3") {
		t.Errorf("the extra cell is shown:\n%s", text)
	}
	if got := strings.Count(lines[1], "|"); got != 1 {
		t.Errorf("the rule under the header crosses %d column rules, want 1: %q", got, lines[1])
	}
}
