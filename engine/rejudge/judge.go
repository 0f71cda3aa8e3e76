package rejudge

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
)

// Scored is a recording judged: its events as it holds them (annotated
// again when of older rules), the judge's usage events after them, and
// its ending with the judge's scores (or its failure) in place of any
// earlier judge's.
type Scored struct {
	Rec    *record.Recording
	Ending *event.Ending
	Usage  []event.Usage
	// Err is the judge's failure, noted in Ending too.
	Err error
}

// Score judges the recording at path with j. A recording that cannot be
// read, or whose run did not end (or was stopped), is an error: there is
// nothing to judge. ctx's end stops the judge and returns ctx's error.
func Score(ctx context.Context, j *llm.Judge, path string) (*Scored, error) {
	rec, err := record.ReadContext(ctx, path)
	if err != nil {
		return nil, err
	}
	end := rec.Ending()
	switch {
	case end == nil:
		return nil, fmt.Errorf("%s: %s: nothing to judge", path, rec.EndNote())
	case end.Stopped():
		return nil, fmt.Errorf("%s: the run was stopped (%s) before it ended: nothing to judge", path, end.Reason)
	}
	leak.Reannotate(rec)
	out := &Scored{Rec: rec, Ending: withoutJudge(rec.Ending())}
	out.Usage, out.Err = j.Score(ctx, rec.Header.Scenario, history(rec), out.Ending)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	for _, u := range out.Usage {
		if out.Ending.Usage == nil {
			out.Ending.Usage = &event.Usage{}
		}
		out.Ending.Usage.Add(u)
	}
	return out, nil
}

// history is the recording's completed turns, as the judge reads them.
func history(rec *record.Recording) []event.Turn {
	var out []event.Turn
	for _, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted && ev.Action != nil {
			out = append(out, event.Turn{Number: ev.Turn, Seat: ev.Seat, Speaker: ev.Speaker, Backend: ev.Backend,
				Person: rec.Header.Person, Action: *ev.Action})
		}
	}
	return out
}

// withoutJudge is a copy of an ending without an earlier judge's scores,
// reasoning and notes (an imported evaluator's stay).
func withoutJudge(e *event.Ending) *event.Ending {
	c := *e
	c.Metrics, c.Notes = maps.Clone(e.Metrics), maps.Clone(e.Notes)
	c.Retries = maps.Clone(e.Retries)
	if e.Usage != nil {
		u := *e.Usage
		c.Usage = &u
	}
	if e.Cache != nil {
		cu := *e.Cache
		c.Cache = &cu
	}
	ownJudge := metrics.JudgeKey("") // judge.seatN.*, judge.error, judge.stopped
	for k := range c.Metrics {
		if strings.HasPrefix(k, ownJudge) {
			delete(c.Metrics, k)
		}
	}
	for k := range c.Notes {
		if strings.HasPrefix(k, ownJudge) {
			delete(c.Notes, k)
		}
	}
	return &c
}

// judged reports whether a copy already holds the judge's scores of
// both seats, by a judge of settings: a copy of another judge's is an
// error, for --resume would mix two judges.
func judged(rec *record.Recording, settings map[string]string) (bool, error) {
	end := rec.Ending()
	if end == nil || end.Notes[metrics.JudgeErrorNote] != "" {
		return false, nil
	}
	_, s0 := end.Metrics[metrics.JudgeSeatKey(0, "overall")]
	_, s1 := end.Metrics[metrics.JudgeSeatKey(1, "overall")]
	if !s0 || !s1 {
		return false, nil
	}
	for _, k := range []string{llm.SettingJudgeModel, llm.SettingJudgePromptHash} {
		if got, want := rec.Header.Settings[k], settings[k]; got != want {
			return false, errors.New(rec.Path + ": judged with " + k + " " + got + ", this judge's is " + want + ": judge into another folder, or --force")
		}
	}
	return true, nil
}
