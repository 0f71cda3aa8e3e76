// Package check runs a model's leak check beside a run (--leak-check):
// after each completed turn it asks a model which of the facts still
// open to the turn (leak.Annotator.Open) the turn states or implies, and
// annotates what the model names, with the kind the rules' provenance
// gives it and source event.ByModel, as the answer arrives. A failing
// or slow check never holds a turn back; the run's end waits for the
// checks still in flight up to a bound, and counts those it cuts off
// (docs/METRICS.md).
package check

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Asker asks a model about one turn.
type Asker interface {
	// Ask returns which of q.Open the turn states or implies. Its error,
	// when no usable answer came within the asker's bounds, is an
	// *event.Failure of kind event.CheckFailure that keeps the model's
	// text. It must return promptly when ctx ends.
	Ask(ctx context.Context, q Question) (Answer, error)
}

// Question is what the model is asked about one turn.
type Question struct {
	Scenario *scenario.Scenario
	Mode     view.Mode
	// History is the dialogue up to and including the turn.
	History []event.Turn
	Turn    event.Turn
	// Open are the facts the turn would be annotated with if it stated
	// them, with the kind each would get.
	Open []leak.Open
}

// Finding is one fact the model says the turn states or implies, with
// the turn's words that do it.
type Finding struct {
	Fact  string
	Words string
}

// Answer is what the model said of a turn, and what asking cost.
type Answer struct {
	Findings []Finding
	Usage    []event.Usage
	// Retries counts the calls sent again, by kind.
	Retries map[string]int
}

// Rules is the rules' annotator of a run: it annotates, and says which
// facts are open to a turn before annotating it.
type Rules interface {
	run.Annotator
	Open(t event.Turn) []leak.Open
}

// Annotate wraps an annotator maker whose annotators are the rules'
// (leak.Annotate, leak.Shared) so that each run is also checked by ask,
// its end waiting at most wait for the checks in flight. Use it as
// episode.Spec.Annotate or batch.Options.Annotate.
func Annotate(ask Asker, wait time.Duration, rules func(*scenario.Scenario, view.Mode) run.Annotator) func(*scenario.Scenario, view.Mode) run.Annotator {
	return func(sc *scenario.Scenario, mode view.Mode) run.Annotator {
		r, ok := rules(sc, mode).(Rules)
		if !ok {
			panic("check: the annotator to wrap is not the rules' (leak.Annotator)")
		}
		return &Annotator{rules: r, ask: ask, wait: wait, sc: sc, mode: mode}
	}
}

// Annotator annotates a run by the rules at once and by the model's
// check as its answers come. It implements run.LateAnnotator.
type Annotator struct {
	rules Rules
	ask   Asker
	wait  time.Duration
	sc    *scenario.Scenario
	mode  view.Mode
	done  int // turns annotated by the rules

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	send     func(run.Late) // nil until Start
	closed   bool           // Finish has given up on the checks in flight
	inFlight map[int]event.Turn
	checked  int // checks started
	failed   int
	found    map[event.AnnotationKind]int
	usage    []event.Usage
	retries  map[string]int
}

// Start begins checking: each later turn's check runs under ctx and
// sends what it finds with send.
func (a *Annotator) Start(ctx context.Context, send func(run.Late)) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.ctx, a.cancel = context.WithCancel(ctx)
	a.send = send
	a.inFlight = map[int]event.Turn{}
	a.found = map[event.AnnotationKind]int{}
}

// Annotate annotates the turns completed since the last call by the
// rules, and starts the model's check of each beside the run.
func (a *Annotator) Annotate(history []event.Turn) []event.Annotation {
	var out []event.Annotation
	for ; a.done < len(history); a.done++ {
		t := history[a.done]
		open := a.rules.Open(t)
		out = append(out, a.rules.Annotate(history[:a.done+1])...)
		a.start(slices.Clone(history[:a.done+1]), t, open)
	}
	return out
}

// start checks turn t, unless there is nothing to ask: no run to send
// to, no open fact, or a turn that said nothing.
func (a *Annotator) start(history []event.Turn, t event.Turn, open []leak.Open) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.send == nil || a.closed || !Asked(t, open) {
		return
	}
	a.checked++
	a.inFlight[t.Number] = t
	a.wg.Add(1)
	q := Question{Scenario: a.sc, Mode: a.mode, History: history, Turn: t, Open: open}
	go func() {
		defer a.wg.Done()
		ans, err := a.ask.Ask(a.ctx, q)
		a.deliver(q, ans, err)
	}()
}

