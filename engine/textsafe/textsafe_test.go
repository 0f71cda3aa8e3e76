package textsafe

import (
	"strings"
	"testing"
)

func TestCleanRemovesEscapes(t *testing.T) {
	cases := map[string]string{
		"plain text\nnext":                              "plain text\nnext",
		"clip\x1b]52;c;ZXZpbA==\x07board":               "clipboard",
		"title\x1b]0;pwned\x1b\\ok":                     "titleok",
		"clear\x1b[2Jscreen\x1b[31mred\x1b[0m":          "clearscreenred",
		"bidi \u202eevil\u202c done":                    "bidi evil done",
		"c1 \u009b31m csi":                              "c1  csi",
		"osc8 \x1b]8;;http://x\x07link\x1b]8;;\x07 end": "osc8 link end",
		"bell\x07 cr\r back\x08space":                   "bell cr backspace",
		"tab\there":                                     "tab here",
		"dcs \x1bPq#0;2;0;0;0\x1b\\ after":              "dcs  after",
		"unterminated \x1b]52;c;AAAA":                   "unterminated ",
		"reset \x1bc now":                               "reset  now",
		"charset \x1b(B ok":                             "charset  ok",
		"bad utf8 \xff!":                                "bad utf8 \ufffd!",
		"café ünïcode ✓":                                "café ünïcode ✓",
	}
	for in, want := range cases {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCleanLeavesNoControlBytes(t *testing.T) {
	in := "a\x1b[1;2;3mb\x1b]52;c;x\x07c\u202ed\x9b1m\x00e\x1b"
	out := Clean(in)
	for _, r := range out {
		if (r < 0x20 && r != '\n') || (r >= 0x7f && r < 0xa0) || isBidiControl(r) {
			t.Fatalf("control %U left in %q", r, out)
		}
	}
	if strings.Contains(out, "52;") {
		t.Fatalf("OSC payload left in %q", out)
	}
}

func FuzzClean(f *testing.F) {
	f.Add("x\x1b]52;c;AAAA\x07y")
	f.Add("\x1b[")
	f.Fuzz(func(t *testing.T, s string) {
		out := Clean(s)
		for _, r := range out {
			if (r < 0x20 && r != '\n') || (r >= 0x7f && r < 0xa0) || isBidiControl(r) {
				t.Fatalf("control %U left in %q from %q", r, out, s)
			}
		}
		if Clean(out) != out {
			t.Fatalf("not idempotent on %q", s)
		}
	})
}

func BenchmarkCleanPlain(b *testing.B) {
	s := strings.Repeat("I could do four hundred and twenty dollars for it. ", 20)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Clean(s)
	}
}

// A cell that a spreadsheet would run as a formula is shown as text; the
// control characters a cell could hide one behind are gone first.
func TestCSVCellDisarmsFormulas(t *testing.T) {
	for in, want := range map[string]string{
		"=HYPERLINK(\"http://x\")": "'=HYPERLINK(\"http://x\")",
		"+1+2":                     "'+1+2",
		"-2":                       "'-2",
		"@SUM(A1)":                 "'@SUM(A1)",
		"\t=1+1":                   "' =1+1",
		"  =1":                     "'  =1",
		"plain, with = inside":     "plain, with = inside",
		"\x1b[31m=red":             "'=red",
		"":                         "",
	} {
		if got := CSVCell(in); got != want {
			t.Errorf("CSVCell(%q) = %q, want %q", in, got, want)
		}
	}
}
