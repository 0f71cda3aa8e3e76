package craigslist

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// BenchmarkBuiltinEpisode plays one Craigslist AGENTS episode per iteration
// at pace 0 through run.Run, with a goroutine draining the events. The
// scenarios are generated beforehand and cycled, so the figure covers both
// short episodes (a seller walking away) and full negotiations.
func BenchmarkBuiltinEpisode(b *testing.B) {
	scenarios := make([]*scenario.Scenario, 64)
	for i := range scenarios {
		scenarios[i] = generate.Craigslist(int64(i + 1))
	}
	out := make(chan event.Event, 64)
	done := make(chan struct{})
	go func() {
		for range out {
		}
		close(done)
	}()
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		sc := scenarios[i%len(scenarios)]
		backends, err := builtin.Factory{}.Backends(sc, view.Agents, int64(i))
		if err != nil {
			b.Fatal(err)
		}
		run.Run(ctx, run.Config{ID: "bench", Scenario: sc, Mode: view.Agents, Backends: backends}, out)
	}
	b.StopTimer()
	close(out)
	<-done
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "episodes/s")
}