// Asked reports whether a turn, with the facts open to it, is asked
// about at all: not when no fact is open, nor when it said nothing.
func Asked(t event.Turn, open []leak.Open) bool {
	return len(open) > 0 && strings.TrimSpace(t.Action.Text+scenario.Label(t.Action)) != ""
}

// deliver sends what the check of a turn found, unless the run's end
// has cut it off already.
func (a *Annotator) deliver(q Question, ans Answer, err error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed || err != nil && a.ctx.Err() != nil {
		return // cut off: Finish counts it so
	}
	delete(a.inFlight, q.Turn.Number)
	for _, u := range ans.Usage {
		u.Role = event.UsageLeakCheck
		a.usage = append(a.usage, u)
	}
	if len(ans.Retries) > 0 && a.retries == nil {
		a.retries = map[string]int{}
	}
	for k, n := range ans.Retries {
		a.retries[k] += n
	}
	if err != nil {
		a.failed++
		a.send(run.Late{Turn: q.Turn, Err: err})
		return
	}
	for _, an := range annotations(q, ans.Findings) {
		a.found[an.Kind]++
		a.send(run.Late{Turn: q.Turn, Annotation: &an})
	}
}

// annotations are the findings as annotations of the turn: one per open
// fact named, its kind the one Open gave it, its span the first place
// the turn's text says the finding's words (case aside), or an empty
// span at the text's end when the words are not found there. A fact
// not among the open ones is passed over.
func annotations(q Question, findings []Finding) []event.Annotation {
	var out []event.Annotation
	text := q.Turn.Action.Text
	for _, f := range findings {
		i := slices.IndexFunc(q.Open, func(o leak.Open) bool { return o.Fact.ID == f.Fact })
		if i < 0 || slices.ContainsFunc(out, func(an event.Annotation) bool { return an.FactID == f.Fact }) {
			continue
		}
		start, end := span(text, f.Words)
		out = append(out, event.Annotation{Kind: q.Open[i].Kind, FactID: f.Fact, Start: start, End: end, Source: event.ByModel})
	}
	return out
}

// span is where words stand in text, in code points, case aside where
// lowering keeps the byte lengths; an empty span at the end when they
// do not stand there.
func span(text, words string) (int, int) {
	words = strings.TrimSpace(words)
	n := utf8.RuneCountInString(text)
	if words == "" {
		return n, n
	}
	i := strings.Index(text, words)
	if lt, lw := strings.ToLower(text), strings.ToLower(words); i < 0 && len(lt) == len(text) && len(lw) == len(words) {
		i = strings.Index(lt, lw)
	}
	if i < 0 {
		return n, n
	}
	start := utf8.RuneCountInString(text[:i])
	return start, start + utf8.RuneCountInString(text[i:i+len(words)])
}

// Finish lets the rules fill the ending, waits for the checks in flight
// (at most the bound, not at all for a stopped run), cuts off the rest,
// each with an error event, and counts the model's findings apart
// (metrics.CheckKey). It returns the token counts of the rules' and the
// checks' model calls.
func (a *Annotator) Finish(ctx context.Context, history []event.Turn, end *event.Ending) []event.Usage {
	used := a.rules.Finish(ctx, history, end)
	a.mu.Lock()
	started := a.send != nil
	a.mu.Unlock()
	if !started {
		return used
	}
	if !end.Stopped() && ctx.Err() == nil {
		a.await(ctx)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true
	a.cancel()
	cut := slices.SortedFunc(maps.Values(a.inFlight), func(x, y event.Turn) int { return cmp.Compare(x.Number, y.Number) })
	for _, t := range cut {
		err := fmt.Errorf("leak check of turn %d cut off: the run's end waits at most %s for the checks in flight", t.Number, a.wait)
		a.send(run.Late{Turn: t, Err: &event.Failure{Kind: event.CheckFailure, Err: err}})
	}
	if end.Metrics == nil {
		end.Metrics = map[string]float64{}
	}
	for _, k := range event.Kinds {
		if k.Unknown || k.Kind == event.Disclosure {
			end.Metrics[metrics.CheckKey(k.Metric)] = float64(a.found[k.Kind])
		}
	}
	end.Metrics[metrics.CheckTurns] = float64(a.checked)
	end.Metrics[metrics.CheckFailed] = float64(a.failed)
	end.Metrics[metrics.CheckCutOff] = float64(len(cut))
	end.AddRetries(a.retries)
	return append(used, a.usage...)
}

// await waits for the checks in flight, at most the bound or until ctx
// ends.
func (a *Annotator) await(ctx context.Context) {
	done := make(chan struct{})
	go func() {
		a.wg.Wait()
		close(done)
	}()
	timer := time.NewTimer(a.wait)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
	case <-ctx.Done():
	}
}
