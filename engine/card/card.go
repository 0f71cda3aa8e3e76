// Package card writes a simulation card: a Markdown sheet that says how a
// set of recorded runs was simulated and who knew what, as the study
// behind omnigap recommends publishing with every simulation result. The
// who-knew-what table is rendered from the Views the participants were
// given (view.For), never restated.
package card

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// Write writes the card of recs as Markdown: one section per scenario,
// then the outcomes of all runs by family and mode. Recordings of older
// annotation rules are annotated again first, in place (leak.Reannotate).
func Write(w io.Writer, recs []*record.Recording) error {
	if len(recs) == 0 {
		return fmt.Errorf("card: no recordings")
	}
	for _, r := range recs {
		leak.Reannotate(r)
	}
	var b strings.Builder
	groups := byScenario(recs)
	if len(groups) == 1 {
		fmt.Fprintf(&b, "# Simulation card: %s\n", text(groups[0][0].Header.Scenario.Title))
	} else {
		fmt.Fprintf(&b, "# Simulation card: %d scenarios\n", len(groups))
	}
	recs = slices.Concat(groups...)
	if len(groups) <= maxSections {
		for _, g := range groups {
			writeScenario(&b, g, len(groups) > 1)
			writeRuns(&b, g)
		}
	} else {
		// A batch of generated scenarios: one example per family, then
		// the runs by mode.
		for _, g := range firstOfEachFamily(groups) {
			writeScenario(&b, g, true)
		}
		writeScenarioList(&b, groups)
		writeRunTotals(&b, recs)
	}
	writeOutcomes(&b, recs)
	writeAnnotations(&b, recs)
	_, err := io.WriteString(w, b.String())
	return err
}

// byScenario groups recordings by scenario id, in order of first
// appearance, each group's runs in the usual order of modes.
func byScenario(recs []*record.Recording) [][]*record.Recording {
	var order []string
	groups := map[string][]*record.Recording{}
	for _, r := range recs {
		id := r.Header.Scenario.ID
		if _, ok := groups[id]; !ok {
			order = append(order, id)
		}
		groups[id] = append(groups[id], r)
	}
	out := make([][]*record.Recording, len(order))
	for i, id := range order {
		g := groups[id]
		slices.SortStableFunc(g, func(a, b *record.Recording) int { return modeRank(a.Header.Mode) - modeRank(b.Header.Mode) })
		out[i] = g
	}
	return out
}

func modeRank(m view.Mode) int {
	if i := slices.Index(view.Modes, m); i >= 0 {
		return i
	}
	return len(view.Modes)
}

func writeScenario(b *strings.Builder, recs []*record.Recording, several bool) {
	sc := recs[0].Header.Scenario
	if several {
		fmt.Fprintf(b, "\n## Scenario: %s\n", text(sc.Title))
	}
	fmt.Fprintf(b, "\nScenario `%s` (family %s), relationship %s, turn limit %d.\n",
		text(sc.ID), text(string(sc.Family)), text(string(sc.Relationship)), sc.MaxTurns)
	fmt.Fprintf(b, "\n**Setting.** %s\n", text(strings.TrimSpace(sc.Setting)))

	fmt.Fprintf(b, "\n### Simulation type\n\n| mode | how the dialogue is made |\n|---|---|\n")
	for _, m := range modesOf(recs) {
		how := simulationType(m)
		if m == view.Script {
			how += writerPrompts(recs)
		}
		fmt.Fprintf(b, "| %s | %s |\n", m.Label(), how)
	}

	writeKnowledge(b, sc, modesOf(recs))
	writeRules(b, sc, recs)
}

// maxSections is the most scenarios a card describes one by one; a larger
// batch gets one example per family.
const maxSections = 3

// maxRunRows is the most runs a card lists one by one.
const maxRunRows = 12

func firstOfEachFamily(groups [][]*record.Recording) [][]*record.Recording {
	var out [][]*record.Recording
	seen := map[scenario.Family]bool{}
	for _, g := range groups {
		if f := g[0].Header.Scenario.Family; !seen[f] {
			seen[f] = true
			out = append(out, g)
		}
	}
	return out
}

// writeScenarioList names every scenario of a batch; the described ones
// stand for the others of their family, whose Views are built the same way.
func writeScenarioList(b *strings.Builder, groups [][]*record.Recording) {
	ids := make([]string, len(groups))
	for i, g := range groups {
		ids[i] = "`" + text(g[0].Header.Scenario.ID) + "`"
	}
	fmt.Fprintf(b, "\n## All %d scenarios\n\nEach family's scenarios differ in their values, not in who is given what; the tables above hold for every scenario of their family: %s.\n",
		len(groups), strings.Join(ids, ", "))
}

