package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Judge scores finished episodes with one JSON call at temperature 0.
type Judge struct {
	sent   *transport.Transport
	params Params
}

// Judge returns the judge of the factory's endpoint.
func (f *Factory) Judge() *Judge {
	m := f.cfg.ModelFor(config.RoleJudge)
	return &Judge{sent: f.sent, params: Params{Model: m, MaxTokens: f.cfg.JudgeMaxTokens}}
}

// Score judges a finished episode and writes each seat's scores into
// ending.Metrics as judge.seatN.DIMENSION (plus judge.seatN.overall, their
// mean) with the reasoning in ending.Notes under the same keys, and
// returns the token counts of its calls. Scores are written for both
// seats or for neither. A failure is noted under judge.error and returned;
// when ctx ends first, the ending is marked under judge.stopped instead,
// for stopping is not the judge's failure. Its retries are added to
// ending.Retries, and its calls a reply cache answered to ending.Cache.
func (j *Judge) Score(ctx context.Context, sc *scenario.Scenario, history []event.Turn, ending *event.Ending) ([]event.Usage, error) {
	// The judge is shared by the episodes; its retries for this one are
	// counted apart.
	s := &scoring{Judge: j, call: j.sent.Caller()}
	err := s.score(ctx, sc, history, ending)
	switch {
	case err != nil && ctx.Err() != nil:
		note(ending, metrics.JudgeStoppedNote, "stopped before the judge answered: no judge scores")
	case err != nil:
		note(ending, metrics.JudgeErrorNote, err.Error())
	}
	ending.AddRetries(s.call.Retries())
	ending.AddCache(s.call.CacheUse())
	return s.used, err
}

// scoring is the judging of one episode; its calls' token counts add up
// in used.
type scoring struct {
	*Judge
	call *transport.Caller
	used []event.Usage
}

