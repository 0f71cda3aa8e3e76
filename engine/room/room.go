// Package room is the room of omnigap serve, with no door in it: the
// games people play (each a Game run per player, with its own limits),
// the caps on games in all and per address, and the tally of their
// recordings beside SCRIPT and AGENTS runs for the speaker's console and
// the stage. A door (tui/serve: SSH and a terminal; engine/room/web: a
// browser) admits people, names them and hands each one over as a
// Player with the Game it plays; one room, one tally and one recording
// folder, whichever door a player came through.
package room

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
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
	// KeyRate and KeyBurst limit a player's input (Table.Input).
	KeyRate, KeyBurst int
}

// Setup is what every game of the room plays: one seat of one scenario
// in AGENTS against the factory's agent, beside a SCRIPT run of the same
// scenario and seed for the reveal.
type Setup struct {
	Scenario *scenario.Scenario
	// Seat is the seat people play.
	Seat int
	Seed int64
	Pace time.Duration
	// Factory plays the other seat, and both in SCRIPT.
	Factory episode.Factory
	// Annotate, when set, makes each run's annotator.
	Annotate func(*scenario.Scenario, view.Mode) run.Annotator
	// RecordDir, when set, receives one recording per game.
	RecordDir string
	// MaxUtterance caps a turn's text (run.Config.MaxUtterance).
	MaxUtterance int
}

// Config says what the room plays.
type Config struct {
	Setup Setup
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

// New is an empty room playing cfg.Setup.
func New(cfg Config) (*Room, error) {
	if cfg.Setup.Scenario == nil || cfg.Setup.Factory == nil {
		return nil, errors.New("serve: no game to serve")
	}
	if cfg.Setup.Seat < 0 || cfg.Setup.Seat > 1 {
		return nil, fmt.Errorf("serve: seat %d: a game is played in seat 0 or 1", cfg.Setup.Seat)
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
	if dir := cfg.Setup.RecordDir; dir != "" {
		if err := checkRecordDir(dir); err != nil {
			return nil, fmt.Errorf("--record %s: %w", dir, err)
		}
	}
	return &Room{
		cfg: cfg, scenario: cfg.Setup.Scenario, seat: cfg.Setup.Seat,
		seats:      seats{max: l.MaxSessions, perIP: l.MaxPerAddress},
		limitTurns: map[int]int{},
	}, nil
}

// Player is one person, as a door hands them over.
type Player struct {
	// Name is the player's recorded name (record.Header.Player).
	Name string
	// NamedFrom says, for the player, what Name is a salted hash of
	// ("your SSH key", "this browser's game").
	NamedFrom string
	// Address is where they connect from, for the cap per address.
	Address string
	// Hangup cuts the player's connection: the room calls it when the
	// game must end while the game may be blocked writing to them (the
	// player gone, idle, or not reading), so no write outlives it.
	Hangup func()
}

// Refused says why a game did not start, in words for the player.
type Refused struct{ Reason string }

func (e *Refused) Error() string { return e.Reason }

// Play plays game g for p until it ends, p leaves (ctx ends: the run
// stops with reason disconnected) or the room's limits end it. A game
// over a cap is not started, and the error is *Refused with the reason
// for the player. When Play returns, the game's run has stopped and its
// recording is closed.
func (r *Room) Play(ctx context.Context, p Player, g Game) error {
	if why := r.seats.take(p.Address); why != "" {
		return &Refused{Reason: why}
	}
	defer r.seats.give(p.Address)
	r.mu.Lock()
	r.started++
	r.mu.Unlock()

	// The game's context ends with the player's (the door's cause:
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
	t := &Table{Player: p, Setup: r.cfg.Setup, Welcome: r.welcome(p), room: r}
	t.watch = newWatch(r.cfg.Limits.Idle, func(why string) {
		r.logf("game of %s ended: %s", p.Name, why)
		stop(run.Stop(event.Disconnected))
		hangup()
	})
	defer t.watch.stop()
	defer t.runEnded()
	r.logf("game started: player %s, %d under way", p.Name, r.seats.inUse())
	if err := g.Play(game, t); err != nil && game.Err() == nil {
		r.fail(fmt.Sprintf("game of %s: %v", p.Name, err))
	}
	r.logf("game ended: player %s", p.Name)
	return nil
}

// welcome is the host's text, then what is recorded of the player.
func (r *Room) welcome(p Player) string {
	text := r.cfg.Welcome
	if r.cfg.Setup.RecordDir != "" {
		if text != "" {
			text += "\n\n"
		}
		text += fmt.Sprintf("Your game is recorded under the name %s: a salted hash of %s, never your name, address or key.", p.Name, p.NamedFrom)
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

// Setup is what the room's games play.
func (r *Room) Setup() Setup { return r.cfg.Setup }

// Playing is the number of games under way: begun, and their run not
// ended (a player reading the reveal is not playing).
func (r *Room) Playing() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.started - r.ended
}

// Started is the number of games begun since the room opened.
func (r *Room) Started() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.started
}

// Seated is the number of players in a game, reveal included.
func (r *Room) Seated() int { return r.seats.inUse() }