// writeRunTotals summarizes many runs by mode.
func writeRunTotals(b *strings.Builder, recs []*record.Recording) {
	b.WriteString("\n### Runs\n\n| mode | runs | finished | seat 0 played by | seat 1 played by | seeds |\n|---|---|---|---|---|---|\n")
	for _, m := range modesOf(recs) {
		var n, finished int
		var seats [2][]string
		lo, hi := int64(1<<62), int64(-1<<62)
		for _, r := range recs {
			h := r.Header
			if h.Mode != m {
				continue
			}
			n++
			if r.Ending() != nil {
				finished++
			}
			for s := range 2 {
				if !slices.Contains(seats[s], h.Backends[s]) {
					seats[s] = append(seats[s], h.Backends[s])
				}
			}
			lo, hi = min(lo, h.Seed), max(hi, h.Seed)
		}
		fmt.Fprintf(b, "| %s | %d | %d | %s | %s | %d to %d |\n", m.Label(), n, finished,
			cell(strings.Join(seats[0], ", ")), cell(strings.Join(seats[1], ", ")), lo, hi)
	}
	b.WriteString(backendNote)
	writeSettings(b, recs)
}

func modesOf(recs []*record.Recording) []view.Mode {
	var out []view.Mode
	for _, r := range recs {
		if !slices.Contains(out, r.Header.Mode) {
			out = append(out, r.Header.Mode)
		}
	}
	return out
}

