// Package episode wires one run together for any front end: backends from a
// factory, the controller, the annotator and the recording, with the events
// delivered on a channel.
package episode

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
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

// Player is a Factory whose runs already happened: a mode's run is
// played back from what was recorded rather than played by backends
// (replay.Set). A fork of such a run is played by the fork's own factory.
type Player interface {
	// Players names what played each seat, for the run's header.
	Players(mode view.Mode) ([2]string, error)
	// Play sends the run's events to out, paced and paused by control,
	// and returns how it ended. An error says why it could not be played
	// to its end; the events say so too.
	Play(ctx context.Context, mode view.Mode, id string, control *run.Controller, out chan<- event.Event) (event.Ending, error)
}

// Orderer is a Factory whose runs have their own order of speakers (a
// people's transcript); the runs of other factories alternate.
type Orderer interface {
	Order(mode view.Mode) run.Order
}

// Ender is a Factory whose runs end as a record says (a recorded
// episode played again): run.Config.Ends.
type Ender interface {
	Ends(mode view.Mode) func(history []event.Turn) *event.Ending
}

// SettingsReporter is a Factory that can say how a mode's runs of a
// scenario sample, for the recording's header: a model factory its
// endpoint, parameters and writer's instruction, a replay the settings
// its recording was made with. sc may be nil: settings that depend on
// the scenario are then left out.
type SettingsReporter interface {
	Settings(sc *scenario.Scenario, mode view.Mode) map[string]string
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
	// Player, when set, names the person in a seat for the recording's
	// header (record.Header.Player).
	Player string
	// Control, when set, is the run's controller instead of a new one,
	// for a front end that must reach it before the run starts (an
	// annotator that pauses the run at a leak).
	Control *run.Controller
	// Person is what a person who plays a seat is shown: every side
	// (the zero value, as in watch) or their own (play). It goes to the
	// annotator with each turn and into the recording's header.
	Person event.Person
	// Source, when set, names where an imported run came from, for the
	// recording's header (record.Header.Source).
	Source *record.Source
	// Unrecorded, when set, is told at once, from the run's goroutine,
	// when the recording can no longer be written (a full disk): the
	// run goes on, and its events from then on are not recorded. The
	// error names the file.
	Unrecorded func(err error)
}

