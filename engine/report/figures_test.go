package report

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
)

func TestRunFiguresAddTokensAndJudgeMeans(t *testing.T) {
	end := event.Ending{
		Metrics: map[string]float64{
			metrics.GoalCompletion:               3,
			metrics.JudgeSeatKey(0, "goal"):      8,
			metrics.JudgeSeatKey(1, "goal"):      5,
			metrics.JudgeSeatKey(0, "secret"):    -4,
			metrics.JudgeSeatKey(1, "overall"):   2,
			metrics.JudgeSeatKey(0, "overall"):   4,
			metrics.JudgeSeatKey(1, "knowledge"): 7,
		},
		Usage: &event.Usage{Prompt: 1200, Completion: 300, Cached: 800},
	}
	free := runFigures(scenario.Sotopia, end)
	want := map[string]float64{
		metrics.TokensPrompt: 1200, metrics.TokensCompletion: 300, metrics.TokensCached: 800,
		metrics.JudgeKey("goal"): 6.5, metrics.JudgeKey("secret"): -4, metrics.JudgeKey("knowledge"): 7,
		metrics.JudgeKey("overall"): 3, metrics.GoalCompletion: 6.5,
	}
	for k, v := range want {
		if free[k] != v {
			t.Errorf("%s = %v, want %v", k, free[k], v)
		}
	}
	if end.Metrics[metrics.GoalCompletion] != 3 || end.Metrics[metrics.JudgeKey("goal")] != 0 {
		t.Error("the ending's own metrics were changed")
	}
	// A structured family keeps its rule-based goal completion.
	if got := runFigures(scenario.Craigslist, end)[metrics.GoalCompletion]; got != 3 {
		t.Errorf("craigslist goal completion %v, want the rule-based 3", got)
	}
	if _, ok := runFigures(scenario.Craigslist, event.Ending{})[metrics.TokensPrompt]; ok {
		t.Error("a run without model calls reported tokens")
	}
}

// An episode whose judging was stopped is cut short, as `run` counts it:
// ended, but not completed; a judged one with the same dialogue is both.
func TestStoppedJudgingIsNotCompleted(t *testing.T) {
	sc := &scenario.Scenario{ID: "t/x", Family: scenario.Sotopia}
	figs := map[string]float64{metrics.GoalCompletion: 5}
	judged := FromRun("r", sc, "agents", nil, event.Ending{Reason: event.TurnLimit, Metrics: figs}, 0)
	stopped := FromRun("r", sc, "agents", nil, event.Ending{Reason: event.TurnLimit, Metrics: figs,
		Notes: map[string]string{JudgeStoppedNote: "stopped"}}, 0)
	if !judged.Completed || !judged.Ended {
		t.Errorf("a judged episode: completed %v, ended %v", judged.Completed, judged.Ended)
	}
	if stopped.Completed || !stopped.Ended || !CutShort(event.Ending{Notes: map[string]string{JudgeStoppedNote: "x"}}) {
		t.Errorf("an episode with judging stopped: completed %v, ended %v", stopped.Completed, stopped.Ended)
	}
}