func (j *scoring) score(ctx context.Context, sc *scenario.Scenario, history []event.Turn, ending *event.Ending) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	// The judge reads everything, like the SCRIPT writer.
	v := view.For(sc, view.Script, view.Writer)
	shared := judgeContext(v, history, ending.Outcome.Summary)
	var scores [2]map[string]dimScore
	for seat := range 2 {
		s, err := j.scoreSeat(ctx, v, shared, seat)
		if err != nil {
			return fmt.Errorf("judge, %s: %w", v.Seats[seat].Name, err)
		}
		scores[seat] = s
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

// scoreSeat is one call for one character, re-asked once when the scores
// cannot be used.
func (j *scoring) scoreSeat(ctx context.Context, v view.View, shared string, seat int) (map[string]dimScore, error) {
	msgs := []chat.Message{{Role: chat.System, Content: judgeSystem()}, {Role: chat.User, Content: shared + judgeAsk(v, seat)}}
	req := chat.Request{Model: j.params.Model, Messages: msgs, Temperature: 0, MaxTokens: j.params.MaxTokens, JSON: true}
	reply, err := j.ask(ctx, req)
	if err != nil {
		return nil, err
	}
	scores, perr := parseScores(reply.Text)
	if perr == nil {
		return scores, nil
	}
	j.call.Reasked()
	req.Messages = append(msgs, chat.Message{Role: chat.Assistant, Content: reply.Text},
		chat.Message{Role: chat.User, Content: judgeReask(perr.Error())})
	if reply, err = j.ask(ctx, req); err != nil {
		return nil, err
	}
	if scores, perr = parseScores(reply.Text); perr != nil {
		return nil, fmt.Errorf("unusable answer after one re-ask: %v (answer: %q)", perr, clip(reply.Text, 200))
	}
	return scores, nil
}

// ask makes one judge call; a stream cut off mid-reply (or garbled) is
// sent once more, as for the other roles.
func (j *scoring) ask(ctx context.Context, req chat.Request) (chat.Reply, error) {
	reply, used, err := j.call.Call(ctx, req, func(string) {})
	var ce *chat.Error
	if err != nil && errors.As(err, &ce) && (ce.Kind == chat.Cut || ce.Kind == chat.Malformed) {
		j.call.Retried(ce)
		reply, used, err = j.call.Call(ctx, req, func(string) {})
	}
	j.used = append(j.used, used...)
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

type dimScore struct {
	Reasoning string
	Score     float64
}

// UnmarshalJSON reads {"reasoning": "...", "score": N} and Sotopia's
// ["reasoning", N].
func (d *dimScore) UnmarshalJSON(data []byte) error {
	var pair []json.RawMessage
	if json.Unmarshal(data, &pair) == nil {
		if len(pair) != 2 {
			return errors.New("want [reasoning, score]")
		}
		if err := json.Unmarshal(pair[0], &d.Reasoning); err != nil {
			return err
		}
		return json.Unmarshal(pair[1], &d.Score)
	}
	var obj struct {
		Reasoning string  `json:"reasoning"`
		Score     float64 `json:"score"`
	}
	err := json.Unmarshal(data, &obj)
	d.Reasoning, d.Score = obj.Reasoning, obj.Score
	return err
}

// parseScores reads one character's scores and refuses any that is not a
// whole number in its dimension's range.
func parseScores(reply string) (map[string]dimScore, error) {
	obj, err := extractObject(reply)
	if err != nil {
		return nil, err
	}
	var raw map[string]dimScore
	if err := json.Unmarshal([]byte(lenientJSON(obj)), &raw); err != nil {
		return nil, fmt.Errorf("the JSON object cannot be read: %v", err)
	}
	out := map[string]dimScore{}
	for k, v := range raw {
		out[strings.ReplaceAll(strings.ToLower(strings.TrimSpace(k)), " ", "_")] = v
	}
	for _, d := range metrics.JudgeDimensions {
		s, ok := out[d.Key]
		switch {
		case !ok:
			return nil, fmt.Errorf("%q is missing", d.Key)
		case s.Score != math.Trunc(s.Score) || s.Score < d.Min || s.Score > d.Max:
			return nil, fmt.Errorf("%s is %g, not a whole number from %g to %g", d.Key, s.Score, d.Min, d.Max)
		}
	}
	return out, nil
}

// Annotate wraps an annotator maker (nil for none) so that each run is
// judged when it ends, unless it was cancelled, under the run's context.
// Use it as episode.Spec.Annotate or batch.Options.Annotate.
func (j *Judge) Annotate(next func(*scenario.Scenario, view.Mode) run.Annotator) func(*scenario.Scenario, view.Mode) run.Annotator {
	return func(sc *scenario.Scenario, mode view.Mode) run.Annotator {
		a := &judged{judge: j, sc: sc}
		if next != nil {
			a.next = next(sc, mode)
		}
		return a
	}
}

type judged struct {
	judge *Judge
	sc    *scenario.Scenario
	next  run.Annotator
}

func (a *judged) Annotate(history []event.Turn) []event.Annotation {
	if a.next == nil {
		return nil
	}
	return a.next.Annotate(history)
}

// Start starts what the wrapped annotator checks beside the run (the
// model's leak check), if it checks anything.
func (a *judged) Start(ctx context.Context, send func(run.Late)) {
	if late, ok := a.next.(run.LateAnnotator); ok {
		late.Start(ctx, send)
	}
}

// Finish judges the run under ctx, so that stopping the run stops a
// judge call in flight; the tokens of the judge's calls are returned to
// the run.
func (a *judged) Finish(ctx context.Context, history []event.Turn, ending *event.Ending) []event.Usage {
	var used []event.Usage
	if a.next != nil {
		used = a.next.Finish(ctx, history, ending)
	}
	if ending.Stopped() {
		return used
	}
	// The failure is noted in the ending; the run has no error event left
	// to carry it.
	scored, _ := a.judge.Score(ctx, a.sc, history, ending)
	return append(used, scored...)
}
