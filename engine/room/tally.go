package room

import (
	"context"
	"fmt"
	"slices"

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
)

// Add counts a finished game from its recording: a game in which the
// person took no turn (they left at the welcome's heels) is counted
// apart, as abandoned, not as a failed negotiation.
func (r *Room) Add(path string) error {
	rec, err := record.Read(path)
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		r.unreadable++
		return err
	}
	if !tookATurn(rec) {
		r.abandoned++
		return nil
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
	r.baseline.total, r.baseline.seed = b.Runs, b.Seed
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

// tookATurn reports whether the person of a recorded game completed a
// turn; a recording with no person's seat counts as played.
func tookATurn(rec *record.Recording) bool {
	seat := slices.Index(rec.Header.Backends[:], human.Name)
	if seat < 0 {
		return true
	}
	return slices.ContainsFunc(rec.Events, func(ev event.Event) bool {
		return ev.Kind == event.TurnCompleted && ev.Seat == seat
	})
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

// Standing is the room at one moment, as the console and the stage show
// it: a few lines, a table of figures and notes.
type Standing struct {
	Lines []string // above the table: where to join, games under way
	Heads []string
	Rows  []Row
	Notes []string // under the table
	// Failures are the latest failures of games (a recording that could
	// not be written), naming files: for the host, never the stage.
	Failures []string
}

// Row is one figure in every column.
type Row struct {
	Label string
	Cells []string
}

// Standing is the room now, for the console and the stage: a row per
// figure, a column for the people's games, SCRIPT's and AGENTS', and
// notes on the comparison runs' progress and on recordings that could not
// be read.
func (r *Room) Standing() Standing {
	rep := r.Report()
	r.mu.Lock()
	defer r.mu.Unlock()
	groups := map[view.Mode]report.Group{}
	for _, g := range rep.Groups {
		if g.Family == r.scenario.Family {
			groups[g.Mode] = g
		}
	}
	var st Standing
	for _, m := range consoleColumns {
		st.Heads = append(st.Heads, m.Label())
	}
	row := func(label string, cell func(g report.Group) string) {
		out := Row{Label: label}
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
	if people := groups[view.People]; people.Episodes > 0 || r.abandoned > 0 {
		st.Rows[len(st.Rows)-1].Cells[0] = r.playedCell(people.Episodes, people.Ended)
	}
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
	st.Lines = []string{r.countsLine()}
	st.Notes = r.notes()
	st.Failures = slices.Clone(r.failures)
	return st
}

// limitRow is the turn in which people most often first gave their limit
// away (the earliest of equals) and in how many of their games, in the
// PEOPLE column only.
func (r *Room) limitRow(games int) Row {
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
	return Row{Label: label, Cells: []string{cell, "-", "-"}}
}

func hasPrice(sc *scenario.Scenario, seat int) bool {
	for _, f := range sc.Seats[seat].Facts {
		if f.Kind == scenario.FactPrice {
			return true
		}
	}
	return false
}

// countsLine is who is in the room now: games under way (their run not
// ended), players reading the reveal of a game that has ended, and the
// games begun since the start.
func (r *Room) countsLine() string {
	playing := r.started - r.ended
	reveal := max(r.seats.inUse()-playing, 0)
	return fmt.Sprintf("%d under way, %d on the reveal · %s started", playing, reveal, count(r.started, "game"))
}

// playedCell is the PEOPLE column's games: those with a turn by the
// player, and the abandoned ones apart.
func (r *Room) playedCell(games, ended int) string {
	cell := fmt.Sprint(games)
	if ended < games {
		cell = fmt.Sprintf("%d (%d unfinished)", games, games-ended)
	}
	if r.abandoned > 0 {
		cell += fmt.Sprintf(", %d abandoned", r.abandoned)
	}
	return cell
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
		out = append(out, fmt.Sprintf("SCRIPT and AGENTS: %s each, seeds %d to %d (people play seed %d)", count(b.total, "run"), b.seed, b.seed+int64(b.total)-1, b.seed))
	}
	if r.abandoned > 0 {
		out = append(out, fmt.Sprintf("abandoned: %s in which the player left before their first turn, counted in no figure", count(r.abandoned, "game")))
	}
	if r.unreadable > 0 {
		out = append(out, fmt.Sprintf("%s could not be read", count(r.unreadable, "recording")))
	}
	return out
}

// count is n and the noun for n of them.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
