package llm

import (
	"strings"
	"testing"
)

// FuzzModelOutput: whatever a model sends, extracting the JSON action and
// streaming its text from the partial object never panic, and the streamed
// text never grows past what was sent.
func FuzzModelOutput(f *testing.F) {
	for _, s := range []string{
		`{"action":"speak","text":"How about $450?"}`,
		"```json\n{\"action\": \"offer\", \"price\": 450, \"text\": \"450, final\",}\n```",
		`Sure! {"text": "caf\u00e9 \"quoted\" \\ end`,
		`{"utterance":"\ud83d\ude00 ok"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, reply string) {
		extractObject(reply)
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
