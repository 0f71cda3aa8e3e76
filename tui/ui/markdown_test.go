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
