package page

import (
	"cmp"
	_ "embed"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/highlight"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// episode is what an episode page shows.
type episode struct {
	head
	Title, Setting, Family, Relationship string
	Seats                                []seatSide
	Viewers                              []string
	Facts                                []factRow
	Legend                               []legendRow
	Runs                                 []runColumn
	Rows                                 []turnRow
	Notes                                []note
	// People are the runs' seats as people and the scorers scored them.
	People []peopleRun
}

// seatSide is a character as every viewer may read of it.
type seatSide struct {
	Seat               int
	Name, Role, Public string
}

// factRow is one private fact and, per viewer of the runs' modes,
// whether the View it was given holds it (view.For).
type factRow struct {
	Text, Owner string
	Held        []bool
}

// runColumn is one run: its heading and its end.
type runColumn struct {
	Col                         int
	Mode, Label, Backends, File string
	// Tell is what tells the run from another of its mode on the page
	// (tellApart); "" when its mode has one run.
	Tell            string
	Reason, Summary string
	Good, Ended     bool
	Turns           int
	Scores          []score
}

type score struct{ Label, Value string }

// turnRow is one turn number across the runs, a cell per run.
type turnRow struct {
	N     int
	Cells []turnCell
}

type turnCell struct {
	Col, Seat     int
	Mode, Tell    string
	Said          bool
	Speaker, Role string
	Parts         []part
	Move          string
	Errors        []string
}

// part is a piece of a turn's text: plain or one annotation's mark, with
// the notes of the annotations that end in it.
type part struct {
	Text                  string
	Marked, Model, Denied bool
	Kind, Marker, ID      string
	Note                  int
	Refs                  []int
}

// note explains one annotation: a footnote, and the tip that hovering or
// tapping its mark shows.
type note struct {
	N                        int
	Kind, Word, Back         string
	Model, Denied            bool
	Run                      string
	Turn                     int
	Fact, Owner, Held, Words string
	Check, Meaning           string
}

// WriteEpisode writes the page of one scenario's recordings (of any
// modes, omnigap's own, imported or HUMANS): the scenario, who was told
// what, the runs side by side by turn number, every annotation marked and
// explained, each run's end and scores, and each seat's scores by the
// judges and by people beside each other (rated: the ratings joined to
// the recordings, nil for none). Recordings of older annotation rules
// are annotated again first (leak.Reannotate). Recordings of more than
// one scenario are refused, naming the files.
func WriteEpisode(w io.Writer, recs []*record.Recording, rated *people.Study) error {
	ep, err := episodeOf(recs, rated)
	if err != nil {
		return err
	}
	return templates().ExecuteTemplate(w, "episode", ep)
}

func episodeOf(recs []*record.Recording, rated *people.Study) (*episode, error) {
	if len(recs) == 0 {
		return nil, fmt.Errorf("a page needs at least one recording")
	}
	sc := recs[0].Header.Scenario
	for _, r := range recs[1:] {
		if r.Header.Scenario.ID != sc.ID {
			return nil, fmt.Errorf("%s plays scenario %q and %s plays %q: a page shows one scenario's runs", clean(r.Path), clean(r.Header.Scenario.ID), clean(recs[0].Path), clean(sc.ID))
		}
	}
	recs = slices.Clone(recs)
	slices.SortStableFunc(recs, func(a, b *record.Recording) int {
		return cmp.Or(cmp.Compare(modeRank(report.Column(a.Header)), modeRank(report.Column(b.Header))), cmp.Compare(a.Path, b.Path))
	})
	ep := &episode{
		head:  newHead(clean(sc.Title)+" · omnigap", episodeScript),
		Title: clean(sc.Title), Setting: clean(strings.TrimSpace(sc.Setting)),
		Family: clean(string(sc.Family)), Relationship: clean(string(sc.Relationship)),
		Legend: legend(),
	}
	for seat := range 2 {
		s := sc.Seats[seat]
		ep.Seats = append(ep.Seats, seatSide{Seat: seat, Name: clean(s.Character.Name), Role: clean(s.Role), Public: clean(s.Character.Public)})
	}
	ep.knowledge(sc, recs)
	rows := map[int]*turnRow{}
	modes := make([]string, len(recs))
	for col, rec := range recs {
		modes[col] = string(report.Column(rec.Header))
	}
	tells := tellApart(recs)
	for col, rec := range recs {
		leak.Reannotate(rec)
		ep.addRun(col, modes, tells, rec, rows)
		if p := peopleOf(rec, rated.Episode(rec.Path)); p != nil {
			ep.People = append(ep.People, *p)
		}
	}
	for _, n := range slices.Sorted(maps.Keys(rows)) {
		ep.Rows = append(ep.Rows, *rows[n])
	}
	return ep, nil
}

// tellApart says, for each run whose mode has several runs on the page,
// what tells it from the others: their models when those differ, else
// their seeds, else their run ids, else their files; "" for a run alone
// in its mode.
func tellApart(recs []*record.Recording) []string {
	byMode := map[view.Mode][]int{}
	for i, r := range recs {
		m := report.Column(r.Header)
		byMode[m] = append(byMode[m], i)
	}
	tells := make([]string, len(recs))
	ways := []func(record.Header, string) string{
		func(h record.Header, _ string) string { return clean(h.Backends[0]) + " · " + clean(h.Backends[1]) },
		func(h record.Header, _ string) string { return "seed " + strconv.FormatInt(h.Seed, 10) },
		func(h record.Header, _ string) string { return "run " + clean(h.RunID) },
		func(_ record.Header, path string) string { return clean(filepath.Base(path)) },
	}
	for _, runs := range byMode {
		if len(runs) < 2 {
			continue
		}
		for _, way := range ways {
			seen := map[string]bool{}
			for _, i := range runs {
				seen[way(recs[i].Header, recs[i].Path)] = true
			}
			if len(seen) == len(runs) {
				for _, i := range runs {
					tells[i] = way(recs[i].Header, recs[i].Path)
				}
				break
			}
		}
		if tells[runs[0]] == "" {
			for n, i := range runs {
				tells[i] = "run " + strconv.Itoa(n+1)
			}
		}
	}
	return tells
}

// turnLines are the page's turns, for a study page's search: each run's
// said turns, their text as the page shows it, with the column and the
// run they are in.
func (ep *episode) turnLines() []turnLine {
	var out []turnLine
	for _, row := range ep.Rows {
		for _, c := range row.Cells {
			if !c.Said {
				continue
			}
			var b strings.Builder
			for _, p := range c.Parts {
				b.WriteString(p.Text)
			}
			run := ep.Runs[c.Col].Label
			if tell := ep.Runs[c.Col].Tell; tell != "" {
				run += " (" + tell + ")"
			}
			out = append(out, turnLine{Col: c.Col, Turn: row.N, Run: run, Speaker: c.Speaker, Say: b.String()})
		}
	}
	return out
}

// modeRank orders the runs' columns: SCRIPT, AGENTS, MINDREADERS, then
// HUMANS, PEOPLE and any other.
func modeRank(m view.Mode) int {
	order := append(slices.Clone(view.Modes), view.Humans, view.People)
	if i := slices.Index(order, m); i >= 0 {
		return i
	}
	return len(order)
}

// knowledge fills who was told what: a column per viewer of each mode
// the runs played, a row per fact that has an owner.
func (ep *episode) knowledge(sc *scenario.Scenario, recs []*record.Recording) {
	var views []view.View
	seen := map[view.Mode]bool{}
	for _, r := range recs {
		m := r.Header.Mode
		if seen[m] {
			continue
		}
		seen[m] = true
		for _, who := range view.Viewers(m) {
			views = append(views, view.For(sc, m, who))
			ep.Viewers = append(ep.Viewers, viewerName(sc, m, who))
		}
	}
	for _, f := range sc.Facts() {
		if f.Owner == scenario.OwnerPublic {
			continue
		}
		row := factRow{Text: clean(f.Text), Owner: ownerName(sc, f.Owner)}
		for _, v := range views {
			row.Held = append(row.Held, v.Knows(f))
		}
		ep.Facts = append(ep.Facts, row)
	}
}

func viewerName(sc *scenario.Scenario, m view.Mode, who int) string {
	if who == view.Writer {
		return m.Label() + " writer"
	}
	return m.Label() + " " + firstName(sc, who)
}

func ownerName(sc *scenario.Scenario, o scenario.Owner) string {
	switch o {
	case scenario.OwnerEnv:
		return "the environment"
	case scenario.OwnerPublic:
		return "everyone"
	}
	return fmt.Sprintf("%s (seat %d)", firstName(sc, int(o)), o)
}

func firstName(sc *scenario.Scenario, seat int) string {
	if f := strings.Fields(clean(sc.Seats[seat].Character.Name)); len(f) > 0 {
		return f[0]
	}
	return fmt.Sprintf("seat %d", seat)
}

// addRun adds one recording's column: its heading and end, its turns in
// the rows by number and its annotations' notes.
func (ep *episode) addRun(col int, modes, tells []string, rec *record.Recording, rows map[int]*turnRow) {
	h := rec.Header
	sc := h.Scenario
	mode := report.Column(h)
	run := runColumn{Col: col, Mode: string(mode), Label: mode.Label(), Tell: tells[col],
		Backends: clean(h.Backends[0]) + " · " + clean(h.Backends[1]), File: clean(filepath.Base(rec.Path))}
	if end := rec.Ending(); end != nil {
		run.Ended, run.Reason, run.Summary, run.Good, run.Turns = true, clean(string(end.Reason)), clean(end.Outcome.Summary), end.Outcome.Good(), end.Turns
		unmeasured := report.Unmeasured(*end)
		for _, m := range report.Measures() {
			if v, ok := end.Metrics[m.Key]; ok {
				run.Scores = append(run.Scores, score{clean(m.Label), strconv.FormatFloat(v, 'g', 4, 64)})
			} else if why, ok := unmeasured[m.Key]; ok {
				run.Scores = append(run.Scores, score{clean(m.Label), clean(report.NotMeasured{Episodes: 1, Why: why}.Text())})
			}
		}
	}
	ep.Runs = append(ep.Runs, run)
	name := run.Label
	if run.Tell != "" {
		name += " (" + run.Tell + ")"
	}
	cellOf := func(n int) *turnCell {
		r, ok := rows[n]
		if !ok {
			r = &turnRow{N: n, Cells: make([]turnCell, len(modes))}
			for i := range r.Cells {
				r.Cells[i] = turnCell{Col: i, Mode: modes[i], Tell: tells[i]}
			}
			rows[n] = r
		}
		return &r.Cells[col]
	}
	anns := map[int][]event.Annotation{}
	for _, ev := range rec.Events {
		if ev.Kind == event.Annotated && ev.Annotation != nil {
			anns[ev.Turn] = append(anns[ev.Turn], *ev.Annotation)
		}
	}
	// Who held a fact is read from the mode played (a PEOPLE column's
	// runs are AGENTS runs).
	var holders []holder
	for _, who := range view.Viewers(h.Mode) {
		holders = append(holders, holder{viewerName(sc, h.Mode, who), view.For(sc, h.Mode, who)})
	}
	facts := map[string]scenario.Fact{}
	for _, f := range sc.Facts() {
		facts[f.ID] = f
	}
	for _, ev := range rec.Events {
		switch {
		case ev.Kind == event.TurnCompleted && ev.Action != nil:
			c := cellOf(ev.Turn)
			c.Said, c.Seat = true, ev.Seat
			c.Speaker, c.Role = clean(ev.Speaker), clean(sc.Seats[ev.Seat].Role)
			c.Move = clean(scenario.Label(*ev.Action))
			c.Parts = ep.parts(col, ev.Turn, ev.Action.Text, anns[ev.Turn], func(a event.Annotation) note {
				return explain(sc, holders, name, ev.Turn, ev.Action.Text, a, facts)
			})
			delete(anns, ev.Turn)
		case ev.Kind == event.Error:
			c := cellOf(ev.Turn)
			c.Errors = append(c.Errors, clean(ev.Error))
		}
	}
	// Annotations of a turn the recording does not hold (a torn file):
	// explained all the same.
	for _, t := range slices.Sorted(maps.Keys(anns)) {
		for _, a := range anns[t] {
			n := explain(sc, holders, name, t, "", a, facts)
			n.N = len(ep.Notes) + 1
			ep.Notes = append(ep.Notes, n)
		}
	}
}

// parts cuts a turn's text at its annotations (highlight.Spans): each
// span cleaned, each annotation's note numbered and referred to from the
// span where it ends.
func (ep *episode) parts(col, turn int, raw string, anns []event.Annotation, explainOf func(event.Annotation) note) []part {
	spans := highlight.Spans(raw, anns)
	first := len(ep.Notes) + 1
	out := make([]part, len(spans))
	ends := make([]int, len(spans)) // the rune offset each span ends at
	at := 0
	for i, s := range spans {
		p := part{Text: clean(s.Raw)}
		if s.Ann >= 0 {
			a := anns[s.Ann]
			p.Marked, p.Kind, p.Marker, p.Note = true, kindWord(a), markerOf(a), first+s.Ann
			p.Model, p.Denied = a.Source == event.ByModel, a.Negated
		}
		at += len([]rune(s.Raw))
		ends[i] = at
		out[i] = p
	}
	// A span opens with its marker, before the signs that open its word
	// (highlight.OpensWord); the first span an annotation wins carries the
	// id its note links back to.
	won := map[int]bool{}
	for i := range out {
		if i > 0 && out[i].Marker != "" && !out[i-1].Marked {
			prev := []rune(out[i-1].Text)
			n := 0
			for n < 3 && n < len(prev) && highlight.OpensWord(prev[len(prev)-1-n]) {
				n++
			}
			out[i-1].Text, out[i].Text = string(prev[:len(prev)-n]), string(prev[len(prev)-n:])+out[i].Text
		}
		if out[i].Marked && !won[out[i].Note] {
			won[out[i].Note] = true
			out[i].ID = fmt.Sprintf("m%d", out[i].Note)
		}
		if i > 0 && out[i-1].Marked && out[i-1].Note == out[i].Note {
			out[i].Marker = ""
		}
	}
	for k, a := range anns {
		n := explainOf(a)
		n.N = first + k
		if won[n.N] {
			n.Back = fmt.Sprintf("m%d", n.N)
		} else {
			n.Back = fmt.Sprintf("t%d-%d", col, turn)
		}
		ep.Notes = append(ep.Notes, n)
		i := slices.IndexFunc(ends, func(e int) bool { return e >= a.End })
		if i < 0 || a.End <= 0 {
			i = len(out) - 1
		}
		if i < 0 {
			out = append(out, part{})
			i = 0
		}
		out[i].Refs = append(out[i].Refs, n.N)
	}
	return out
}

// holder is a viewer of a run's mode and the View it was given.
type holder struct {
	name string
	view view.View
}

// explain says what one annotation is: its kind, which fact, whose, who
// in its run's mode was given it, the words matched and which check.
func explain(sc *scenario.Scenario, holders []holder, run string, turn int, raw string, a event.Annotation, facts map[string]scenario.Fact) note {
	n := note{Kind: kindWord(a), Word: clean(highlight.Word(a)), Model: a.Source == event.ByModel, Denied: a.Negated,
		Run: run, Turn: turn, Fact: clean(a.FactID), Owner: "unknown", Held: "no one of this run", Check: "the rules"}
	if k, ok := event.InfoOf(a.Kind); ok {
		n.Meaning = k.Meaning
	}
	if n.Model {
		n.Check = "the model's leak check"
	}
	if r := []rune(raw); a.Start >= 0 && a.End <= len(r) && a.Start < a.End {
		n.Words = clean(string(r[a.Start:a.End]))
	}
	f, ok := facts[a.FactID]
	if !ok {
		return n
	}
	n.Fact, n.Owner = clean(f.Text), ownerName(sc, f.Owner)
	var held []string
	for _, h := range holders {
		if h.view.Knows(f) {
			held = append(held, h.name)
		}
	}
	if len(held) > 0 {
		n.Held = strings.Join(held, ", ")
	}
	return n
}

//go:embed episode.html
var episodeHTML string
