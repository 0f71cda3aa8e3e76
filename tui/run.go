package tui

import (
	"context"
	"errors"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/ui"
)

// Options say what to watch.
type Options struct {
	Scenario *scenario.Scenario
	Modes    []view.Mode
	Seed     int64
	Pace     time.Duration
	Factory  episode.Factory
	// Annotate, when set, makes each run's annotator.
	Annotate func(*scenario.Scenario, view.Mode) run.Annotator
	// RecordDir, when set, receives one recording per pane and run.
	RecordDir string
	// MaxUtterance caps a turn's text (run.Config.MaxUtterance), forks
	// included.
	MaxUtterance int
	// Play, when set, makes the app a game: the user plays one seat of
	// the one run in Modes (AGENTS for omnigap play) and sees only that
	// seat's View until the reveal at the end.
	Play *PlayOptions
	// ForkBackends are what may play a fork's new turns (f), in the
	// order offered; Sources names the recording each mode replays, the
	// parent a fork's header names.
	ForkBackends []ForkBackend
	Sources      map[view.Mode]string
	// Replay, when set, is the speed of replays at their recorded timing,
	// which + and - then step through (replay.Speeds).
	Replay Speeder
	// Untimed says that the replays stream word by word at Pace because
	// their recordings hold no timing worth following; the title says so.
	Untimed bool
	// Comparisons, when more than one, are the scenarios of a replay,
	// shown one after another (n goes to the next); the first stands in
	// for Scenario, Modes, Seed, Factory, Sources, Replay and Untimed.
	Comparisons []Comparison
	// Demo, when set, makes the app a presenter; the first comparison
	// stands in for Scenario, Modes, Seed, Factory and Sources.
	Demo *DemoOptions
	// Browse, when set, makes the app the list of a study's episodes,
	// which opens each in the panes; nothing runs before one is opened.
	Browse *BrowseOptions
	// Turn, when above 0, is the turn the first pane selects once it is
	// played (replay --episode ID --turn N).
	Turn int
	// Program adds options to the tea.Program (tests set input, output
	// and size).
	Program []tea.ProgramOption
	// Messages, when set, are handed to the program as they come (an SSH
	// session's window changes).
	Messages <-chan tea.Msg
	// Player names the person in the played seat in its recording's
	// header (record.Header.Player).
	Player string
	// QuitCause is the cause the runs still going are stopped with when
	// the user quits or ctx ends (a run.Stop names their ending's reason);
	// nil ends them as canceled.
	QuitCause error
	// Recorded, when set, is told the path of each recording once it is
	// closed, from the goroutine that drained its run (several may call
	// at once).
	Recorded func(path string)
	// Failed, when set, is told why a game could not start, and the
	// player is told only that it did not (a served game: the reason may
	// name the server's files).
	Failed func(err error)
	// Unrecorded, when set, is told at once when a run's recording can no
	// longer be written (a full disk), and the user is told only that the
	// game is no longer recorded (a served game); unset, the user is shown
	// the error.
	Unrecorded func(err error)
	// Rated are people's ratings joined to the replayed recordings
	// (--ratings), shown in the scores panel and the card.
	Rated *people.Study
}

// Speeder sets how fast replays play against their recorded timing; a
// speed of 0 streams words at the runs' pace instead.
type Speeder interface {
	SetSpeed(x float64)
	Speed() float64
}

// Run shows the runs until the user quits or ctx ends. It starts one run
// per mode, and on return every run it started has ended and its recording
// is closed.
func Run(ctx context.Context, opts Options) error {
	if d := opts.Demo; d != nil {
		if len(d.Comparisons) == 0 {
			return errors.New("tui: no comparison to present")
		}
		c := d.Comparisons[0]
		opts.Scenario, opts.Modes, opts.Seed, opts.Factory, opts.Sources = c.Scenario, c.Modes, c.Seed, c.Factory, c.Sources
	} else if len(opts.Comparisons) > 0 {
		c := opts.Comparisons[0]
		opts.Scenario, opts.Modes, opts.Seed, opts.Factory, opts.Sources = c.Scenario, c.Modes, c.Seed, c.Factory, c.Sources
		opts.Replay, opts.Untimed = c.Replay, c.Untimed
	}
	if len(opts.Modes) == 0 && opts.Browse == nil {
		return errors.New("tui: no modes to show")
	}
	if opts.Play != nil && (len(opts.Modes) != 1 || opts.Play.Seat < 0 || opts.Play.Seat > 1) {
		return errors.New("tui: play needs one mode and seat 0 or 1")
	}
	parent := ctx
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	s := &session{ctx: ctx, opts: opts, feed: newFeed(frameInterval)}
	s.feed.recorded = opts.Recorded
	var g *generation
	if (opts.Play == nil || opts.Play.Welcome == "") && opts.Browse == nil {
		var err error
		if g, err = s.start(opts.Seed, opts.Pace); err != nil {
			cancel(nil)
			return errors.Join(err, s.feed.close())
		}
	}
	p := tea.NewProgram(newModel(s, g), append([]tea.ProgramOption{tea.WithContext(ctx), ui.TerminalProfile(), tea.WithFPS(framesPerSecond)}, opts.Program...)...)
	s.program.Store(p)
	var forwarding sync.WaitGroup
	if opts.Messages != nil {
		forwarding.Go(func() { forward(ctx, p, opts.Messages) })
	}
	_, err := p.Run()
	cancel(opts.QuitCause)
	forwarding.Wait()
	recErr := s.feed.close()
	if errors.Is(err, tea.ErrProgramKilled) && parent.Err() != nil {
		err = parent.Err()
	}
	return errors.Join(err, recErr)
}

// forward hands msgs to the program until ctx ends or msgs closes.
func forward(ctx context.Context, p *tea.Program, msgs <-chan tea.Msg) {
	for {
		select {
		case <-ctx.Done():
			return
		case msg, ok := <-msgs:
			if !ok {
				return
			}
			p.Send(msg)
		}
	}
}
