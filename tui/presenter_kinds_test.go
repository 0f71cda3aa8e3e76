package tui

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/tui/overlay"
)

// TestDemoStopsAtLeaksAndMindReadsOnly: the presenter's runs stop at a
// counted leak or mind-read, never at a guess (no one who made the turn
// knew the fact), a disclosure or a denial.
func TestDemoStopsAtLeaksAndMindReadsOnly(t *testing.T) {
	for _, c := range []struct {
		a    event.Annotation
		stop bool
	}{
		{event.Annotation{Kind: event.Leak}, true},
		{event.Annotation{Kind: event.MindRead}, true},
		{event.Annotation{Kind: event.Leak, Approximate: true}, true},
		{event.Annotation{Kind: event.Guess}, false},
		{event.Annotation{Kind: event.Disclosure}, false},
		{event.Annotation{Kind: event.FirstMention}, false},
		{event.Annotation{Kind: event.Leak, Negated: true}, false},
	} {
		a := c.a
		if got := stopsDemo(event.Event{Kind: event.Annotated, Annotation: &a}); got != c.stop {
			t.Errorf("%+v: stops %v, want %v", c.a, got, c.stop)
		}
	}
}

// TestRevealSaysGuessed: the play reveal tells a player who said the
// partner's fact that they guessed it, never that they leaked it.
func TestRevealSaysGuessed(t *testing.T) {
	for a, want := range map[event.Annotation]string{
		{Kind: event.Guess}:                    "you guessed Dana's private fact exactly",
		{Kind: event.Guess, Approximate: true}: "you guessed close to Dana's private fact",
		{Kind: event.Disclosure}:               "you told your own",
		{Kind: event.Guess, Negated: true}:     "you denied it (not counted)",
	} {
		if got := overlay.YourTurn(a, "Dana"); got != want {
			t.Errorf("%+v: %q, want %q", a, got, want)
		}
	}
}
