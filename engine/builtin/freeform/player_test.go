package freeform

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// Every shipped free-form scenario plays to its end in every mode without
// a model: the players talk, agree and say goodbye, or run out of turns.
// The writer settles the scene soonest and agents take longest.
func TestEverySotopiaScenarioPlaysOffline(t *testing.T) {
	length := map[view.Mode]int{}
	for _, sc := range builtintest.Library(t, scenario.Sotopia) {
		id := sc.ID
		for _, mode := range view.Modes {
			for seed := int64(1); seed <= 10; seed++ {
				events := builtintest.Play(t, sc, mode, seed)
				e := builtintest.Ending(events)
				done := builtintest.Turns(events)
				if e.Reason != event.SeatLeft && e.Reason != event.TurnLimit {
					t.Fatalf("%s %s seed %d ended %s: %s", id, mode, seed, e.Reason, e.Outcome.Summary)
				}
				for _, ev := range events {
					if ev.Kind == event.Error {
						t.Fatalf("%s %s seed %d: error event %+v", id, mode, seed, ev)
					}
				}
				if len(done) < 4 {
					t.Fatalf("%s %s seed %d: only %d turns", id, mode, seed, len(done))
				}
				length[mode] += len(done)
			}
		}
	}
	t.Logf("turns played over all free-form episodes: %v", length)
	if !(length[view.Script] < length[view.Mindreaders] && length[view.Mindreaders] < length[view.Agents]) {
		t.Errorf("episode lengths %v: want SCRIPT shortest and AGENTS longest", length)
	}
}

// What a free-form player says of the partner's secret comes from its
// View: agents never say it before the partner has (then they may say
// it back), mind readers and the writer do.
func TestSotopiaSecretsFollowTheView(t *testing.T) {
	sc, err := library.Resolve("sotopia/borrowed-money", 1)
	if err != nil {
		t.Fatal(err)
	}
	said := func(mode view.Mode, seat int, phrase string) bool {
		for seed := int64(1); seed <= 10; seed++ {
			for _, ev := range builtintest.Turns(builtintest.Play(t, sc, mode, seed)) {
				if strings.Contains(strings.ToLower(ev.Action.Text), phrase) {
					if ev.Seat != seat {
						break // the partner said it first
					}
					return true
				}
			}
		}
		return false
	}
	// Sam's secret is his betting debt; Rosa's, that she was laid off.
	if said(view.Agents, 1, "betting") || said(view.Agents, 0, "laid off") {
		t.Error("an AGENTS player spoke of the partner's secret")
	}
	if !said(view.Mindreaders, 1, "betting") || !said(view.Script, 0, "laid off") {
		t.Error("mind readers and the writer never used what they know of the partner")
	}
}
