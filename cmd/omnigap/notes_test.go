package main

import (
	"bytes"
	"testing"
)

// Notes written in pieces get the command's name once at the start of
// each line, however the writes cut them.
func TestNotesOpenEachLineWithTheCommand(t *testing.T) {
	var b bytes.Buffer
	p := &linePrefixer{w: &b, prefix: []byte("omnigap report: "), start: true}
	for _, piece := range []string{"skipped a.jsonl", ": cut\nskipped b", ".jsonl\n", "\n"} {
		if n, err := p.Write([]byte(piece)); err != nil || n != len(piece) {
			t.Fatalf("Write(%q) = %d, %v", piece, n, err)
		}
	}
	want := "omnigap report: skipped a.jsonl: cut\nomnigap report: skipped b.jsonl\nomnigap report: \n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}
