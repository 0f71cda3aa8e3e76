package record

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
)

// The turns' text read alone is what a whole read holds of the completed
// turns, for the shipped recordings, for one longer than is read at once,
// and up to a torn last line; a completed turn that cannot be read is an
// error naming its line.
func TestReadTurnTextsReadsWhatAWholeReadHolds(t *testing.T) {
	files, _ := filepath.Glob("../../recordings/*.jsonl")
	long := filepath.Join(t.TempDir(), "long.jsonl")
	data, _ := os.ReadFile(files[0])
	head, rest, _ := strings.Cut(string(data), "\n")
	pad := `{"run":"r","seq":0,"kind":"delta","turn":1,"seat":0,"delta":"` + strings.Repeat("x ", wholeFile/2) + `"}` + "\n"
	os.WriteFile(long, []byte(head+"\n"+pad+rest), 0o644)
	for _, p := range append(files, long) {
		rec, err := ReadTurns(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		var want []TurnText
		for _, ev := range rec.Events {
			if ev.Kind == event.TurnCompleted {
				want = append(want, TurnText{Turn: ev.Turn, Speaker: ev.Speaker, Text: ev.Action.Text})
			}
		}
		got, err := ReadTurnTexts(context.Background(), p)
		if err != nil || len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v\n%+v\nwant\n%+v", p, err, got, want)
		}
	}
	lines := strings.SplitAfter(string(data), "\n")
	var last int // the last completed turn's line
	for i, l := range lines {
		if strings.Contains(l, `"kind":"turn_completed"`) {
			last = i
		}
	}
	torn := filepath.Join(t.TempDir(), "torn.jsonl")
	os.WriteFile(torn, []byte(strings.Join(lines[:last], "")+lines[last][:40]), 0o644)
	whole, _ := ReadTurnTexts(context.Background(), files[0])
	if got, err := ReadTurnTexts(context.Background(), torn); err != nil || len(got) != len(whole)-1 {
		t.Errorf("torn: %d turns of %d, %v", len(got), len(whole), err)
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Join(lines[:last], "")+`{"kind":"turn_completed","turn":"two","action":{}}`+"\n"), 0o644)
	if _, err := ReadTurnTexts(context.Background(), bad); err == nil || !strings.Contains(err.Error(), bad+":"+strconv.Itoa(last+1)+": turn:") {
		t.Errorf("a turn that cannot be read: %v", err)
	}
}
