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

// usability follows whether any episode of a study got a usable turn,
// keeping the first failure's message for the one-line reason of a study
// in which nothing worked (a wrong URL, a missing key, a model that
// refuses).
type usability struct {
	seen, usable bool
	first        string
}

func (u *usability) add(res Result) {
	u.seen = true
	if u.first == "" {
		u.first = res.Failures.First
	}
	if res.Skipped {
		u.usable = u.usable || len(res.Episode.Failures) == 0
		return
	}
	if res.Errors == 0 {
		u.usable = true
		return
	}
	for _, t := range res.History {
		if !t.Action.Empty() {
			u.usable = true
			return
		}
	}
}

// why is the reason when episodes ran and none got a turn with words or
// a move, every one having failed; "" otherwise.
func (u usability) why() string {
	if !u.seen || u.usable {
		return ""
	}
	first := strings.Join(strings.Fields(u.first), " ")
	return fmt.Sprintf("no episode got a usable turn; every model call failed, the first with: %s", first)
}
