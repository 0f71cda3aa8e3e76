package llm

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	dond "github.com/omnigap/omnigap/engine/family/dealornodeal"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

func TestEveryModeAndFamilyPlaysThrough(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.KeepAlives = 2
	f := testFactory(testConfig(srv))
	games := []*scenario.Scenario{dealGame(t)}
	for _, ref := range []string{"craigslist/road-bike", "mutualfriends/gen-3", "sotopia/broken-lamp"} {
		games = append(games, resolve(t, ref))
	}
	for _, sc := range games {
		ref := sc.ID
		for _, mode := range view.Modes {
			t.Run(ref+"/"+string(mode), func(t *testing.T) {
				p := play(t, context.Background(), f, sc, mode)
				if errs := p.errors(); len(errs) > 0 {
					t.Fatalf("errors: %v", errs)
				}
				if p.rec.Header.Backends != [2]string{"openai:fake", "openai:fake"} {
					t.Errorf("backends %v", p.rec.Header.Backends)
				}
				acts := p.actions()
				if len(acts) != sc.MaxTurns {
					t.Fatalf("%d turns, want %d (%s)", len(acts), sc.MaxTurns, p.ending.Reason)
				}
				if p.count(event.UsageReported) == 0 {
					t.Error("no usage recorded")
				}
				deltas := p.deltas()
				for i, a := range acts {
					if a.Type == event.Speak && deltas[i+1] != a.Text {
						t.Errorf("turn %d streamed %q, completed as %q", i+1, deltas[i+1], a.Text)
					}
				}
				if mode == view.Script && cl.ListingOf(sc) != nil && p.ending.Reason != event.Accepted {
					t.Errorf("scripted sale ended %s", p.ending.Reason)
				}
				// The cooperative fake proposes and accepts at the end of
				// a Deal-or-No-Deal game, in every mode.
				if dond.DealOf(sc) != nil && (p.ending.Reason != event.Accepted || !p.ending.Outcome.Good()) {
					t.Errorf("Deal-or-No-Deal game ended %s: %s", p.ending.Reason, p.ending.Outcome.Summary)
				}
			})
		}
	}
}
