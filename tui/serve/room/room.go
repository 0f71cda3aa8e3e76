// Package room is the room of omnigap serve, with no protocol in it: the
// games people play (each the play model at its own terminal, with its
// own limits), the caps on games in all and per address, and the tally
// of their recordings beside SCRIPT and AGENTS runs for the speaker's
// console. A transport (tui/serve: SSH) authenticates people, names them
// and hands each one over as a Player.
package room

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/tui"
)

// Defaults of the limits (docs/SERVE.md).
const (
	DefaultMaxSessions = 64
	DefaultIdle        = 10 * time.Minute
	DefaultKeyRate     = 200     // input bytes a second, sustained
	DefaultKeyBurst    = 8 << 10 // input bytes at once
)

// Limits bound each game and the room.
type Limits struct {
	// MaxSessions caps the games under way; MaxPerAddress, when above 0,
	// the games from one address (off by default: a room behind one NAT
	// shares an address).
	MaxSessions, MaxPerAddress int
	// Idle ends a game whose player sends no input, or whose client takes
	// none of its output, for this long.
	Idle time.Duration
	// KeyRate and KeyBurst limit a player's input (rateReader).
	KeyRate, KeyBurst int
}

// Config says what the room plays.
type Config struct {
	// Game is what every player plays (tui.Options with Play set); each
	// game gets a copy with its own welcome, player name and size.
	Game tui.Options
	// Welcome is the host's text at the top of each game's first screen.
	Welcome string
	Limits  Limits
	// Log, when set, gets a line as each game starts and ends, and each
	// game's failure (a recording that could not be written).
	Log io.Writer
}

// Room plays the games and tallies them. It is safe from any goroutine.
type Room struct {
	cfg      Config
	scenario *scenario.Scenario
	seat     int
	seats    seats

	mu         sync.Mutex
	agg        report.Aggregator
	limitTurns map[int]int // turn -> games whose player first gave their limit away in it
	unreadable int
	abandoned  int      // recorded games in which the player took no turn
	started    int      // games begun
	ended      int      // games begun whose run has ended (the player may be on the reveal)
	failures   []string // the latest failures, for the console's notes
	baseline   struct {
		done, total int
		seed        int64
		err         error
	}
}

// New is an empty room playing cfg.Game.
func New(cfg Config) (*Room, error) {
	if cfg.Game.Play == nil || cfg.Game.Scenario == nil {
		return nil, errors.New("serve: no game to serve")
	}
	l := &cfg.Limits
	if l.MaxSessions <= 0 {
		l.MaxSessions = DefaultMaxSessions
	}
	if l.Idle <= 0 {
		l.Idle = DefaultIdle
	}
	if l.KeyRate <= 0 {
		l.KeyRate = DefaultKeyRate
	}
	if l.KeyBurst <= 0 {
		l.KeyBurst = DefaultKeyBurst
	}
	return &Room{
		cfg: cfg, scenario: cfg.Game.Scenario, seat: cfg.Game.Play.Seat,
		seats:      seats{max: l.MaxSessions, perIP: l.MaxPerAddress},
		limitTurns: map[int]int{},
	}, nil
}

// Player is one person at a terminal, as a transport hands them over.
type Player struct {
	// Name is the player's recorded name (record.Header.Player).
	Name string
	// Address is where they connect from, for the cap per address.
	Address string
	In      io.Reader
	Out     io.Writer
	// Env is the terminal's environment, TERM included.
	Env []string
	// Sizes is the terminal's window size, kept up to date by the
	// transport.
	Sizes *Sizes
	// Hangup closes the player's connection: the room calls it when the
	// game must end while the game may be blocked writing to them (the
	// player gone, idle, or not reading), so no write outlives it.
	Hangup func()
}

// Refused says why a game did not start, in words for the player.
type Refused struct{ Reason string }

func (e *Refused) Error() string { return e.Reason }

