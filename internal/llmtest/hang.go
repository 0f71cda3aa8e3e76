package llmtest

import (
	"strings"
	"sync"
)

// Judging reports whether r is a judge's call: its system message frames
// an evaluator.
func Judging(r *Request) bool { return strings.Contains(r.Message("system"), "evaluator") }

// HangWhen makes a Chaos that hangs every request match accepts and lets
// the others through; the channel is closed when the first hung request
// arrives, so a test can act while a call hangs.
func HangWhen(match func(*Request) bool) (func(*Request) Fault, <-chan struct{}) {
	arrived := make(chan struct{})
	var once sync.Once
	return func(r *Request) Fault {
		if !match(r) {
			return Fault{}
		}
		once.Do(func() { close(arrived) })
		return Fault{Hang: true}
	}, arrived
}
