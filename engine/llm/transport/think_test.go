package transport

import (
	"strings"
	"testing"
)

func TestThinkSplitAcrossAnyDeltas(t *testing.T) {
	in := "<think>a < b</think>\n\nHello <b>there</b> <thin"
	for size := 1; size <= len(in); size++ {
		var shown strings.Builder
		ts := newThinkSplit(func(s string) { shown.WriteString(s) }, false)
		for i := 0; i < len(in); i += size {
			ts.feed(in[i:min(i+size, len(in))])
		}
		ts.end()
		if shown.String() != "Hello <b>there</b> <thin" || ts.reasoning.String() != "a < b" {
			t.Fatalf("size %d: content %q, reasoning %q", size, shown.String(), ts.reasoning.String())
		}
	}
}

func TestTemplateOpenedThinkingNeverStreamsInAJSONRole(t *testing.T) {
	in := `I could say {"action": "speak", "text": "my lowest is QUOKKA520"}, but no.` + "\n</think>\n\n" + `{"action": "speak", "text": "Hello."}`
	for size := 1; size <= len(in); size += 3 {
		var shown strings.Builder
		ts := newThinkSplit(func(s string) { shown.WriteString(s) }, true)
		for i := 0; i < len(in); i += size {
			ts.feed(in[i:min(i+size, len(in))])
		}
		ts.end()
		if shown.String() != `{"action": "speak", "text": "Hello."}` || !strings.Contains(ts.reasoning.String(), "QUOKKA520") {
			t.Fatalf("size %d: streamed %q, reasoning %q", size, shown.String(), ts.reasoning.String())
		}
	}
	// A prose answer without any tag is still the answer, shown at the end.
	var shown strings.Builder
	ts := newThinkSplit(func(s string) { shown.WriteString(s) }, true)
	ts.feed("Would you take 450?")
	if shown.Len() != 0 {
		t.Error("prose streamed before it was known not to be thinking")
	}
	ts.end()
	if shown.String() != "Would you take 450?" {
		t.Errorf("prose answer %q", shown.String())
	}
}
