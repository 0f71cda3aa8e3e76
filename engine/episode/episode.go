// Package episode wires one run together for any front end: backends from a
// factory, the controller, the annotator and the recording, with the events
// delivered on a channel.
package episode

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Factory builds the backends that play a scenario in a mode. In SCRIPT
// both returned backends are the same writer.
type Factory interface {
	Backends(sc *scenario.Scenario, mode view.Mode, seed int64) ([2]run.Backend, error)
}

// SettingsReporter is a Factory that can say how it samples, for the
// recording's header.
type SettingsReporter interface {
	Settings() map[string]string
}

// Spec says what to run.
type Spec struct {
	Scenario *scenario.Scenario
	Mode     view.Mode
	Seed     int64
	Pace     time.Duration
	Factory  Factory
	// Annotate, when set, makes the run's annotator.
	Annotate func(*scenario.Scenario, view.Mode) run.Annotator
	// RecordDir, when set, receives one recording for the run.
	RecordDir string
	// Buffer is the event channel's capacity.
	Buffer int
	// MaxUtterance caps a turn's text (run.Config.MaxUtterance).
	MaxUtterance int
	// Fork, when set, starts the run from another run's history.
	Fork *Fork
	// Control, when set, is the run's controller instead of a new one,
	// for a front end that must reach it before the run starts (an
	// annotator that pauses the run at a leak).
	Control *run.Controller
}

// Fork is where a forked run branches off: its first turns repeat Prefix
// at once, and the factory's backends play from there on. Parent is
// written to the recording's header.
type Fork struct {
	Parent record.Parent
	Prefix []event.Action
}

// Live is a started run.
type Live struct {
	ID       string
	Spec     Spec
	Backends [2]string
	Control  *run.Controller
	// Events delivers every event of the run and is closed after the last.
	Events <-chan event.Event
	// Recording is the path being written, if any.
	Recording string
	done      chan struct{}
	ending    event.Ending
	err       error
}

// ID names a run by scenario, mode and seed, safe as a file name.
func ID(sc *scenario.Scenario, mode view.Mode, seed int64) string {
	return fmt.Sprintf("%s-%s-s%d", strings.ReplaceAll(sc.ID, "/", "_"), mode, seed)
}

// Start builds the backends and starts the run in its own goroutine.
func Start(ctx context.Context, spec Spec) (*Live, error) {
	backends, err := spec.Factory.Backends(spec.Scenario, spec.Mode, spec.Seed)
	if err != nil {
		return nil, err
	}
	id := ID(spec.Scenario, spec.Mode, spec.Seed)
	if f := spec.Fork; f != nil {
		id += fmt.Sprintf("-fork-t%d", f.Parent.Turn)
		backends = forked(backends, f.Prefix)
	}
	out := make(chan event.Event, spec.Buffer)
	control := spec.Control
	if control == nil {
		control = run.NewController(spec.Pace)
	}
	l := &Live{
		ID: id, Spec: spec,
		Backends: [2]string{backends[0].Name(), backends[1].Name()},
		Control:  control, Events: out, done: make(chan struct{}),
	}
	var rec *record.Writer
	if spec.RecordDir != "" {
		if rec, err = l.createRecording(); err != nil {
			return nil, err
		}
		l.Recording = rec.Path()
	}
	cfg := run.Config{ID: l.ID, Scenario: spec.Scenario, Mode: spec.Mode, Backends: backends, Control: l.Control,
		MaxUtterance: spec.MaxUtterance}
	if spec.Annotate != nil {
		cfg.Annotator = spec.Annotate(spec.Scenario, spec.Mode)
	}
	go l.play(ctx, cfg, rec, out)
	return l, nil
}

func (l *Live) createRecording() (*record.Writer, error) {
	if err := os.MkdirAll(l.Spec.RecordDir, 0o755); err != nil {
		return nil, err
	}
	h := record.Header{RunID: l.ID, Scenario: l.Spec.Scenario, Mode: l.Spec.Mode, Backends: l.Backends, Seed: l.Spec.Seed, Started: time.Now().UTC()}
	if f := l.Spec.Fork; f != nil {
		parent := f.Parent
		h.Parent = &parent
	}
	if s, ok := l.Spec.Factory.(SettingsReporter); ok {
		h.Settings = s.Settings()
	}
	path := filepath.Join(l.Spec.RecordDir, l.ID+".jsonl")
	for n := 2; ; n++ {
		w, err := record.Create(path, h)
		if !os.IsExist(err) {
			return w, err
		}
		path = filepath.Join(l.Spec.RecordDir, fmt.Sprintf("%s-%d.jsonl", l.ID, n))
	}
}

// play runs the episode, recording each event before passing it on.
func (l *Live) play(ctx context.Context, cfg run.Config, rec *record.Writer, out chan<- event.Event) {
	defer close(l.done)
	defer close(out)
	inner := make(chan event.Event, cap(out))
	go func() {
		l.ending = run.Run(ctx, cfg, inner)
		close(inner)
	}()
	for ev := range inner {
		if rec != nil && l.err == nil {
			l.err = rec.Event(ev)
		}
		out <- ev
	}
	if rec != nil {
		if err := rec.Close(&l.ending); l.err == nil {
			l.err = err
		}
	}
}

// Wait blocks until the run has ended and its recording is closed, and
// returns the ending and any recording error. Events must be drained for
// the run to end.
func (l *Live) Wait() (event.Ending, error) {
	<-l.done
	return l.ending, l.err
}
