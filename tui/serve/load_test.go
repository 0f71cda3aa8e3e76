package serve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/view"
)

// loadClients is how many players the load test sends: 16, or
// $OMNIGAP_SERVE_CLIENTS (64 for the full test: OMNIGAP_SERVE_CLIENTS=64
// go test ./tui/serve -run TestLoad).
func loadClients(t *testing.T) int {
	n := 16
	if s := os.Getenv("OMNIGAP_SERVE_CLIENTS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n < 1 {
			t.Fatalf("OMNIGAP_SERVE_CLIENTS=%q: want a count of clients", s)
		}
	}
	return n
}

// buyerMoves are the player's five turns of a ten-turn game: questions,
// no offer, so the built-in seller plays on to the turn limit.
var buyerMoves = []string{
	"Hello, is the bike still for sale?",
	"How old are the tires?",
	"Does it shift smoothly on hills?",
	"Any scratches or dents on the frame?",
	"Thanks, tell me a bit more about it.",
}

// TestLoadManyPlayersEachGetARecordedGame: players at once over loopback,
// each at a random window size (changed once mid-game), play ten-turn
// games against the built-in seller; every fourth hangs up abruptly
// after two moves. Every game leaves a valid recording (turn limit, or
// disconnected for those who hung up), the room's PEOPLE column equals
// what report makes of the folder, and once the server stops no
// goroutine is left.
func TestLoadManyPlayersEachGetARecordedGame(t *testing.T) {
	n := loadClients(t)
	before := runtime.NumGoroutine()
	srv := startServer(t, Config{MaxSessions: max(n, DefaultMaxSessions)})
	addr := srv.Addr().String()
	rng := rand.New(rand.NewPCG(1, 2))
	type plan struct {
		w, h, w2, h2 int
		hangUp       bool
	}
	plans := make([]plan, n)
	for i := range plans {
		plans[i] = plan{w: 30 + rng.IntN(200), h: 10 + rng.IntN(60), w2: 30 + rng.IntN(200), h2: 10 + rng.IntN(60), hangUp: i%4 == 3}
	}
	start := time.Now()
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i, pl := range plans {
		wg.Go(func() {
			errs[i] = playGame(addr, pl.w, pl.h, pl.w2, pl.h2, pl.hangUp)
		})
	}
	wg.Wait()
	t.Logf("%d games in %v", n, time.Since(start).Round(time.Millisecond))
	for i, err := range errs {
		if err != nil {
			t.Errorf("player %d: %v", i, err)
		}
	}
	srv.shutdown(t)

	rep, recs := folderReport(t, srv.dir)
	if len(recs) != n {
		t.Fatalf("want %d recordings, one per game, got %d", n, len(recs))
	}
	hungUp, limit := 0, 0
	for _, rec := range recs {
		end := rec.Ending()
		if rec.Torn || rec.Footer == nil || end == nil {
			t.Errorf("%s: unfinished recording (torn %v)", rec.Path, rec.Torn)
			continue
		}
		if rec.Header.Player == "" || rec.Header.Backends[1] != "human" {
			t.Errorf("%s: header names player %q, backends %v", rec.Path, rec.Header.Player, rec.Header.Backends)
		}
		switch end.Reason {
		case event.Disconnected:
			hungUp++
		case event.TurnLimit:
			limit++
			if end.Turns != 10 {
				t.Errorf("%s: a ten-turn game ended after %d turns", rec.Path, end.Turns)
			}
		default:
			t.Errorf("%s: ended %s after %d turns", rec.Path, end.Reason, end.Turns)
		}
	}
	if want := n / 4; hungUp != want {
		t.Errorf("want %d games ended disconnected (the players who hung up), got %d", want, hungUp)
	}
	t.Logf("%d games to the turn limit, %d disconnected", limit, hungUp)

	// The console counts apart, as abandoned, the games in which the
	// player took no turn (a player who hung up before their first move
	// was sent); report counts every game.
	var played report.Aggregator
	for _, rec := range recs {
		if slices.ContainsFunc(rec.Events, func(ev event.Event) bool { return ev.Kind == event.TurnCompleted && ev.Seat == 1 }) {
			played.Add(report.FromRecording(rec))
		}
	}
	if err := sameGroup(groupOf(srv.room.Report(), view.People), groupOf(played.Report(), view.People)); err != nil {
		t.Errorf("the console's PEOPLE column differs from report's of the games with a turn by the player: %v", err)
	}
	if g := groupOf(rep, view.People); g.Episodes != n {
		t.Errorf("report's PEOPLE column counts %d games, want %d", g.Episodes, n)
	}
	if got, stacks := settledGoroutines(before, 10*time.Second); got > before {
		t.Errorf("%d goroutines before the server started, %d after it stopped:\n%s", before, got, stacks)
	}
}

// playGame is one player's whole visit: join, start, five moves (two
// when hanging up), a window change, the reveal and q.
func playGame(addr string, w, h, w2, h2 int, hangUp bool) error {
	p, err := tryJoin(addr, w, h, nil)
	if err != nil {
		return err
	}
	defer p.close()
	if err := p.waitFor("enter starts", 30*time.Second); err != nil {
		return err
	}
	if err := p.press("\r"); err != nil {
		return err
	}
	for i, move := range buyerMoves {
		if hangUp && i == 2 {
			p.client.Close() // abrupt: no q, no goodbye
			return nil
		}
		if i == 1 {
			if err := p.sess.WindowChange(h2, w2); err != nil {
				return err
			}
		}
		if err := p.say(move); err != nil {
			return err
		}
	}
	if err := p.waitFor("How it went", 60*time.Second); err != nil {
		return err
	}
	if err := p.send("q"); err != nil {
		return err
	}
	return p.sess.Wait()
}

// sameGroup compares the console's tally of a column with report's: the
// same counts, and the same figures but for the last bits (the console
// adds games as they end, report in file order).
func sameGroup(console, rep report.Group) error {
	if console.Episodes != rep.Episodes || console.Ended != rep.Ended || console.Completed != rep.Completed || !reflect.DeepEqual(console.Failures, rep.Failures) {
		return fmt.Errorf("counts: console %d games (%d ended, %d completed, failures %v), report %d (%d, %d, %v)",
			console.Episodes, console.Ended, console.Completed, console.Failures, rep.Episodes, rep.Ended, rep.Completed, rep.Failures)
	}
	if len(console.Stats) != len(rep.Stats) {
		return fmt.Errorf("console has %d figures, report %d", len(console.Stats), len(rep.Stats))
	}
	close := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
	for k, want := range rep.Stats {
		got, ok := console.Stats[k]
		if !ok || got.N != want.N || !close(got.Mean, want.Mean) || !close(got.Lo, want.Lo) || !close(got.Hi, want.Hi) {
			return fmt.Errorf("%s: console %+v, report %+v", k, got, want)
		}
	}
	return nil
}

// groupOf is a report's group of one mode (the zero group when none).
func groupOf(r report.Report, m view.Mode) report.Group {
	for _, g := range r.Groups {
		if g.Mode == m {
			return g
		}
	}
	return report.Group{}
}
