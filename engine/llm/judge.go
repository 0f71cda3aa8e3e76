package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Judge scores finished episodes with one JSON call at temperature 0.
type Judge struct {
	call   *caller
	params Params
}

// Judge returns the judge of the factory's endpoint.
func (f *Factory) Judge() *Judge {
	m := f.cfg.ModelFor(RoleJudge)
	return &Judge{call: f.caller(m), params: Params{Model: m, MaxTokens: f.cfg.JudgeMaxTokens}}
}

// Score judges a finished episode and writes each seat's scores into
// ending.Metrics as judge.seatN.DIMENSION (plus judge.seatN.overall, their
// mean) with the reasoning in ending.Notes under the same keys. A failure
// is noted under judge.error and returned.
func (j *Judge) Score(ctx context.Context, sc *scenario.Scenario, history []run.Turn, ending *event.Ending) error {
	err := j.score(ctx, sc, history, ending)
	if err != nil {
		note(ending, report.JudgeErrorNote, err.Error())
	}
	return err
}

func (j *Judge) score(ctx context.Context, sc *scenario.Scenario, history []run.Turn, ending *event.Ending) error {
	// The judge reads everything, like the SCRIPT writer.
	v := view.For(sc, view.Script, view.Writer)
	var b strings.Builder
	b.WriteString(v.Render())
	b.WriteString("\nThe conversation:\n")
	dialogue(&b, v, history)
	fmt.Fprintf(&b, "\nHow it ended: %s.\n\nScore both characters now: seat0 is %s, seat1 is %s.",
		ending.Outcome.Summary, v.Seats[0].Name, v.Seats[1].Name)
	msgs := []chat.Message{{Role: chat.System, Content: judgeSystem()}, {Role: chat.User, Content: b.String()}}
	req := chat.Request{Model: j.params.Model, Messages: msgs, Temperature: 0, MaxTokens: j.params.MaxTokens, JSON: true}
	reply, err := j.ask(ctx, req)
	if err != nil {
		return fmt.Errorf("judge: %w", err)
	}
	scores, perr := parseScores(reply.Text)
	if perr != nil {
		req.Messages = append(msgs, chat.Message{Role: chat.Assistant, Content: reply.Text},
			chat.Message{Role: chat.User, Content: "That answer could not be used: " + perr.Error() + ". Answer again with only the JSON object."})
		if reply, err = j.ask(ctx, req); err != nil {
			return fmt.Errorf("judge: %w", err)
		}
		if scores, perr = parseScores(reply.Text); perr != nil {
			return fmt.Errorf("judge: unusable answer after one re-ask: %v", perr)
		}
	}
	if ending.Metrics == nil {
		ending.Metrics = map[string]float64{}
	}
	for seat, dims := range scores {
		sum := 0.0
		for _, d := range metrics.JudgeDimensions {
			key := metrics.JudgeSeatKey(seat, d.Key)
			ending.Metrics[key] = dims[d.Key].Score
			note(ending, key, dims[d.Key].Reasoning)
			sum += dims[d.Key].Score
		}
		ending.Metrics[metrics.JudgeSeatKey(seat, "overall")] = sum / float64(len(metrics.JudgeDimensions))
	}
	return nil
}

// ask makes one judge call; a stream cut off mid-reply (or garbled) is
// sent once more, as for the other roles.
func (j *Judge) ask(ctx context.Context, req chat.Request) (chat.Reply, error) {
	reply, _, err := j.call.call(ctx, req, func(string) {})
	var ce *chat.Error
	if err != nil && errors.As(err, &ce) && (ce.Kind == chat.Cut || ce.Kind == chat.Malformed) {
		reply, _, err = j.call.call(ctx, req, func(string) {})
	}
	if reply.FinishReason == "length" && err == nil {
		err = errors.New("the answer was cut off at the token limit (--judge-max-tokens)")
	}
	return reply, err
}

func note(e *event.Ending, key, text string) {
	if e.Notes == nil {
		e.Notes = map[string]string{}
	}
	e.Notes[key] = text
}

func judgeSystem() string {
	var b strings.Builder
	b.WriteString(`You are an impartial evaluator of social interactions. You read two characters' full backgrounds and the conversation they had, and score each character on these dimensions:
`)
	for _, d := range metrics.JudgeDimensions {
		fmt.Fprintf(&b, "- %s (%g to %g): %s\n", d.Key, d.Min, d.Max, d.Asks)
	}
	b.WriteString(`
Answer with one JSON object and nothing else: {"seat0": {DIMENSION: {"reasoning": "...", "score": N}, ...}, "seat1": {...}} with all seven dimensions for both seats. Give the reasoning before the score.`)
	return b.String()
}

type dimScore struct {
	Reasoning string  `json:"reasoning"`
	Score     float64 `json:"score"`
}

// parseScores reads the judge's JSON and clamps every score to its range.
func parseScores(reply string) ([2]map[string]dimScore, error) {
	var out [2]map[string]dimScore
	obj, err := extractObject(reply)
	if err != nil {
		return out, err
	}
	var raw map[string]map[string]dimScore
	if err := json.Unmarshal([]byte(obj), &raw); err != nil {
		return out, fmt.Errorf("the JSON object cannot be read: %v", err)
	}
	for seat := range 2 {
		got := raw[fmt.Sprintf("seat%d", seat)]
		if got == nil {
			return out, fmt.Errorf(`"seat%d" is missing`, seat)
		}
		out[seat] = map[string]dimScore{}
		for k, v := range got {
			out[seat][strings.ReplaceAll(strings.ToLower(strings.TrimSpace(k)), " ", "_")] = v
		}
		for _, d := range metrics.JudgeDimensions {
			s, ok := out[seat][d.Key]
			if !ok {
				return out, fmt.Errorf(`"seat%d" lacks %q`, seat, d.Key)
			}
			s.Score = min(max(s.Score, d.Min), d.Max)
			out[seat][d.Key] = s
		}
	}
	return out, nil
}

// Annotate wraps an annotator maker (nil for none) so that each run is
// judged when it ends, unless it was cancelled. Use it as
// episode.Spec.Annotate or batch.Options.Annotate.
func (j *Judge) Annotate(ctx context.Context, next func(*scenario.Scenario, view.Mode) run.Annotator) func(*scenario.Scenario, view.Mode) run.Annotator {
	return func(sc *scenario.Scenario, mode view.Mode) run.Annotator {
		a := &judged{ctx: ctx, judge: j, sc: sc}
		if next != nil {
			a.next = next(sc, mode)
		}
		return a
	}
}

type judged struct {
	ctx   context.Context
	judge *Judge
	sc    *scenario.Scenario
	next  run.Annotator
}

func (a *judged) Annotate(history []run.Turn) []event.Annotation {
	if a.next == nil {
		return nil
	}
	return a.next.Annotate(history)
}

func (a *judged) Finish(history []run.Turn, ending *event.Ending) {
	if a.next != nil {
		a.next.Finish(history, ending)
	}
	if ending.Reason == event.Canceled || a.ctx.Err() != nil {
		return
	}
	// The failure is noted in the ending; the run has no error event left
	// to carry it.
	_ = a.judge.Score(a.ctx, a.sc, history, ending)
}