// Fork is where a forked run branches off: its first turns repeat Prefix
// at once, each by its seat, and the factory's backends play from there
// on. Parent is written to the recording's header.
type Fork struct {
	Parent record.Parent
	Prefix []event.Turn
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

// Start builds the backends, or for a Player's run its playback, and
// starts the run in its own goroutine.
func Start(ctx context.Context, spec Spec) (*Live, error) {
	id := ID(spec.Scenario, spec.Mode, spec.Seed)
	control := spec.Control
	if control == nil {
		control = run.NewController(spec.Pace)
	}
	out := make(chan event.Event, spec.Buffer)
	l := &Live{ID: id, Spec: spec, Control: control, Events: out, done: make(chan struct{})}
	var play func(ctx context.Context, out chan<- event.Event) (event.Ending, error)
	var backends [2]run.Backend
	if p, ok := spec.Factory.(Player); ok && spec.Fork == nil {
		names, err := p.Players(spec.Mode)
		if err != nil {
			return nil, err
		}
		l.Backends = names
		play = func(ctx context.Context, out chan<- event.Event) (event.Ending, error) {
			return p.Play(ctx, spec.Mode, l.ID, control, out)
		}
	} else {
		cfg, err := l.config()
		if err != nil {
			return nil, err
		}
		backends = cfg.Backends
		play = func(ctx context.Context, out chan<- event.Event) (event.Ending, error) {
			return run.Run(ctx, cfg, out), nil
		}
	}
	var rec *record.Writer
	if spec.RecordDir != "" {
		var err error
		if rec, err = l.createRecording(); err != nil {
			return nil, err
		}
		l.Recording = rec.Path()
	}
	go l.play(ctx, play, backends, rec, out)
	return l, nil
}

// config is the runner's configuration of a run that backends play; it
// names the backends in l.
func (l *Live) config() (run.Config, error) {
	spec := l.Spec
	backends, err := spec.Factory.Backends(spec.Scenario, spec.Mode, spec.Seed)
	if err != nil {
		return run.Config{}, err
	}
	var order run.Order
	if o, ok := spec.Factory.(Orderer); ok {
		order = o.Order(spec.Mode)
	}
	if f := spec.Fork; f != nil {
		l.ID += fmt.Sprintf("-fork-t%d", f.Parent.Turn)
		backends = forked(backends, f.Prefix)
		order = forkOrder(f.Prefix, order)
	}
	l.Backends = [2]string{backends[0].Name(), backends[1].Name()}
	cfg := run.Config{ID: l.ID, Scenario: spec.Scenario, Mode: spec.Mode, Backends: backends, Control: l.Control,
		Order: order, MaxUtterance: spec.MaxUtterance, Person: spec.Person}
	if e, ok := spec.Factory.(Ender); ok && spec.Fork == nil {
		cfg.Ends = e.Ends(spec.Mode)
	}
	if spec.Annotate != nil {
		cfg.Annotator = spec.Annotate(spec.Scenario, spec.Mode)
	}
	return cfg, nil
}

// RetryCounter is a backend that counts the calls it sent again, by kind
// (the model backends). The run's ending holds its count.
type RetryCounter interface {
	Retries() map[string]int
}

// CacheCounter is a backend whose calls may go through a reply cache
// (the model backends). The run's ending holds its count.
type CacheCounter interface {
	CacheUse() event.CacheUse
}

// addRetries adds the backends' retries and cache counts to a copy of
// end: the runner still holds end.
func addRetries(end *event.Ending, backends [2]run.Backend) *event.Ending {
	out := *end
	out.Retries = maps.Clone(end.Retries)
	if end.Cache != nil {
		c := *end.Cache
		out.Cache = &c
	}
	for seat, b := range backends {
		rc, retries := b.(RetryCounter)
		cc, caches := b.(CacheCounter)
		// Only a counter is compared: other backends may not be
		// comparable. One backend of both seats (the writer) counts once.
		if !retries && !caches || seat == 1 && b == backends[0] {
			continue
		}
		if retries {
			out.AddRetries(rc.Retries())
		}
		if caches {
			out.AddCache(cc.CacheUse())
		}
	}
	return &out
}

func (l *Live) createRecording() (*record.Writer, error) {
	h := record.Header{RunID: l.ID, Scenario: l.Spec.Scenario, Mode: l.Spec.Mode, Backends: l.Backends, Seed: l.Spec.Seed,
		Started: time.Now().UTC(), Person: l.Spec.Person, Player: l.Spec.Player, Source: l.Spec.Source}
	if f := l.Spec.Fork; f != nil {
		parent := f.Parent
		h.Parent = &parent
	}
	if s, ok := l.Spec.Factory.(SettingsReporter); ok {
		h.Settings = s.Settings(l.Spec.Scenario, l.Spec.Mode)
	}
	path := filepath.Join(l.Spec.RecordDir, l.ID+".jsonl")
	for n := 2; ; n++ {
		w, err := record.Create(path, h)
		if errors.Is(err, fs.ErrNotExist) {
			// The folder is made on the first recording only: a study
			// creates thousands in it.
			if err := os.MkdirAll(l.Spec.RecordDir, 0o755); err != nil {
				return nil, err
			}
			w, err = record.Create(path, h)
		}
		if !errors.Is(err, fs.ErrExist) {
			return w, err
		}
		path = filepath.Join(l.Spec.RecordDir, fmt.Sprintf("%s-%d.jsonl", l.ID, n))
	}
}

// play runs or plays back the episode, recording each event before
// passing it on. The ending of a run gets the retries of its backends
// (none for a playback, whose recorded ending holds them).
func (l *Live) play(ctx context.Context, play func(context.Context, chan<- event.Event) (event.Ending, error), backends [2]run.Backend, rec *record.Writer, out chan<- event.Event) {
	defer close(l.done)
	defer close(out)
	inner := make(chan event.Event, cap(out))
	var playErr error
	var ended *event.Ending // as recorded in the run-ended event
	go func() {
		l.ending, playErr = play(ctx, inner)
		close(inner)
	}()
	for ev := range inner {
		if ev.Kind == event.RunEnded && ev.Ending != nil {
			ev.Ending = addRetries(ev.Ending, backends)
			ended = ev.Ending
		}
		if rec != nil && l.err == nil {
			if l.err = rec.Event(ev); l.err != nil && l.Spec.Unrecorded != nil {
				l.Spec.Unrecorded(l.err)
			}
		}
		out <- ev
	}
	footer := &l.ending
	if ended != nil {
		l.ending.Retries, l.ending.Cache = ended.Retries, ended.Cache
		footer = ended // the same ending, so the recorder encodes it once
	}
	if rec != nil {
		if err := rec.Close(footer); l.err == nil {
			if l.err = err; err != nil && l.Spec.Unrecorded != nil {
				l.Spec.Unrecorded(err)
			}
		}
	}
	if l.err == nil {
		l.err = playErr
	}
}

// Wait blocks until the run has ended and its recording is closed, and
// returns the ending and any recording error, or the error that stopped a
// played-back run. Events must be drained for the run to end.
func (l *Live) Wait() (event.Ending, error) {
	<-l.done
	return l.ending, l.err
}
