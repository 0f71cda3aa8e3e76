package llm

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pkoukk/tiktoken-go"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/leak/check"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/estimate"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// seen is a layer over the stand-in that keeps every request and the
// usage the stand-in reported for it.
type seen struct {
	mu    sync.Mutex
	calls []seenCall
}

type seenCall struct {
	req   chat.Request
	usage event.Usage
}

func (s *seen) layer(next transport.Call) transport.Call {
	return func(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, error) {
		reply, err := next(ctx, req, onDelta)
		s.mu.Lock()
		s.calls = append(s.calls, seenCall{req, *reply.Usage})
		s.mu.Unlock()
		return reply, err
	}
}

// dryFactory is NewDryRunFactory with the calls kept in s.
func dryFactory(cfg config.Config, d DryRun, s *seen) *Factory {
	return newFactory(cfg, transport.Options{Clients: []chat.Client{unsent{}}, Layers: []transport.Layer{s.layer, newStandIn(d).layer}})
}

// The dry run's stand-in answers every role in a way it reads: in every
// family and mode an episode runs to its turn limit, or ends where EndAt
// says, without a failure, the SCRIPT writer in one call and the judge
// in one per seat, each turn and judge reply of the size asked for; and
// the prompt tokens it reports are the real prompt counted whole with
// the model's encoding, in the chat format.
func TestDryRunPlaysEveryFamilyToItsLimit(t *testing.T) {
	t.Parallel() // its own server; it waits or works while the others do
	cfg := config.Config{Model: "gpt-4o-mini", Judge: true}
	enc, err := tiktoken.GetEncoding(estimate.For(cfg.Model).Encoding)
	if err != nil {
		t.Fatal(err)
	}
	whole := func(msgs []chat.Message) int {
		n := 3
		for _, m := range msgs {
			n += 3 + len(enc.EncodeOrdinary(string(m.Role))) + len(enc.EncodeOrdinary(m.Content))
		}
		return n
	}
	for _, ref := range []string{"craigslist/road-bike", "mutualfriends/gen-3", "dealornodeal", "sotopia/team-lead"} {
		var sc *scenario.Scenario
		if ref == "dealornodeal" {
			sc = dealGame(t)
		} else {
			sc = resolve(t, ref)
		}
		for _, mode := range []view.Mode{view.Script, view.Agents, view.Mindreaders} {
			for _, end := range []float64{1, 0.5} {
				var s seen
				f := dryFactory(cfg, DryRun{TurnTokens: 50, JudgeTokens: 300, EndAt: end}, &s)
				p := playWith(t, context.Background(), episode.Spec{Scenario: sc, Mode: mode, Seed: 1, Factory: f,
					Annotate: f.Judge().Annotate(leak.Shared(2))})
				want := sc.MaxTurns
				if end < 1 {
					want = (sc.MaxTurns + 1) / 2
				}
				if got := len(p.actions()); got != want || len(p.errors()) > 0 || p.ending.Notes["judge.error"] != "" {
					t.Errorf("%s %s to %v: %d turns (want %d), errors %v %q", ref, mode, end, got, want, p.errors(), p.ending.Notes["judge.error"])
				}
				roleCalls := want
				if mode == view.Script {
					roleCalls = 1
				}
				if len(s.calls) != roleCalls+2 {
					t.Errorf("%s %s to %v: %d calls, want %d and the judge's 2", ref, mode, end, len(s.calls), roleCalls)
				}
				for i, c := range s.calls {
					if w := whole(c.req.Messages); c.usage.Prompt != w {
						t.Errorf("%s %s call %d: %d prompt tokens reported, %d counted whole", ref, mode, i+1, c.usage.Prompt, w)
					}
					judging := i >= len(s.calls)-2
					if size := c.usage.Completion; !judging && mode != view.Script && (size < 45 || size > 55) {
						t.Errorf("%s %s call %d: a turn of %d tokens, want about 50", ref, mode, i+1, size)
					} else if judging && (size < 280 || size > 320) {
						t.Errorf("%s %s: a judge reply of %d tokens, want about 300", ref, mode, size)
					}
				}
			}
		}
	}
}

// TestDryRunAnswersTheLeakCheck: with --leak-check, the stand-in answers
// each check as a check (no finding), so a dry run counts one call per
// turn for it and no re-asks or failures.
func TestDryRunAnswersTheLeakCheck(t *testing.T) {
	cfg := config.Config{Model: "gpt-4o-mini", LeakCheck: true}
	var s seen
	f := dryFactory(cfg, DryRun{TurnTokens: 50, EndAt: 1}, &s)
	sc := resolve(t, "craigslist/road-bike")
	p := playWith(t, context.Background(), episode.Spec{Scenario: sc, Mode: view.Agents, Seed: 1, Factory: f,
		Annotate: check.Annotate(f.Checker(), time.Minute, leak.Annotate)})
	if len(p.errors()) > 0 {
		t.Fatalf("errors: %v", p.errors())
	}
	checks := 0
	for _, c := range s.calls {
		if strings.HasPrefix(c.req.Messages[0].Content, checkOpening) {
			checks++
		}
	}
	if turns := len(p.actions()); checks != turns {
		t.Errorf("%d check calls for %d turns", checks, turns)
	}
}
