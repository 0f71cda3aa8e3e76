package llm

import (
	"context"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestEpisodesAtConcurrency64 plays 320 AGENTS episodes of 20 turns, 64
// at a time (five waves of the pool), against the loopback server, and
// reads every recording back. How fast a thousand go is the CLI's figure
// in docs/LLM.md; here the waves, not their number, are the point.
func TestEpisodesAtConcurrency64(t *testing.T) {
	t.Parallel() // its own server; it waits or works while the others do
	if testing.Short() {
		t.Skip("6,400 calls")
	}
	const episodes, turns = 320, 20
	srv := llmtest.Start()
	defer srv.Close()
	srv.Keep = 1
	out := t.TempDir()
	results, err := batch.Run(context.Background(), batch.Options{
		Refs: []string{"craigslist/gen-*"}, Modes: []view.Mode{view.Agents}, Episodes: episodes, Seed: 1,
		Concurrency: 64, OutDir: out, Resolve: library.Resolve, Factory: testFactory(testConfig(srv)),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != episodes {
		t.Fatalf("%d results", len(results))
	}
	for _, r := range results {
		rec, err := record.Read(r.Recording)
		if err != nil {
			t.Fatal(err)
		}
		end := rec.Ending()
		if rec.Footer == nil || rec.Torn || end == nil || end.Turns != turns || end.Reason != event.TurnLimit || r.Errors != 0 {
			t.Fatalf("%s: footer %v torn %v ending %+v errors %d", r.Recording, rec.Footer != nil, rec.Torn, end, r.Errors)
		}
	}
	if srv.Count() != episodes*turns {
		t.Errorf("%d calls, want %d", srv.Count(), episodes*turns)
	}
}

// BenchmarkAgentTurnOverhead measures one AGENTS turn against an instant
// loopback server: prompt building, the HTTP round trip with streaming,
// partial-JSON streaming and action parsing, in the middle of a 20-turn
// dialogue. It reports the server's share (server-ns/op: the handler's
// time) and the rest (app-ns/op: the app's side and the loopback).
func BenchmarkAgentTurnOverhead(b *testing.B) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Keep = 1
	// An instant server: a fixed reply, so that what is measured is the
	// app's side (prompt, request, stream parsing, action extraction) plus
	// the loopback HTTP round trip.
	srv.Respond = func(*llmtest.Request) string {
		return `{"action": "speak", "text": "A sentence of about the usual length for a turn in a negotiation."}`
	}
	sc := resolve(b, "craigslist/road-bike")
	bs, err := testFactory(testConfig(srv)).Backends(sc, view.Agents, 1)
	if err != nil {
		b.Fatal(err)
	}
	var history []event.Turn
	for n := 1; n <= 10; n++ {
		seat := (n - 1) % 2
		history = append(history, event.Turn{Number: n, Seat: seat, Speaker: sc.Seats[seat].Character.Name,
			Action: event.Action{Type: event.Speak, Text: "A sentence of about the usual length for a turn in a negotiation."}})
	}
	req := run.Request{Seat: 0, Turn: 11, History: history, Emit: func(string) {}}
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	start, busy := time.Now(), srv.Busy()
	for range b.N {
		res, err := bs[0].Turn(ctx, req)
		if err != nil || res.Action.Type != event.Speak {
			b.Fatal(err, res.Action)
		}
	}
	// The handler ends just before the client reads the last byte, so
	// every turn's server time is in by the time the loop ends.
	server := srv.Busy() - busy
	b.ReportMetric(float64(server.Nanoseconds())/float64(b.N), "server-ns/op")
	b.ReportMetric(float64((time.Since(start)-server).Nanoseconds())/float64(b.N), "app-ns/op")
}
