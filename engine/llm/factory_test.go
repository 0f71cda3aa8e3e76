package llm

import (
	"testing"

	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/view"
)

// TestFactoryPlaysTheModesViewers: one writer for both SCRIPT seats, one
// agent per seat in AGENTS and MINDREADERS, each with its own seat's View;
// HUMANS seats are people, so no model plays them.
func TestFactoryPlaysTheModesViewers(t *testing.T) {
	f := NewFactory(config.Config{Endpoints: []config.Endpoint{{URL: "http://127.0.0.1:1/v1"}}, Model: "fake"})
	sc := resolve(t, "craigslist/road-bike")
	bs, err := f.Backends(sc, view.Script, 1)
	if err != nil || bs[0] != bs[1] {
		t.Fatalf("SCRIPT: %v, the same writer for both seats: %v", err, bs[0] == bs[1])
	}
	for _, mode := range []view.Mode{view.Agents, view.Mindreaders} {
		bs, err := f.Backends(sc, mode, 1)
		if err != nil {
			t.Fatal(err)
		}
		for seat, b := range bs {
			a, ok := b.(*Agent)
			if !ok || a.view.Viewer != seat || a.view.Mode != mode {
				t.Errorf("%s seat %d is played by %T", mode, seat, b)
			}
		}
	}
	if _, err := f.Backends(sc, view.Humans, 1); err == nil {
		t.Error("a model plays the HUMANS seats")
	}
}
