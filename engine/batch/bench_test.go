package batch_test

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/view"
)

// BenchmarkStudy is what `omnigap run --scenario 'craigslist/gen-*'
// --episodes 100` does with the built-in engine: 300 episodes, each a
// fresh scenario, annotated and recorded to a folder, tallied as they end.
func BenchmarkStudy(b *testing.B) {
	for b.Loop() {
		o := batch.Options{
			Refs: []string{"craigslist/gen-*"}, Modes: []view.Mode{view.Script, view.Agents, view.Mindreaders},
			Episodes: 100, Seed: 1, Concurrency: 4, OutDir: b.TempDir(),
			Resolve: library.Resolve, Factory: builtin.Factory{}, Annotate: leak.Shared(16),
		}
		out, err := batch.Study(context.Background(), o)
		if err != nil {
			b.Fatal(err)
		}
		if out.Progress.Done != 300 {
			b.Fatalf("%d episodes done, want 300", out.Progress.Done)
		}
	}
}
