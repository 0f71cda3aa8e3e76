package lazyre

import (
	"slices"
	"testing"
)

func TestMatchesAsTheCompiledPattern(t *testing.T) {
	r := New(`(\d+)-(\d+)`)
	if got := r.FindStringSubmatch("a 12-34 b"); !slices.Equal(got, []string{"12-34", "12", "34"}) {
		t.Errorf("FindStringSubmatch %q", got)
	}
	if !r.MatchString("1-2") || r.MatchString("1 2") {
		t.Error("MatchString")
	}
	if got := r.FindAllStringSubmatch("1-2 3-4", -1); len(got) != 2 || got[1][2] != "4" {
		t.Errorf("FindAllStringSubmatch %q", got)
	}
	if got := r.ReplaceAllString("1-2 and 3-4", "$2-$1"); got != "2-1 and 4-3" {
		t.Errorf("ReplaceAllString %q", got)
	}
}

// A pattern is compiled at its first use, not when declared: a bad one
// panics there.
func TestCompiledAtFirstUse(t *testing.T) {
	r := New(`(`)
	defer func() {
		if recover() == nil {
			t.Error("no panic for a bad pattern")
		}
	}()
	r.MatchString("x")
}
