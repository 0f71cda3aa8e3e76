package web

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// game is one player's game in a browser: the room's Game for the web
// door. It runs the AGENTS run with the player in the room's seat and
// the SCRIPT run of the same scenario and seed for the reveal, and
// speaks the protocol to whichever socket holds it now. It never waits
// for a socket: what it says goes to the socket's queue, and what a
// socket that came back (resume) has missed is said again from the
// game's own account.
type game struct {
	token    string
	name     string // as the player typed it, cleaned: shown only as text
	input    chan string
	deadline time.Time     // --max-time from the join: the game ends then
	seated   chan struct{} // closed once the room has given the game a seat
	keys     *room.Bucket  // the player's input, held to the room's key rate

	mu      sync.Mutex
	sock    *socket
	said    [][]byte // what a resume says again: the seat, the turns, notices, the end
	partial []byte   // the turn streaming now, as one delta, for a resume
	waiting []byte   // the your_turn the game waits on, for a resume
	table   *room.Table
	turn    int // the last turn finished, for the stage
	over    bool
	gone    chan struct{} // closed when Play returns
}

func newGame(token, name string) *game {
	return &game{token: token, name: name, input: make(chan string), seated: make(chan struct{}), gone: make(chan struct{})}
}

// attach makes s the game's socket, closing the one it replaces, and
// says to s all the game has said so far. False when the game is over.
func (g *game) attach(s *socket) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.over {
		return false
	}
	if g.sock != nil {
		g.sock.close("the game went on in another window")
	}
	g.sock = s
	for _, m := range g.said {
		s.send(m)
	}
	if g.partial != nil {
		s.send(g.partial)
	}
	if g.waiting != nil {
		s.send(g.waiting)
	}
	if g.table != nil {
		g.table.Active()
	}
	return true
}

// active notes that the player did something, which puts off the
// room's idle limit.
func (g *game) active() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.table != nil {
		g.table.Active()
	}
}

// detach lets s go, if it is still the game's socket: the game waits for
// a resume until the room's idle limit, counted from now.
func (g *game) detach(s *socket) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.sock == s {
		g.sock = nil
		if g.table != nil {
			g.table.Active()
		}
	}
}

// hangup closes the game's socket (the room's limits ended the game).
func (g *game) hangup() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.sock != nil {
		g.sock.close("the game has ended")
	}
}

// say sends m to the socket, if any, and keeps what a resume needs: the
// seat, the turns, notices and the end; a delta only as the streaming
// turn's text so far, and a your_turn until the turn is taken. Refusals
// and help answer one input and are not said again.
func (g *game) say(m any) {
	b, err := json.Marshal(m)
	if err != nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	switch d := m.(type) {
	case deltaMsg:
		var so deltaMsg
		if g.partial != nil {
			_ = json.Unmarshal(g.partial, &so)
		}
		if so.Turn != d.Turn {
			so = d
		} else {
			so.Text += d.Text
		}
		g.partial, _ = json.Marshal(so)
	case turnMsg:
		g.partial, g.waiting, g.turn = nil, nil, d.Turn
		g.said = append(g.said, b)
	case yourTurnMsg:
		g.waiting = b
	case refusedMsg, helpMsg:
	default:
		g.said = append(g.said, b)
	}
	if g.sock != nil {
		g.sock.send(b)
	}
}

// Play implements room.Game.
func (g *game) Play(ctx context.Context, t *room.Table) error {
	defer close(g.gone)
	defer func() {
		g.mu.Lock()
		g.over = true
		g.mu.Unlock()
	}()
	g.mu.Lock()
	g.table, g.keys = t, t.Bucket()
	g.mu.Unlock()
	close(g.seated)
	s := t.Setup
	player := human.New()
	live, err := episode.Start(ctx, episode.Spec{
		Scenario: s.Scenario, Mode: view.Agents, Seed: s.Seed, Pace: s.Pace,
		Factory: episode.Seated{Factory: s.Factory, Seat: s.Seat, Player: player}, Annotate: s.Annotate,
		RecordDir: s.RecordDir, Buffer: 64, MaxUtterance: s.MaxUtterance, Player: t.Player.Name,
		// The player is shown their own side only: a partner's fact they
		// say is a guess, not a leak.
		Person: event.PersonSeesOwn,
		Unrecorded: func(err error) {
			t.Unrecorded(err)
			g.say(noticeMsg{Type: "notice", Text: room.UnrecordedNotice})
		},
	})
	if err != nil {
		t.Failed(err)
		g.say(errorMsg{Type: "error", Message: "The game could not start (the host is told why). Try again in a minute."})
		return nil
	}
	script := startScript(ctx, s)
	g.say(g.seat(t))
	p := &play{game: g, sc: s.Scenario, seat: s.Seat, player: player, own: view.For(s.Scenario, view.Agents, s.Seat)}
	end := p.run(live)
	// A recording that failed was told to the host as it happened
	// (Unrecorded); the run has ended once Wait returns.
	_, _ = live.Wait()
	if live.Recording != "" {
		t.Recorded(live.Recording)
	}
	if end == nil || end.Stopped() {
		return nil
	}
	g.say(endedMsg{Type: "ended", Outcome: end.Outcome.Summary, Reason: string(end.Reason), Turns: end.Turns, Good: end.Outcome.Good()})
	wait, cancel := context.WithTimeout(ctx, scriptWait)
	defer cancel()
	g.say(revealOf(s.Scenario, s.Seat, end, p.history, p.notes, script.result(wait)))
	return nil
}

// scriptWait is how long the reveal waits for the SCRIPT run to end.
const scriptWait = 30 * time.Second

