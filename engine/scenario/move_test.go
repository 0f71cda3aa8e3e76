package scenario

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
)

func TestLabelAndTaggedNameEveryMove(t *testing.T) {
	for _, c := range []struct {
		a             event.Action
		label, tagged string
	}{
		{event.Action{Type: event.Speak, Text: "Hi  there"}, "", "Hi there"},
		{event.Action{Type: event.Offer, Price: event.PriceOf(530), Text: "Deal?"}, "offer $530", "[offer $530] Deal?"},
		{event.Action{Type: event.Offer, Split: Split{"book": 2, "hat": 0}, Text: "I take the books."}, "offer book=2 hat=0", "[offer book=2 hat=0] I take the books."},
		{event.Action{Type: event.Select, Friend: "Jacob Reyes"}, "select Jacob Reyes", "[select Jacob Reyes]"},
		{event.Action{Type: event.Select, Split: Split{"ball": 1}, Text: "I take the ball."}, "select ball=1", "[select ball=1] I take the ball."},
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
