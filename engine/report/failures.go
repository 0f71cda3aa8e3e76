package report

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
)

// CutShort reports whether an interruption stopped a run before it was
// done: during the dialogue (canceled or disconnected), or while the judge was scoring it
// (its scores are missing).
func CutShort(end event.Ending) bool {
	return end.Stopped() || end.Notes[metrics.JudgeStoppedNote] != ""
}

// AddFailures adds counts of failures per kind to the episode.
func (ep *Episode) AddFailures(kinds map[event.FailureKind]int) {
	for k, n := range kinds {
		if ep.Failures == nil {
			ep.Failures = map[event.FailureKind]int{}
		}
		ep.Failures[k] += n
	}
}

// judgeFailure counts a failed judge call noted in the ending.
func judgeFailure(end event.Ending) map[event.FailureKind]int {
	if end.Notes[metrics.JudgeErrorNote] == "" {
		return nil
	}
	return map[event.FailureKind]int{event.JudgeFailure: 1}
}

// failureCell is the table's failures cell of a group: "none", or the
// count per kind.
func failureCell(g Group) string {
	var parts []string
	for _, k := range event.FailureKinds {
		if n := g.Failures[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, k))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}
