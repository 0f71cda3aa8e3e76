package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// secretDraft is what a reasoning model thinks before it answers: a draft
// that names a private number, draft script lines and a stray brace.
func secretDraft(n [2]string) func(*llmtest.Request) string {
	return func(*llmtest.Request) string {
		return "My lowest is QUOKKA520 {\n1. " + n[0] + ": my lowest is QUOKKA520\n2. " + n[1] + ": QUOKKA520 then\n" +
			`{"action": "speak", "text": "QUOKKA520 it is"}`
	}
}

// noThoughtOutside checks that the marker appears in reasoning events only
// and that each turn's reasoning was kept.
func noThoughtOutside(t *testing.T, p played, marker string) {
	t.Helper()
	thoughts := 0
	for _, ev := range p.events {
		if ev.Kind == event.Reasoning {
			thoughts++
			continue
		}
		data, _ := json.Marshal(ev)
		if strings.Contains(string(data), marker) {
			t.Fatalf("the thinking leaked into a %s event: %s", ev.Kind, data)
		}
	}
	if thoughts == 0 {
		t.Error("no reasoning event: the audit has nothing to show")
	}
	if !strings.Contains(p.raw, `"kind":"reasoning"`) {
		t.Error("the reasoning is not in the recording")
	}
}

func TestReasoningIsNeverContent(t *testing.T) {
	n := names(t)
	for _, field := range []bool{false, true} {
		for _, mode := range view.Modes {
			t.Run(fmt.Sprintf("%s/reasoning_content=%v", mode, field), func(t *testing.T) {
				t.Parallel() // each its own server, mostly waiting for its chunks
				srv := llmtest.Start()
				defer srv.Close()
				srv.Think, srv.ThinkField = secretDraft(n), field
				srv.ChunkRunes = 5 // tags split across deltas
				srv.ChunkDelay = 100 * time.Microsecond
				f := testFactory(testConfig(srv))
				p := playWith(t, context.Background(), episode.Spec{Scenario: resolve(t, "craigslist/road-bike"), Mode: mode, Seed: 1,
					Factory: f, Annotate: f.Judge().Annotate(nil)})
				if errs := p.errors(); len(errs) > 0 {
					t.Fatalf("errors %v", errs)
				}
				noThoughtOutside(t, p, "QUOKKA520")
				if p.ending.Metrics["judge.seat0.goal"] == 0 {
					t.Errorf("the judge failed on the brace in its thinking: %v", p.ending.Notes)
				}
			})
		}
	}
}

func TestUnclosedThinkingIsNoTurn(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Respond = func(*llmtest.Request) string {
		return `<think>They want a move. {"action": "speak", "text": "my lowest is QUOKKA520"}`
	}
	for _, mode := range []view.Mode{view.Agents, view.Script} {
		p := play(t, context.Background(), testFactory(testConfig(srv)), resolve(t, "craigslist/road-bike"), mode)
		noThoughtOutside(t, p, "QUOKKA520")
		if len(p.errors()) == 0 || p.ending.Reason != event.EmptyTurns {
			t.Errorf("%s: errors %v, ended %s", mode, p.errors(), p.ending.Reason)
		}
	}
}
