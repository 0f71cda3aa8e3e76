package dealornodeal

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

// A move's label lists the items in the order its words say them, so the
// two read alike; items the words leave out come last.
func TestMoveLabelFollowsTheWords(t *testing.T) {
	split := Split{"book": 2, "hat": 0, "ball": 1}
	cases := []struct {
		text, want string
	}{
		{"I propose I take 2 books, no hat and the ball, and you get no book, 2 hats and no ball.", "offer book=2 hat=0 ball=1"},
		{"The ball and both books for me; that hat is yours.", "offer ball=1 book=2 hat=0"},
		{"Deal?", "offer ball=1 book=2 hat=0"},
	}
	for _, c := range cases {
		if got := scenario.Label(event.Action{Type: event.Offer, Arg: split, Text: c.text}); got != c.want {
			t.Errorf("%q: label %q, want %q", c.text, got, c.want)
		}
	}
}
