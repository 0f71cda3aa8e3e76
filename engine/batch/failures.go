package batch

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
)

// Failures counts one episode's error events per kind and keeps the first
// message, for the one-line reason of a run in which nothing worked.
type Failures struct {
	Kinds map[event.FailureKind]int
	First string
}

func (f *Failures) add(ev event.Event) {
	if f.Kinds == nil {
		f.Kinds = map[event.FailureKind]int{}
	}
	kind := ev.Failure
	if kind == "" {
		kind = event.OtherFailure
	}
	f.Kinds[kind]++
	if f.First == "" {
		f.First = ev.Error
	}
}

// NothingWorked returns why, when no episode got a single turn with words
// or a move and every one had failures: a wrong URL, a missing key or a
// model that refuses; "" otherwise.
func NothingWorked(results []Result) string {
	if len(results) == 0 {
		return ""
	}
	for _, r := range results {
		if r.Errors == 0 {
			return ""
		}
		for _, t := range r.History {
			if !t.Action.Empty() {
				return ""
			}
		}
	}
	first := strings.Join(strings.Fields(results[0].Failures.First), " ")
	return fmt.Sprintf("no episode got a usable turn; every model call failed, the first with: %s", first)
}
