package craigslist

import (
	"regexp"
	"slices"
	"testing"
)

// clausesOf cuts all of text into clauses.
func clausesOf(text string) []string {
	var out []string
	for rest := text; rest != ""; {
		var clause string
		clause, rest = cutClause(rest)
		out = append(out, clause)
	}
	return out
}

func TestCutClause(t *testing.T) {
	for text, want := range map[string][]string{
		"the most i can pay is 580, how about 500?": {"the most i can pay is 580", "how about 500"},
		"my limit is 580. would you take 500?":      {"my limit is 580", "would you take 500"},
		"i can't go above $1,200, sorry.":           {"i can't go above $1,200", "sorry"},
		"1.5k is fine":                              {"1.5k is fine"},
		"final offer: 500":                          {"final offer", "500"},
		"no way!?  really...\tok":                   {"no way", "really", "ok"},
		"a,.b ,c, d":                                {"a,.b ,c", "d"},
		", hi":                                      {"", "hi"},
		"hi\v, there":                               {"hi\v", "there"},
		"x,\vy":                                     {"x,\vy"},
	} {
		if got := clausesOf(text); !slices.Equal(got, want) {
			t.Errorf("clauses of %q = %q, want %q", text, got, want)
		}
	}
}

// clauseEnd is the regular expression the clauses were once cut with: the
// cutter reads the same clauses at a fraction of its cost, so the players
// play as they did.
var clauseEnd = regexp.MustCompile(`[,.;:!?]+(\s+|$)`)

// FuzzCutClause: cutClause finds the clauses clauseEnd splits text into,
// whatever the bytes (its empty ones aside, which hold no cue).
func FuzzCutClause(f *testing.F) {
	for _, s := range []string{"the most i can pay is 580, how about 500?", "a,.b ,c", "x!?\t\n", "$1,200. ok", "…, ünï\xff. ", ":"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		want := slices.DeleteFunc(clauseEnd.Split(text, -1), func(s string) bool { return s == "" })
		got := slices.DeleteFunc(clausesOf(text), func(s string) bool { return s == "" })
		if !slices.Equal(got, want) {
			t.Errorf("clauses of %q = %q, want %q", text, got, want)
		}
	})
}
