package record_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/recordtest"
)

// TestReadTurnsKeepsTurnsOnly: ReadTurns checks every line as Read does
// but holds only completed turns, annotations, errors and the end, and
// refuses to hold more than record.MaxKeptBytes.
func TestReadTurnsKeepsTurnsOnly(t *testing.T) {
	path := recordtest.Long(t, t.TempDir(), 200)
	whole, err := record.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.ReadTurns(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	var want []event.Event
	for _, ev := range whole.Events {
		switch ev.Kind {
		case event.TurnCompleted, event.Annotated, event.Error, event.RunEnded:
			want = append(want, ev)
		}
	}
	if len(rec.Events) != len(want) || len(want) != 200+20+1 || rec.Footer == nil || rec.Lines != whole.Lines || !reflect.DeepEqual(rec.Events, want) {
		t.Fatalf("kept %d events of %d (want %d), footer %v, lines %d/%d", len(rec.Events), len(whole.Events), len(want), rec.Footer, rec.Lines, whole.Lines)
	}
	defer func(was int) { record.MaxKeptBytes = was }(record.MaxKeptBytes)
	record.MaxKeptBytes = 50 * 512
	if _, err := record.ReadTurns(context.Background(), path); err == nil || !strings.HasPrefix(err.Error(), path+":") || !strings.Contains(err.Error(), "not read whole") {
		t.Fatalf("over the budget: %v", err)
	}
}
