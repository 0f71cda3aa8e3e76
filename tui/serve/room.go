package serve

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/console"
)

// Room tallies the games people played on the server beside SCRIPT and
// AGENTS runs of the same scenario, for the speaker's console. Games are
// counted from their recordings, read back as omnigap report reads them
// (report.FromRecording, one report.Aggregator), so the console and a
// later report of the same folder agree. It is safe from any goroutine.
type Room struct {
	scenario *scenario.Scenario
	seat     int

	mu         sync.Mutex
	agg        report.Aggregator
	limitTurns map[int]int // turn -> games whose player first gave their limit away in it
	unreadable int
	baseline   struct {
		done, total int
		err         error
	}
}

// NewRoom is an empty room for games of sc in which people play seat.
func NewRoom(sc *scenario.Scenario, seat int) *Room {
	return &Room{scenario: sc, seat: seat, limitTurns: map[int]int{}}
}

// Add counts a finished game from its recording.
func (r *Room) Add(path string) error {
	rec, err := record.Read(path)
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		r.unreadable++
		return err
	}
	r.agg.Add(report.FromRecording(rec))
	if turn, ok := limitTurn(rec); ok {
		r.limitTurns[turn]++
	}
	return nil
}

// Baseline says what the comparison runs play with.
type Baseline struct {
	Runs         int // of each mode; 0 plays none
	Seed         int64
	Factory      episode.Factory
	Annotate     func(*scenario.Scenario, view.Mode) run.Annotator
	MaxUtterance int
	// RecordDir, when set, keeps their recordings, and a restarted
	// server counts the ones already there instead of playing them again.
	RecordDir string
}

// PlayBaseline plays b.Runs SCRIPT and AGENTS runs of the room's
// scenario (seeds Seed, Seed+1, ...) headless, counting each seed's pair
// as it ends, until done or ctx ends.
func (r *Room) PlayBaseline(ctx context.Context, b Baseline) error {
	r.mu.Lock()
	r.baseline.total = b.Runs
	r.mu.Unlock()
	for k := range b.Runs {
		results, err := batch.Run(ctx, batch.Options{
			Refs: []string{r.scenario.ID}, Modes: []view.Mode{view.Script, view.Agents}, Episodes: 1,
			Seed: b.Seed + int64(k), Concurrency: 1, OutDir: b.RecordDir, Resume: b.RecordDir != "",
			Resolve: func(string, int64) (*scenario.Scenario, error) { return r.scenario, nil },
			Factory: b.Factory, Annotate: b.Annotate, MaxUtterance: b.MaxUtterance,
		})
		r.mu.Lock()
		if err == nil {
			for _, res := range results {
				r.agg.Add(res.Episode)
			}
			r.baseline.done++
		} else if ctx.Err() == nil {
			r.baseline.err = err
		}
		r.mu.Unlock()
		if err != nil {
			return err
		}
	}
	return nil
}

// Report is the room's tally as omnigap report would print it.
func (r *Room) Report() report.Report {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.agg.Report()
}

// limitTurn is the turn in which the person of a recorded game first
// disclosed a limit of their own: a private price of their seat (in
// Craigslist, their target or their walk-away price), or in a family
// without prices any private fact of theirs.
func limitTurn(rec *record.Recording) (int, bool) {
	seat := slices.Index(rec.Header.Backends[:], human.Name)
	if seat < 0 || rec.Header.Scenario == nil {
		return 0, false
	}
	limits := limitFacts(rec.Header.Scenario, seat)
	for _, ev := range rec.Events {
		if ev.Kind == event.Annotated && ev.Seat == seat && ev.Annotation != nil &&
			ev.Annotation.Kind == event.Disclosure && limits[ev.Annotation.FactID] {
			return ev.Turn, true
		}
	}
	return 0, false
}

// limitFacts are the ids of a seat's limits: its private prices, or all
// its private facts when it has no price.
func limitFacts(sc *scenario.Scenario, seat int) map[string]bool {
	prices, all := map[string]bool{}, map[string]bool{}
	for _, f := range sc.Seats[seat].Facts {
		all[f.ID] = true
		if f.Kind == scenario.FactPrice {
			prices[f.ID] = true
		}
	}
	if len(prices) > 0 {
		return prices
	}
	return all
}

