package run

import (
	"strings"
	"testing"
)

// CutOf knows a text capText cut, and nothing else.
func TestCutOfKnowsTheCut(t *testing.T) {
	long := strings.Repeat("word ", 1000)
	if !CutOf(capText(long, 0), long) || !CutOf("short", "short") {
		t.Error("a text and its cut are not recognised")
	}
	if CutOf(capText(long, 0), "other "+long) || CutOf("short", "shorter") || CutOf("x [cut: 3 more characters]", "y and more") {
		t.Error("another text is taken for the cut one")
	}
}
