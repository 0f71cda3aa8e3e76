package interop

import (
	"strings"
	"testing"
)

// The account counts what is on disk: a recording that took the place of
// one this import wrote is that file now, and the next command names it;
// every line is cleaned.
func TestAccountCountsWhatIsOnDisk(t *testing.T) {
	var said strings.Builder
	a := NewAccount(&said, "out", Recordings)
	at := func(line int) Position { return Position{File: "a.jsonl", Line: line} }
	a.Wrote("first.jsonl", at(1))
	a.Wrote("second.jsonl", at(2))
	a.FoundAgain(Repeat{Episode: "ep-1", First: at(1), Second: at(3), Recording: "first-scored.jsonl", Replaced: "first.jsonl"})
	a.Noted(at(2), "a note\x1b]0;title\x07")
	if err := a.Done(); err != nil {
		t.Fatal(err)
	}
	if files := a.Files(); len(files) != 2 || files[0] != (Placed{"first-scored.jsonl", at(3)}) || files[1].Name != "second.jsonl" {
		t.Errorf("files %+v", files)
	}
	for _, want := range []string{
		"note: episode ep-1 is in a.jsonl:1 and in a.jsonl:3: imported once, from a.jsonl:3, which has the evaluator's scores\n",
		"note: a.jsonl:2: a note\n",
		"2 recordings written to out, 0 skipped, 1 episode found again (imported once, as the note says)\n",
		"replay one: omnigap replay out/first-scored.jsonl; all of them: omnigap report out\n",
	} {
		if !strings.Contains(said.String(), want) {
			t.Errorf("the account says:\n%s\nwant %q in it", said.String(), want)
		}
	}
	one := NewAccount(&said, "out", Scenarios)
	one.Wrote("x.yaml", at(1))
	if one.counts() != "1 scenario file written to out, 0 skipped" {
		t.Errorf("one scenario file: %q", one.counts())
	}
}