// writerPrompts names the instructions the SCRIPT runs' model writers
// were given (--writer-prompt, docs/LLM.md), as a clause; "" when a
// built-in writer, which has no prompt, wrote them all.
func writerPrompts(recs []*record.Recording) string {
	var names []string
	for _, r := range recs {
		if p := r.Header.WriterPrompt(); r.Header.Mode == view.Script && p != "" && !slices.Contains(names, p) {
			names = append(names, p)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf("; the model writer's instruction: %s (`--writer-prompt`; both texts in docs/LLM.md)", cell(strings.Join(names, ", ")))
}

// simulationType says who writes the dialogue in a mode.
func simulationType(m view.Mode) string {
	switch m {
	case view.Script:
		return "one writer produces both sides and is given everything about both"
	case view.Agents:
		return "separate agents, one per seat, each given only its own side"
	case view.Mindreaders:
		return "separate agents, one per seat, each also given the partner's goal and private facts"
	case view.Humans:
		return "two people (a recorded human-human dialogue)"
	}
	return "unknown"
}

func writeRuns(b *strings.Builder, recs []*record.Recording) {
	b.WriteString("\n### Runs\n\n| recording | mode | seat 0 played by | seat 1 played by | seed | ended | turns |\n|---|---|---|---|---|---|---|\n")
	for _, r := range recs {
		h := r.Header
		ended := "did not finish"
		turns := "-"
		if e := r.Ending(); e != nil {
			ended = fmt.Sprintf("%s: %s", e.Reason, e.Outcome.Summary)
			turns = fmt.Sprint(e.Turns)
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %d | %s | %s |\n", cell(filepath.Base(r.Path)), h.Mode.Label(),
			cell(h.Backends[0]), cell(h.Backends[1]), h.Seed, cell(ended), turns)
		if p := h.Parent; p != nil {
			parent := "run " + p.Run
			if p.Recording != "" {
				parent = filepath.Base(p.Recording)
			}
			fmt.Fprintf(b, "\n%s is a fork of %s after turn %d.\n\n", cell(filepath.Base(r.Path)), cell(parent), p.Turn)
		}
	}
	b.WriteString(backendNote)
	writeSettings(b, recs)
}

const backendNote = "\nBackends are named as `builtin` (omnigap's offline rule-based engine), `builtin-writer` (its SCRIPT writer), `openai:MODEL` (a model behind an OpenAI-compatible endpoint) or `human`. "

func writeRules(b *strings.Builder, sc *scenario.Scenario, recs []*record.Recording) {
	b.WriteString("\n### Ending rule\n\n")
	if from := importedFrom(recs); from != "" {
		fmt.Fprintf(b, "The runs were played elsewhere and imported (%s): their turns play as recorded, whoever opened, and each ended as its record says.\n", text(from))
	} else {
		fmt.Fprintf(b, "Seats take turns, seat 0 first. A run ends after %d turns, when a seat leaves, ", sc.MaxTurns)
		if f := family.Of(sc.Family); f != nil {
			b.WriteString(f.Prompt().Endings)
		}
		b.WriteString("after 3 empty turns in a row, or when it is stopped.\n")
	}

	b.WriteString("\n### Evaluation\n\n")
	fmt.Fprintf(b, "Every completed turn is annotated by omnigap's rule-based annotator (docs/METRICS.md, rules version %d): "+
		"a *disclosure* when a seat says its own private fact (a price, a secret, extra information, an item's value; its own goal is counted apart, not marked); when it says a private fact its AGENTS View does not hold, "+
		"a *leak* if the turn's maker held the fact (the SCRIPT writer, a person shown every side), "+
		"a *mind-read* if its MINDREADERS View was given it, and a *guess* if no one who made the turn held it (an AGENTS agent, a player, a HUMANS person); "+
		"and a *first mention* of an environment fact. Denials are shown but not counted.", event.AnnotationRules)
	rule, judge := goalScorers(recs)
	unread := importedNote(recs, metrics.NotMeasuredKey(metrics.GoalCompletion))
	switch {
	case rule:
		b.WriteString(" Goal completion (rule, 0-10) is computed by the family's rule from the outcome.")
	case unread != "":
		fmt.Fprintf(b, " Goal completion (rule, 0-10) is not measured: %s.", text(unread))
	case judge:
		b.WriteString(" No rule scores this family's goals: goal completion (judge, 0-10) is the LLM judge's goal score, the mean of both seats'.")
	case importedNote(recs, metrics.ImportedJudgeNote) != "":
		b.WriteString(" No rule scores this family's goals, and omnigap's own judge did not score these runs.")
	default:
		b.WriteString(" No rule scores this family's goals, and no judge scored these runs (`--judge` asks an LLM judge for goal completion).")
	}
	if rules := readingRules(recs); len(rules) > 0 {
		fmt.Fprintf(b, " The runs' outcomes were read from the words of their dialogues, which make none of the family's moves, by the rule %s (docs/METRICS.md); the figures that follow from them are measured as a played run's.", cell("`"+strings.Join(rules, "`, `")+"`"))
	}
	if judge {
		b.WriteString(" An LLM judge scored the episodes on the seven Sotopia-Eval dimensions (the `judge` rows below; its goal score is goal completion (judge), apart from the rule's).")
	}
	if src := importedNote(recs, metrics.ImportedJudgeNote); src != "" {
		fmt.Fprintf(b, " The episodes came with another evaluator's scores on the seven dimensions (%s): the `judge: imported` rows below, never pooled with omnigap's own judge.", text(src))
	}
	b.WriteString("\n")
}

// importedFrom says where imported runs came from (the first one's
// origin), or "" when none was imported.
func importedFrom(recs []*record.Recording) string {
	return importedNote(recs, metrics.ImportedNote)
}

// importedNote is the first recording's ending note under key, or "".
func importedNote(recs []*record.Recording, key string) string {
	for _, r := range recs {
		if e := r.Ending(); e != nil && e.Notes[key] != "" {
			return e.Notes[key]
		}
	}
	return ""
}

// readingRules names the rules that read the runs' outcomes from their
// words (event.Reading), each once.
func readingRules(recs []*record.Recording) []string {
	var out []string
	for _, r := range recs {
		if e := r.Ending(); e != nil && e.Outcome.Reading != nil && e.Outcome.Reading.Rule != "" && !slices.Contains(out, e.Outcome.Reading.Rule) {
			out = append(out, e.Outcome.Reading.Rule)
		}
	}
	return out
}

// goalScorers says what scored the runs' goals: a family's rule (the
// ending has a goal completion) and an LLM judge (it has a judge's
// scores).
func goalScorers(recs []*record.Recording) (rule, judge bool) {
	for _, r := range recs {
		if e := r.Ending(); e != nil {
			for k := range e.Metrics {
				rule = rule || k == metrics.GoalCompletion
				judge = judge || strings.HasPrefix(k, metrics.JudgeKey(""))
			}
		}
	}
	return rule, judge
}

func writeOutcomes(b *strings.Builder, recs []*record.Recording) {
	eps := make([]report.Episode, len(recs))
	for i, r := range recs {
		eps[i] = report.FromRecording(r)
	}
	rep := report.Aggregate(eps)
	b.WriteString("\n## Outcomes\n\nMeans over the runs with 95% intervals (Wilson for rates, Student t for means); one run gives no interval.\n")
	for _, f := range rep.Families() {
		gs := rep.Of(f)
		fmt.Fprintf(b, "\n### %s\n\n| measure |", text(string(f)))
		for _, g := range gs {
			fmt.Fprintf(b, " %s (%s) |", g.Mode.Label(), plural(g.Episodes, "run"))
		}
		b.WriteString("\n|---|" + strings.Repeat("---|", len(gs)) + "\n")
		for _, m := range report.Measures() {
			if !anyHas(gs, m.Key) {
				continue
			}
			fmt.Fprintf(b, "| %s |", m.Label)
			for _, g := range gs {
				fmt.Fprintf(b, " %s |", stat(g, m.Key))
			}
			b.WriteString("\n")
		}
	}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func anyHas(gs []report.Group, key string) bool {
	return slices.ContainsFunc(gs, func(g report.Group) bool { return g.Has(key) })
}

// stat is a group's figure of one measure, and where its rule had
// nothing to read in some or all of the runs, why not.
func stat(g report.Group, key string) string {
	s, ok := g.Stats[key]
	n, unmeasured := g.NotMeasured[key]
	var out string
	switch {
	case !ok && unmeasured:
		return cell(n.Text())
	case !ok:
		return "-"
	case s.N < 2:
		out = fmt.Sprintf("%s (n=1)", num(s.Mean))
	default:
		out = fmt.Sprintf("%s [%s, %s] (n=%d)", num(s.Mean), num(s.Lo), num(s.Hi), s.N)
	}
	if unmeasured {
		out += "; " + cell(fmt.Sprintf("%d runs %s", n.Episodes, n.Text()))
	}
	return out
}

func num(v float64) string {
	if v >= 100 || v <= -100 {
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// writeAnnotations counts the recorded annotations per run and kind: the
// rules', then, in a table of their own, those of the model's leak check
// when it ran.
func writeAnnotations(b *strings.Builder, recs []*record.Recording) {
	b.WriteString("\n## Annotations\n\n")
	writeCounts(b, recs, event.ByRules)
	for _, r := range recs {
		if len(CountsBy(r.Events, event.ByModel)) > 0 {
			b.WriteString("\n### The model's leak check (" + event.ModelMarker + ", counted apart)\n\n")
			writeCounts(b, recs, event.ByModel)
			return
		}
	}
}

// writeCounts writes the table of one source's annotations.
func writeCounts(b *strings.Builder, recs []*record.Recording, source event.AnnotationSource) {
	var kinds []event.AnnotationKind
	for _, k := range event.Kinds {
		kinds = append(kinds, k.Kind)
	}
	if len(recs) > maxRunRows {
		b.WriteString("| mode | runs |")
		for _, k := range kinds {
			fmt.Fprintf(b, " %s |", k)
		}
		b.WriteString("\n|---|---|" + strings.Repeat("---|", len(kinds)) + "\n")
		for _, m := range modesOf(recs) {
			total, n := map[event.AnnotationKind]int{}, 0
			for _, r := range recs {
				if r.Header.Mode == m {
					n++
					for k, c := range CountsBy(r.Events, source) {
						total[k] += c
					}
				}
			}
			fmt.Fprintf(b, "| %s | %d |", m.Label(), n)
			for _, k := range kinds {
				fmt.Fprintf(b, " %d |", total[k])
			}
			b.WriteString("\n")
		}
		return
	}
	b.WriteString("| recording | mode |")
	for _, k := range kinds {
		fmt.Fprintf(b, " %s |", k)
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(kinds)) + "\n")
	for _, r := range recs {
		counts := CountsBy(r.Events, source)
		fmt.Fprintf(b, "| %s | %s |", cell(filepath.Base(r.Path)), r.Header.Mode.Label())
		for _, k := range kinds {
			fmt.Fprintf(b, " %d |", counts[k])
		}
		b.WriteString("\n")
	}
}

// Counts counts the rules' annotations among events by kind; denials do
// not count (event.Annotation.Counted).
func Counts(events []event.Event) map[event.AnnotationKind]int {
	return CountsBy(events, event.ByRules)
}

// CountsBy counts the annotations of one source among events by kind;
// denials do not count.
func CountsBy(events []event.Event, source event.AnnotationSource) map[event.AnnotationKind]int {
	out := map[event.AnnotationKind]int{}
	for _, ev := range events {
		if ev.Kind == event.Annotated && ev.Annotation != nil && ev.Annotation.Counted() && ev.Annotation.Source == source {
			out[ev.Annotation.Kind]++
		}
	}
	return out
}

// text makes untrusted text safe for the card and keeps it on one line.
func text(s string) string { return textsafe.Line(s) }

// cell is text that also keeps a Markdown table intact.
func cell(s string) string { return strings.ReplaceAll(text(s), "|", `\|`) }