// seat is the seat message: the player's own View, as an AGENTS agent in
// the seat is given it, and nothing of the partner's side.
func (g *game) seat(t *room.Table) seatMsg {
	s := t.Setup
	v := view.For(s.Scenario, view.Agents, s.Seat)
	self, partner := v.Self(), v.Partner()
	m := seatMsg{Type: "seat", Version: Version, Token: g.token, Seat: s.Seat, Name: self.Name, Role: self.Role,
		Partner: person{Name: partner.Name, Role: partner.Role}, Setting: strings.TrimSpace(v.Setting),
		Secret: strings.TrimSpace(self.Secret), Goal: strings.TrimSpace(self.Goal), Welcome: t.Welcome,
		Player: t.Player.Name, MaxTurns: v.MaxTurns, Facts: []string{}}
	for _, f := range self.Facts {
		m.Facts = append(m.Facts, f.Text)
	}
	if self.Holding != nil {
		var b strings.Builder
		self.Holding.Render(&b, "Your")
		m.Holding = strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	}
	for _, f := range v.PublicFacts {
		m.Public = append(m.Public, f.Text)
	}
	if f := family.Of(v.Family); f != nil {
		m.Ends = f.Prompt().PlayerRule
	}
	m.Moves = moves(s.Scenario.Family)
	return cleanSeat(m)
}

// cleanSeat passes every text of the scenario through textsafe, as the
// terminal does: the page shows them as text, never as HTML, and no
// control character or bidi override reaches it.
func cleanSeat(m seatMsg) seatMsg {
	for _, s := range []*string{&m.Name, &m.Role, &m.Partner.Name, &m.Partner.Role, &m.Setting, &m.Secret, &m.Goal, &m.Ends} {
		*s = textsafe.Clean(*s)
	}
	for _, l := range [][]string{m.Facts, m.Holding, m.Public} {
		for i := range l {
			l[i] = textsafe.Clean(l[i])
		}
	}
	return m
}

// moves are what a player can type, with how each ends the game.
func moves(f scenario.Family) []moveMsg {
	var out []moveMsg
	for _, c := range human.Commands(f) {
		out = append(out, moveMsg{Usage: c.Usage, Summary: c.Summary, Ends: c.Ends})
	}
	return out
}

// play is a game's dialogue as it goes: the turns so far, the player's
// annotations for the reveal, whether the run waits for the player, and
// a move that ends the game, warned about once.
type play struct {
	*game
	sc      *scenario.Scenario
	seat    int
	player  *human.Backend
	own     view.View
	history []event.Turn
	notes   map[int][]event.Annotation // the player's turns' annotations, by turn
	waiting int                        // the turn the run waits for the player in, 0 when none
	warned  string                     // the input a warning was given for
}

// run follows the run's events and the player's inputs until the run
// ends, and returns its ending (nil when it sent none).
func (p *play) run(live *episode.Live) *event.Ending {
	p.notes = map[int][]event.Annotation{}
	var end *event.Ending
	for {
		select {
		case ev, ok := <-live.Events:
			if !ok {
				return end
			}
			if ev.Kind == event.RunEnded {
				end = ev.Ending
			}
			p.event(ev)
		case text := <-p.input:
			p.typed(text)
		}
	}
}

func (p *play) event(ev event.Event) {
	switch ev.Kind {
	case event.TurnStarted:
		if ev.Seat == p.seat && ev.Backend == human.Name {
			p.waiting = ev.Turn
			p.say(yourTurnMsg{Type: "your_turn", Turn: ev.Turn})
		}
	case event.Delta:
		if ev.Seat != p.seat {
			p.say(deltaMsg{Type: "delta", Seat: ev.Seat, Turn: ev.Turn, Speaker: textsafe.Line(ev.Speaker), Text: textsafe.Clean(ev.Delta)})
		}
	case event.TurnCompleted:
		if ev.Action == nil {
			return
		}
		if ev.Turn == p.waiting {
			p.waiting = 0
		}
		p.history = append(p.history, event.Turn{Number: ev.Turn, Seat: ev.Seat, Speaker: ev.Speaker, Backend: ev.Backend, Action: *ev.Action})
		p.say(turnMsg{Type: "turn", Seat: ev.Seat, Turn: ev.Turn, Speaker: textsafe.Line(ev.Speaker),
			Text: textsafe.Clean(ev.Action.Text), Move: scenario.Label(*ev.Action), Yours: ev.Seat == p.seat})
	case event.Annotated:
		if a := ev.Annotation; a != nil && ev.Seat == p.seat {
			p.notes[ev.Turn] = append(p.notes[ev.Turn], *a)
		}
	}
}

// typed answers one input as play's input box does: help, a refusal
// with its reason, a warning before a move that ends the game (the same
// input again sends it), or the move sent.
func (p *play) typed(text string) {
	text = textsafe.Clean(text)
	a, err := human.Parse(text, p.own, p.history)
	refuse := func(why string, warning bool) {
		p.say(refusedMsg{Type: "refused", Reason: why, Warning: warning, Text: text})
	}
	switch {
	case errors.Is(err, human.ErrHelp):
		p.say(helpMsg{Type: "help", Moves: moves(p.sc.Family)})
		return
	case err != nil:
		refuse(err.Error(), false)
		return
	case p.waiting == 0:
		refuse("not your turn yet: wait for "+textsafe.Line(p.own.Partner().Name), false)
		return
	}
	if ends := family.Ends(family.Of(p.sc.Family), a.Type); ends != "" && p.warned != text {
		p.warned = text
		refuse(ends+": send it again to go ahead", true)
		return
	}
	p.warned = ""
	if !p.player.Submit(a) {
		refuse("your move for this turn is already on its way", false)
		return
	}
	p.waiting = 0
}
