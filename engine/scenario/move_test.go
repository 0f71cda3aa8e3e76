package scenario

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
)

// labelled is a move's argument as its family labels it; the families'
// tests check their own labels ("$530", "ball=1 book=2").
type labelled string

func (l labelled) Key() string                          { return "test" }
func (l labelled) Label() string                        { return string(l) }
func (l labelled) Said() string                         { return string(l) }
func (l labelled) AppendJSON(dst []byte) ([]byte, bool) { return dst, false }

func TestLabelAndTaggedNameEveryMove(t *testing.T) {
	for _, c := range []struct {
		a             event.Action
		label, tagged string
	}{
		{event.Action{Type: event.Speak, Text: "Hi  there"}, "", "Hi there"},
		{event.Action{Type: event.Offer, Arg: labelled("$530"), Text: "Deal?"}, "offer $530", "[offer $530] Deal?"},
		{event.Action{Type: event.Offer, Text: "Deal?"}, "offer", "[offer] Deal?"},
		{event.Action{Type: event.Select, Arg: labelled("Jacob Reyes")}, "select Jacob Reyes", "[select Jacob Reyes]"},
		{event.Action{Type: event.Select, Arg: labelled("ball=1"), Text: "I take the ball."}, "select ball=1", "[select ball=1] I take the ball."},
		{event.Action{Type: event.Accept, Text: "Done."}, "accept", "[accept] Done."},
		{event.Action{Type: event.NonVerbal, Text: "shrugs"}, "non-verbal", "[non-verbal] shrugs"},
		{event.Action{Type: event.None}, "says nothing", "[says nothing]"},
	} {
		if got := Label(c.a); got != c.label {
			t.Errorf("Label(%+v) = %q, want %q", c.a, got, c.label)
		}
		if got := Tagged(c.a); got != c.tagged {
			t.Errorf("Tagged(%+v) = %q, want %q", c.a, got, c.tagged)
		}
	}
}
