package leak

import (
	"reflect"
	"sync"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// TestSharedAnnotatorsMatchFreshOnes: annotators made from one prepared
// scenario, used at once on several goroutines, annotate exactly as
// annotators built from scratch.
func TestSharedAnnotatorsMatchFreshOnes(t *testing.T) {
	sc := benchScenario()
	turns, _ := benchTurns(200)
	want := map[view.Mode][]event.Annotation{}
	for _, mode := range view.Modes {
		want[mode] = New(sc, mode).Annotate(turns)
	}
	annotate := Shared(2)
	var wg sync.WaitGroup
	for g := 0; g < 6; g++ {
		mode := view.Modes[g%len(view.Modes)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			got := annotate(sc, mode).(*Annotator).Annotate(turns)
			if !reflect.DeepEqual(got, want[mode]) {
				t.Errorf("%s: a shared annotator found %d annotations, a fresh one %d", mode, len(got), len(want[mode]))
			}
		}()
	}
	wg.Wait()
}
