package web

import (
	"context"
	"fmt"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// revealMsg is the end of a game, as play's reveal shows it: how it went
// and the player's score, what the partner knew, what the player's turns
// gave away, and the SCRIPT run of the same scenario and seed.
type revealMsg struct {
	Type    string   `json:"type"` // "reveal"
	Outcome string   `json:"outcome"`
	Reason  string   `json:"reason"`
	Turns   int      `json:"turns"`
	Score   *float64 `json:"score,omitempty"` // the player's goal completion, 0-10
	Partner struct {
		Name string `json:"name"`
		Role string `json:"role"`
		Told string `json:"told"`
	} `json:"partner"`
	GaveAway []gaveAway  `json:"gave_away"`
	Script   *scriptPart `json:"script"`
}

// gaveAway is one private fact one of the player's turns mentioned.
type gaveAway struct {
	Turn int    `json:"turn"`
	Kind string `json:"kind"`
	What string `json:"what"`
	Fact string `json:"fact"`
	Span string `json:"span,omitempty"`
}

// scriptPart is the SCRIPT run beside the player's game; nil when it did
// not end in time.
type scriptPart struct {
	Outcome     string   `json:"outcome"`
	Reason      string   `json:"reason"`
	Turns       int      `json:"turns"`
	Score       *float64 `json:"score,omitempty"` // the seat's goal completion there
	Leaks       int      `json:"leaks"`
	Disclosures int      `json:"disclosures"`
}

// scriptRun is the SCRIPT run of a game, drained as it goes.
type scriptRun struct {
	done chan struct{}
	end  *event.Ending
	seat int
	kind map[event.AnnotationKind]int
}

// startScript starts the SCRIPT run of the room's scenario and seed,
// headless and unrecorded; a run that cannot start leaves the reveal
// without it.
func startScript(ctx context.Context, s room.Setup) *scriptRun {
	r := &scriptRun{done: make(chan struct{}), seat: s.Seat, kind: map[event.AnnotationKind]int{}}
	live, err := episode.Start(ctx, episode.Spec{Scenario: s.Scenario, Mode: view.Script, Seed: s.Seed,
		Factory: s.Factory, Annotate: s.Annotate, Buffer: 64, MaxUtterance: s.MaxUtterance})
	if err != nil {
		close(r.done)
		return r
	}
	go func() {
		defer close(r.done)
		for ev := range live.Events {
			switch {
			case ev.Kind == event.RunEnded:
				r.end = ev.Ending
			case ev.Kind == event.Annotated && ev.Annotation != nil && ev.Annotation.Counted():
				r.kind[ev.Annotation.Kind]++
			}
		}
		_, _ = live.Wait()
	}()
	return r
}

// result is the run's part of the reveal, once it has ended, or nil when
// ctx ends first.
func (r *scriptRun) result(ctx context.Context) *scriptPart {
	select {
	case <-r.done:
	case <-ctx.Done():
		return nil
	}
	if r.end == nil {
		return nil
	}
	return &scriptPart{Outcome: textsafe.Clean(r.end.Outcome.Summary), Reason: string(r.end.Reason), Turns: r.end.Turns,
		Score: score(r.end, r.seat), Leaks: r.kind[event.Leak], Disclosures: r.kind[event.Disclosure]}
}

// score is seat's goal completion in an ending, if measured.
func score(end *event.Ending, seat int) *float64 {
	key := metrics.GoalCompletionSeat0
	if seat == 1 {
		key = metrics.GoalCompletionSeat1
	}
	if gc, ok := end.Metrics[key]; ok {
		return &gc
	}
	return nil
}

// revealOf is the reveal of a game that ended.
func revealOf(sc *scenario.Scenario, seat int, end *event.Ending, history []event.Turn, notes map[int][]event.Annotation, script *scriptPart) revealMsg {
	m := revealMsg{Type: "reveal", Outcome: textsafe.Clean(end.Outcome.Summary), Reason: string(end.Reason), Turns: end.Turns,
		Score: score(end, seat), Script: script, GaveAway: []gaveAway{}}
	pv := view.For(sc, view.Agents, scenario.Partner(seat))
	m.Partner.Name, m.Partner.Role = textsafe.Line(pv.Self().Name), textsafe.Line(pv.Self().Role)
	m.Partner.Told = textsafe.Clean(pv.RenderOwnForOthers())
	texts := map[string]string{}
	for _, f := range leak.Facts(sc) {
		texts[f.ID] = f.Text
	}
	for _, t := range history {
		if t.Seat != seat {
			continue
		}
		for _, a := range notes[t.Number] {
			m.GaveAway = append(m.GaveAway, gaveAway{Turn: t.Number, Kind: string(a.Kind), What: yourTurn(a),
				Fact: textsafe.Clean(texts[a.FactID]), Span: textsafe.Line(spanOf(t.Action.Text, a))})
		}
	}
	return m
}

// yourTurn says to the player what one annotation of their own turn was:
// a person in play is shown only their own side, so a partner's fact they
// said is a guess, never a leak.
func yourTurn(a event.Annotation) string {
	switch {
	case a.Negated:
		return "you denied it (not counted)"
	case a.Kind == event.Guess && a.Approximate:
		return "you guessed close to your partner's private fact"
	case a.Kind == event.Guess:
		return "you guessed your partner's private fact exactly"
	case a.Kind == event.Disclosure:
		return "you told your own"
	}
	if info, ok := event.InfoOf(a.Kind); ok {
		return info.Word
	}
	return fmt.Sprint(a.Kind)
}

// spanOf is the annotated part of a turn's text (offsets in code points).
func spanOf(text string, a event.Annotation) string {
	r := []rune(text)
	if a.Start < 0 || a.End > len(r) || a.Start >= a.End {
		return ""
	}
	return string(r[a.Start:a.End])
}