// consoleColumns are the console's columns, in order.
var consoleColumns = []view.Mode{view.People, view.Script, view.Agents}

// Standing is the room now, for the console: a row per figure, a column
// for the people's games, SCRIPT's and AGENTS', and notes on the
// comparison runs' progress and on recordings that could not be read.
func (r *Room) Standing() console.State {
	rep := r.Report()
	r.mu.Lock()
	defer r.mu.Unlock()
	groups := map[view.Mode]report.Group{}
	for _, g := range rep.Groups {
		if g.Family == r.scenario.Family {
			groups[g.Mode] = g
		}
	}
	var st console.State
	for _, m := range consoleColumns {
		st.Heads = append(st.Heads, m.Label())
	}
	row := func(label string, cell func(g report.Group) string) {
		out := console.Row{Label: label}
		for _, m := range consoleColumns {
			g, ok := groups[m]
			if !ok {
				out.Cells = append(out.Cells, "-")
				continue
			}
			out.Cells = append(out.Cells, cell(g))
		}
		st.Rows = append(st.Rows, out)
	}
	row("games played", func(g report.Group) string {
		if g.Ended < g.Episodes {
			return fmt.Sprintf("%d (%d unfinished)", g.Episodes, g.Episodes-g.Ended)
		}
		return fmt.Sprint(g.Episodes)
	})
	stat := func(key string) func(report.Group) string {
		return func(g report.Group) string {
			if s, ok := g.Stats[key]; ok {
				return s.Text()
			}
			return "-"
		}
	}
	seatGC := metrics.GoalCompletionSeat0
	if r.seat == 1 {
		seatGC = metrics.GoalCompletionSeat1
	}
	if f := family.Of(r.scenario.Family); f != nil {
		for _, m := range f.Measures() {
			if m.Rate {
				row(m.Label, stat(m.Key))
			}
		}
	}
	row("goal, "+r.scenario.Seats[r.seat].Role+" (0-10)", stat(seatGC))
	row("goal, both (0-10)", stat(metrics.GoalCompletion))
	for _, k := range event.Kinds {
		if k.Row != "" {
			row(k.Plural+" per game", stat(k.Metric))
		}
	}
	st.Rows = append(st.Rows, r.limitRow(groups[view.People].Episodes))
	st.Notes = r.notes()
	return st
}

// limitRow is the turn in which people most often first gave their limit
// away (the earliest of equals) and in how many of their games, in the
// PEOPLE column only.
func (r *Room) limitRow(games int) console.Row {
	label := "limit given away at"
	if !hasPrice(r.scenario, r.seat) {
		label = "secret given away at"
	}
	cell := "-"
	best, most := 0, 0
	for turn, n := range r.limitTurns {
		if n > most || n == most && turn < best {
			best, most = turn, n
		}
	}
	if most > 0 {
		cell = fmt.Sprintf("turn %d (%d of %d)", best, most, games)
	}
	return console.Row{Label: label, Cells: []string{cell, "-", "-"}}
}

func hasPrice(sc *scenario.Scenario, seat int) bool {
	for _, f := range sc.Seats[seat].Facts {
		if f.Kind == scenario.FactPrice {
			return true
		}
	}
	return false
}

func (r *Room) notes() []string {
	var out []string
	b := r.baseline
	switch {
	case b.err != nil:
		out = append(out, "SCRIPT and AGENTS runs stopped: "+b.err.Error())
	case b.total == 0:
		out = append(out, "no SCRIPT and AGENTS runs (--baseline 0)")
	case b.done < b.total:
		out = append(out, fmt.Sprintf("SCRIPT and AGENTS runs: %d of %d seeds played", b.done, b.total))
	default:
		out = append(out, fmt.Sprintf("SCRIPT and AGENTS: %d runs each, seeds from the game's", b.total))
	}
	if r.unreadable > 0 {
		out = append(out, fmt.Sprintf("%d recordings could not be read", r.unreadable))
	}
	return out
}
