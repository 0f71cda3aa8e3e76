package tui

import (
	"context"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

// session starts the runs behind the panes: once at launch and again on
// each restart. It holds no screen state.
type session struct {
	ctx  context.Context
	opts Options
	feed *feed
	// program is the program showing the runs, once it is made: a run's
	// goroutine tells it of a recording that can no longer be written.
	program atomic.Pointer[tea.Program]
}

// unrecordedMsg says a run's recording can no longer be written.
type unrecordedMsg struct{ err error }

// unrecorded tells the host's hook and the program that a recording can
// no longer be written.
func (s *session) unrecorded(err error) {
	if s.opts.Unrecorded != nil {
		s.opts.Unrecorded(err)
	}
	if p := s.program.Load(); p != nil {
		p.Send(unrecordedMsg{err: err})
	}
}

// generation is one set of runs, one per mode, started together and
// cancelled together. In play it also has the user's seat and the SCRIPT
// run the reveal compares with.
type generation struct {
	seed   int64
	runs   []*episode.Live
	player *human.Backend // plays Options.Play.Seat in runs[0]
	script *episode.Live  // SCRIPT, same scenario and seed, headless
	// cancel stops the generation's runs; a Stop cause names the reason
	// they end with (nil: canceled).
	cancel context.CancelCauseFunc
}

// startedMsg reports the runs of a restart.
type startedMsg struct {
	gen *generation
	err error
}

// start launches one run per mode and, in play, the comparison run. On
// error the runs already started are cancelled (their pumps still drain
// them, so recordings close cleanly).
func (s *session) start(seed int64, pace time.Duration) (*generation, error) {
	ctx, cancel := context.WithCancelCause(s.ctx)
	g := &generation{seed: seed, cancel: cancel}
	factory := s.opts.Factory
	if pl := s.opts.Play; pl != nil {
		g.player = human.New()
		factory = episode.Seated{Factory: factory, Seat: pl.Seat, Player: g.player}
	}
	for _, mode := range s.opts.Modes {
		spec := episode.Spec{
			Scenario: s.opts.Scenario, Mode: mode, Seed: seed, Pace: pace,
			Factory: factory, Annotate: s.opts.Annotate,
			RecordDir: s.opts.RecordDir, Buffer: 64, MaxUtterance: s.opts.MaxUtterance,
			Player: s.opts.Player, Unrecorded: s.unrecorded,
		}
		if s.opts.Play != nil {
			// The player is shown their own side only: a partner's fact
			// they say is a guess, not a leak.
			spec.Person = event.PersonSeesOwn
		}
		if s.opts.Demo != nil {
			// The run stops itself at each leak and mind-read, for the
			// callout.
			spec.Control = run.NewController(pace)
			spec.Control.PauseAfter(stopsDemo)
		}
		live, err := s.launch(ctx, spec)
		if err != nil {
			cancel(nil)
			return nil, err
		}
		g.runs = append(g.runs, live)
	}
	if s.opts.Play != nil {
		live, err := s.launch(ctx, episode.Spec{
			Scenario: s.opts.Scenario, Mode: view.Script, Seed: seed,
			Factory: s.opts.Factory, Annotate: s.opts.Annotate, Buffer: 64,
			MaxUtterance: s.opts.MaxUtterance,
		})
		if err != nil {
			cancel(nil)
			return nil, err
		}
		g.script = live
	}
	return g, nil
}

// launch starts one run whose events the feed drains.
func (s *session) launch(ctx context.Context, spec episode.Spec) (*episode.Live, error) {
	if !s.feed.admit() {
		return nil, context.Canceled
	}
	live, err := episode.Start(ctx, spec)
	if err != nil {
		s.feed.release()
		return nil, err
	}
	go s.feed.pump(live)
	return live, nil
}

// restart is the command that starts a new generation.
func (s *session) restart(seed int64, pace time.Duration) tea.Cmd {
	return func() tea.Msg {
		g, err := s.start(seed, pace)
		if err != nil && s.opts.Failed != nil {
			s.opts.Failed(err)
		}
		return startedMsg{gen: g, err: err}
	}
}
