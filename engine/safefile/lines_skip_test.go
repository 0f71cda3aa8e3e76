package safefile

import (
	"errors"
	"strings"
	"testing"
)

// A line over the cap that the reader's buffer held whole (newline
// included) is skipped alone: the line after it is still read.
func TestSkipLineAfterAShortOverlongLine(t *testing.T) {
	l := NewLines(strings.NewReader(strings.Repeat("x", 30)+"\nnext\n"), 10)
	var long *LineTooLong
	if _, _, err := l.Next(); !errors.As(err, &long) {
		t.Fatalf("err %v, want LineTooLong", err)
	}
	if err := l.SkipLine(); err != nil {
		t.Fatal(err)
	}
	if line, _, err := l.Next(); err != nil || string(line) != "next\n" {
		t.Errorf("after the skip: %q, %v", line, err)
	}
}
