package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/episode"
)

// session starts the runs behind the panes: once at launch and again on
// each restart. It holds no screen state.
type session struct {
	ctx  context.Context
	opts Options
	feed *feed
}

// generation is one set of runs, one per mode, started together and
// cancelled together.
type generation struct {
	seed   int64
	lives  []*episode.Live
	cancel context.CancelFunc
}

// startedMsg reports the runs of a restart.
type startedMsg struct {
	gen *generation
	err error
}

// start launches one run per mode. On error the runs already started are
// cancelled (their pumps still drain them, so recordings close cleanly).
func (s *session) start(seed int64, pace time.Duration) (*generation, error) {
	ctx, cancel := context.WithCancel(s.ctx)
	g := &generation{seed: seed, cancel: cancel}
	for _, mode := range s.opts.Modes {
		if !s.feed.admit() {
			cancel()
			return nil, context.Canceled
		}
		live, err := episode.Start(ctx, episode.Spec{
			Scenario: s.opts.Scenario, Mode: mode, Seed: seed, Pace: pace,
			Factory: s.opts.Factory, Annotate: s.opts.Annotate,
			RecordDir: s.opts.RecordDir, Buffer: 64,
		})
		if err != nil {
			s.feed.release()
			cancel()
			return nil, err
		}
		go s.feed.pump(live)
		g.lives = append(g.lives, live)
	}
	return g, nil
}

// restart is the command that starts a new generation.
func (s *session) restart(seed int64, pace time.Duration) tea.Cmd {
	return func() tea.Msg {
		g, err := s.start(seed, pace)
		return startedMsg{gen: g, err: err}
	}
}
