package wrap

import (
	"slices"
	"testing"
	"unicode/utf8"
)

func TestLines(t *testing.T) {
	within := func(n int) func(string) bool {
		return func(s string) bool { return utf8.RuneCountInString(s) <= n }
	}
	for _, c := range []struct {
		s     string
		width int
		want  []string
	}{
		{"", 10, nil},
		{"   ", 10, nil},
		{"one", 10, []string{"one"}},
		{"goal completion (rule, 0-10)", 12, []string{"goal", "completion", "(rule, 0-10)"}},
		{"a b c d e", 3, []string{"a b", "c d", "e"}},
		{"a enormous b", 4, []string{"a", "enormous", "b"}},
		{"  spaced   out  words ", 9, []string{"spaced", "out words"}},
		{"déjà vu où", 7, []string{"déjà vu", "où"}},
	} {
		if got := Lines(c.s, within(c.width)); !slices.Equal(got, c.want) {
			t.Errorf("Lines(%q, %d) = %q, want %q", c.s, c.width, got, c.want)
		}
	}
}
