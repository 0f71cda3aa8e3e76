package browse

import (
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// Group is one episode as its twins played it: the recordings of one
// scenario and seed, or of one source episode (an imported episode,
// a transcript's dialogue), in different modes. It holds at most one run
// per recorded mode, so that a replay shows it side by side; a second
// run of a mode (another model's, a fork) starts a second group of the
// same twins, whose ID ends in /2.
type Group struct {
	// Key is what the twins share: "episode:" and the source episode's
	// id, or "scenario:" with the scenario's id and the seed.
	Key string
	// ID is what the list shows of the group and `replay --episode`
	// takes: the source episode's id (Sotopia's pk, a transcript's uuid),
	// else the scenario's id and the seed as run ids name them
	// (craigslist_gen-1-s1), with /2, /3 for a second and third group of
	// the same twins; an unreadable recording's file name.
	ID string
	// Title is the scenario's title, Scenario its id.
	Title, Scenario string
	Family          scenario.Family
	Seed            int64
	// Source is the source episode's id, "" for runs omnigap played.
	Source string
	// Runs are the group's runs in the usual order of modes; an
	// unreadable recording is a group of one run with a Problem.
	Runs []*Run
	// Goal is the goal measure the group's goal columns show (one of
	// GoalMeasures), the first that both SCRIPT and AGENTS have, else
	// the first any run has; "" when no run has one.
	Goal string
	// Gap is SCRIPT − AGENTS of the Goal measure, or of the deal rate
	// when they share no goal measure (GapOf says which); blank, with
	// why, unless both modes are there and measured.
	Gap   Figure
	GapOf string
}

// GoalMeasures are the goal measures a goal column can show, in the
// order a group takes the first it has: the family's rule, omnigap's
// judge, an imported judge's (Sotopia's evaluator).
var GoalMeasures = []string{metrics.GoalCompletion, report.JudgeGoal, metrics.ImportedJudgeKey("goal")}

// MeasureLabel names a metric as the report names it: "goal completion
// (rule, 0-10)", "goal completion (judge, 0-10)", "judge: imported, goal
// (0..10)", "deal rate".
func MeasureLabel(metric string) string {
	for _, m := range report.Measures() {
		if m.Key == metric {
			return m.Label
		}
	}
	return metric
}

// Problem is why the group's one recording cannot be read ("" for a
// readable group).
func (g *Group) Problem() string {
	if len(g.Runs) == 1 {
		return g.Runs[0].Problem
	}
	return ""
}

// Run is the group's run in the report's column mode, or nil.
func (g *Group) Run(mode view.Mode) *Run {
	for _, r := range g.Runs {
		if r.Column == mode && r.Problem == "" {
			return r
		}
	}
	return nil
}

// Models are what played the group's runs, each once, in the runs' order.
func (g *Group) Models() string {
	var names []string
	for _, r := range g.Runs {
		if r.Players != "" && !slices.Contains(names, r.Players) {
			names = append(names, r.Players)
		}
	}
	return strings.Join(names, ", ")
}

// twinKey is what r's twins share, and the ID its group is shown by.
func twinKey(r *Run) (key, id string) {
	if s := r.Source; s != nil && s.Episode != "" {
		return "episode:" + s.Episode, textsafe.Line(s.Episode)
	}
	return fmt.Sprintf("scenario:%s#%d", r.Scenario, r.Seed), fmt.Sprintf("%s-s%d", strings.ReplaceAll(r.Scenario, "/", "_"), r.Seed)
}

// group puts the runs into groups of twins, in the order first named. A
// run joins the first group of its twins that has no run of its
// recorded mode, one played by the same models first.
func group(runs []*Run) []*Group {
	var out []*Group
	byKey := map[string][]*Group{}
	for _, r := range runs {
		if r.Problem != "" {
			out = append(out, &Group{Key: "unreadable:" + r.Path, ID: r.Title, Title: r.Title, Runs: []*Run{r}})
			continue
		}
		key, id := twinKey(r)
		twins := byKey[key]
		free := func(g *Group) bool {
			return !slices.ContainsFunc(g.Runs, func(o *Run) bool { return o.Mode == r.Mode })
		}
		i := slices.IndexFunc(twins, func(g *Group) bool { return free(g) && g.Runs[0].Players == r.Players })
		if i < 0 {
			i = slices.IndexFunc(twins, free)
		}
		if i < 0 {
			g := &Group{Key: key, ID: id, Title: r.Title, Scenario: r.Scenario, Family: r.Family, Seed: r.Seed}
			if r.Source != nil {
				g.Source = textsafe.Line(r.Source.Episode)
			}
			if len(twins) > 0 {
				g.ID = fmt.Sprintf("%s/%d", id, len(twins)+1)
			}
			if g.Title == "" {
				g.Title = r.Scenario
			}
			byKey[key] = append(twins, g)
			out = append(out, g)
			i = len(twins)
		}
		g := byKey[key][i]
		g.Runs = append(g.Runs, r)
	}
	for _, g := range out {
		slices.SortStableFunc(g.Runs, func(a, b *Run) int { return rank(a.Column) - rank(b.Column) })
	}
	return out
}

// settle chooses the group's goal measure and works out its gap.
func (g *Group) settle() {
	script, agents := g.Run(view.Script), g.Run(view.Agents)
	both := func(metric string) bool {
		return script != nil && agents != nil && script.Figure(metric).OK && agents.Figure(metric).OK
	}
	for _, k := range GoalMeasures {
		if both(k) {
			g.Goal = k
			break
		}
	}
	for _, k := range GoalMeasures {
		if g.Goal != "" {
			break
		}
		for _, r := range g.Runs {
			if _, ok := r.Figures[k]; ok || r.NotMeasured[k] != "" {
				g.Goal = k
				break
			}
		}
	}
	g.GapOf = g.Goal
	if !both(g.GapOf) && both(metrics.Deal) {
		g.GapOf = metrics.Deal
	}
	switch {
	case g.Problem() != "":
		g.Gap = Figure{Why: "unreadable: " + g.Problem()}
	case script == nil || agents == nil:
		g.Gap = Figure{Why: "no gap: the group has no " + missing(script, agents) + " run"}
	case both(g.GapOf):
		g.Gap = Figure{Value: script.Figures[g.GapOf] - agents.Figures[g.GapOf], OK: true}
	case g.GapOf == "":
		g.Gap = Figure{Why: "no gap: neither run has a goal measure or a deal"}
	default:
		why := script.Figure(g.GapOf)
		if why.OK {
			why = agents.Figure(g.GapOf)
		}
		g.Gap = Figure{Why: "no gap: " + why.Why}
	}
}

// missing names the mode of the two runs that is absent.
func missing(script, agents *Run) string {
	switch {
	case script == nil && agents == nil:
		return "SCRIPT or AGENTS"
	case script == nil:
		return "SCRIPT"
	}
	return "AGENTS"
}
