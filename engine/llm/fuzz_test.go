package llm

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	dond "github.com/omnigap/omnigap/engine/family/dealornodeal"
	"github.com/omnigap/omnigap/engine/view"
)

// FuzzModelOutput: whatever a model sends, extracting the JSON action and
// streaming its text from the partial object never panic, and the streamed
// text never grows past what was sent. Read as a Deal-or-No-Deal agent's
// move, a proposal or selection takes of every item on the table between
// none and all.
func FuzzModelOutput(f *testing.F) {
	for _, s := range []string{
		`{"action":"speak","text":"How about $450?"}`,
		"```json\n{\"action\": \"offer\", \"price\": 450, \"text\": \"450, final\",}\n```",
		`Sure! {"text": "caf\u00e9 \"quoted\" \\ end`,
		`{"utterance":"\ud83d\ude00 ok"}`,
		`{"action": "offer", "split": {"book": 2, "hat": 0}, "text": "Both books."}`,
		`{"action": "propose", "split": "books: 1, hat: 1"}`,
		`{"action": {"type": "select", "take": {"hats": "1"}}}`,
		`{"action": "offer", "book": 3, "cup": 1}`,
		`{"action": "select", "split": {"book": 1e99, "hat": -0}}`,
		`{"action": "accept", "text": "Deal."}`,
	} {
		f.Add(s)
	}
	sc := dealGame(f)
	deal := view.For(sc, view.Agents, 0)
	f.Fuzz(func(t *testing.T, reply string) {
		extractObject(reply)
		if a, err := parseAction(reply, deal); err == nil && (a.Type == event.Offer || a.Type == event.Select) {
			if d, split := dond.DealOf(sc), dond.SplitOf(a); len(split) != len(d.Items) || d.Fits(split) != nil {
				t.Fatalf("%q: split %v does not fit the table", reply, a.Arg)
			}
		}
		var streamed strings.Builder
		ts := newTextStream(func(s string) { streamed.WriteString(s) })
		for i := 0; i < len(reply); i += 7 {
			ts.feed(reply[i:min(i+7, len(reply))])
		}
		if streamed.Len() > 4*len(reply)+8 {
			t.Fatalf("streamed %d bytes from a %d-byte reply", streamed.Len(), len(reply))
		}
	})
}