// Play plays one game for p until it ends, p leaves (ctx ends: the run
// stops with reason disconnected) or the room's limits end it. A game
// over a cap is not started: p is told why and the error is *Refused.
// When Play returns, the game's run has stopped and its recording is
// closed.
func (r *Room) Play(ctx context.Context, p Player) error {
	if why := r.seats.take(p.Address); why != "" {
		fmt.Fprint(p.Out, why+"\r\n")
		return &Refused{Reason: why}
	}
	defer r.seats.give(p.Address)
	r.mu.Lock()
	r.started++
	r.mu.Unlock()
	// The game's run ends once: when its recording closes (the first, if
	// a failed start left one), or, unrecorded, when the player leaves.
	var recorded bool
	runEnded := func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		if !recorded {
			recorded = true
			r.ended++
		}
	}
	defer runEnded()

	// The game's context ends with the player's (the transport's cause:
	// disconnected, or canceled when the server stops) or with the room's
	// limits; either hangs up, so a write blocked on a client that reads
	// nothing ends too.
	game, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	hangup := func() {
		if p.Hangup != nil {
			p.Hangup()
		}
	}
	unwatch := context.AfterFunc(ctx, hangup)
	defer unwatch()
	w := newWatch(r.cfg.Limits.Idle, func(why string) {
		r.logf("game of %s ended: %s", p.Name, why)
		stop(run.Stop(event.Disconnected))
		hangup()
	})
	defer w.stop()

	opts := r.gameOptions(game, p, w)
	opts.Failed = func(err error) { r.fail(fmt.Sprintf("game of %s could not start: %v", p.Name, err)) }
	opts.Recorded = func(path string) {
		runEnded()
		if err := r.Add(path); err != nil {
			r.fail(fmt.Sprintf("game of %s: %v", p.Name, err))
		}
	}
	sizes := make(chan tea.Msg)
	go p.Sizes.relay(game, sizes)
	opts.Messages = sizes
	r.logf("game started: player %s, %d under way", p.Name, r.seats.inUse())
	err := tui.Run(game, opts)
	if err != nil && game.Err() == nil {
		r.fail(fmt.Sprintf("game of %s: %v", p.Name, err))
	}
	r.logf("game ended: player %s", p.Name)
	return nil
}

// gameOptions are the configured game for one player: their own welcome,
// name, input, output, size and limits.
func (r *Room) gameOptions(ctx context.Context, p Player, w *watch) tui.Options {
	opts := r.cfg.Game
	play := *opts.Play
	play.Welcome = r.welcome(p.Name)
	play.Once = true
	opts.Play = &play
	opts.Player = p.Name
	// Quitting before the end leaves the game as a disconnect does.
	opts.QuitCause = run.Stop(event.Disconnected)
	width, height := clampSize(p.Sizes.Size())
	opts.Program = append(slices.Clip(opts.Program),
		tea.WithInput(newRateReader(ctx, p.In, w, r.cfg.Limits.KeyRate, r.cfg.Limits.KeyBurst)),
		tea.WithOutput(stallWriter{w: p.Out, watch: w}),
		tea.WithEnvironment(p.Env),
		tea.WithColorProfile(colorprofile.Env(p.Env)),
		tea.WithWindowSize(width, height),
		tea.WithFilter(filter),
		tea.WithoutSignalHandler(),
	)
	return opts
}

// welcome is the host's text, then what is recorded of the player.
func (r *Room) welcome(player string) string {
	text := r.cfg.Welcome
	if r.cfg.Game.RecordDir != "" {
		if text != "" {
			text += "\n\n"
		}
		text += fmt.Sprintf("Your game is recorded under the name %s: a salted hash of your SSH key (or of this session when you offered none), never your name, address or key.", player)
	}
	return text
}

// fail keeps a game's failure for the host: logged, and the latest few
// shown under the console's table.
func (r *Room) fail(line string) {
	r.logf("%s", line)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failures = append(r.failures, line)
	if len(r.failures) > maxFailures {
		r.failures = r.failures[len(r.failures)-maxFailures:]
	}
}

// maxFailures is how many failures the console keeps.
const maxFailures = 3

func (r *Room) logf(format string, args ...any) {
	if r.cfg.Log != nil {
		fmt.Fprintf(r.cfg.Log, format+"\n", args...)
	}
}

// Limits are the room's limits, its defaults filled in where New was given
// none.
func (r *Room) Limits() Limits { return r.cfg.Limits }

// Playing is the number of games under way: begun, and their run not
// ended (a player reading the reveal is not playing).
func (r *Room) Playing() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.started - r.ended
}

// Seated is the number of players in a game, reveal included.
func (r *Room) Seated() int { return r.seats.inUse() }
