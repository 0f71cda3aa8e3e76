package scenario

import (
	"strings"
	"testing"
)

// A tab that indents a line is named as a tab, with where it is: go-yaml
// quotes the character itself, which a screen shows as a space.
func TestATabIsNamedAsATab(t *testing.T) {
	data := "id: test/tab\nseats:\n\t- role: seller\n"
	_, err := Parse("tab.yaml", []byte(data))
	if err == nil {
		t.Fatal("a tab-indented file loaded")
	}
	if msg := err.Error(); !strings.Contains(msg, "tab.yaml:3:1") || !strings.Contains(msg, "found a tab character: YAML indents with spaces only") {
		t.Errorf("got %q", msg)
	}
}
