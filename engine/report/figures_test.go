package report

import (
	"strings"
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
	got := Figures(end)
	want := map[string]float64{
		metrics.TokensPrompt: 1200, metrics.TokensCompletion: 300, metrics.TokensCached: 800,
		JudgeGoal: 6.5, metrics.JudgeKey("secret"): -4, metrics.JudgeKey("knowledge"): 7,
		metrics.JudgeKey("overall"): 3, metrics.GoalCompletion: 3,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	if end.Metrics[metrics.GoalCompletion] != 3 || end.Metrics[JudgeGoal] != 0 {
		t.Error("the ending's own metrics were changed")
	}
	if _, ok := Figures(event.Ending{})[metrics.TokensPrompt]; ok {
		t.Error("a run without model calls reported tokens")
	}
}

// The judge's goal score is never the rule's goal completion: a judged
// free-form episode has goal completion (judge) and no goal completion
// (rule), and the rows are named apart.
func TestJudgeAndRuleGoalCompletionStayApart(t *testing.T) {
	sc := &scenario.Scenario{ID: "t/x", Family: scenario.Sotopia}
	ep := FromRun("r", sc, "agents", nil, event.Ending{Reason: event.TurnLimit,
		Metrics: map[string]float64{metrics.JudgeSeatKey(0, "goal"): 9, metrics.JudgeSeatKey(1, "goal"): 6}}, 0)
	if _, ok := ep.Metrics[metrics.GoalCompletion]; ok {
		t.Errorf("the judge's goal score became the rule's goal completion: %v", ep.Metrics)
	}
	if ep.Metrics[JudgeGoal] != 7.5 {
		t.Errorf("goal completion (judge) %v, want 7.5", ep.Metrics[JudgeGoal])
	}
	rule, judge := measure(metrics.GoalCompletion).Label, measure(JudgeGoal).Label
	if !strings.Contains(rule, "rule") || !strings.Contains(judge, "judge") || rule == judge {
		t.Errorf("goal completion rows named %q and %q", rule, judge)
	}
}

// An episode whose judging was stopped is cut short, as `run` counts it:
// ended, but not completed; a judged one with the same dialogue is both.
func TestStoppedJudgingIsNotCompleted(t *testing.T) {
	sc := &scenario.Scenario{ID: "t/x", Family: scenario.Sotopia}
	figs := map[string]float64{metrics.GoalCompletion: 5}
	judged := FromRun("r", sc, "agents", nil, event.Ending{Reason: event.TurnLimit, Metrics: figs}, 0)
	stopped := FromRun("r", sc, "agents", nil, event.Ending{Reason: event.TurnLimit, Metrics: figs,
		Notes: map[string]string{metrics.JudgeStoppedNote: "stopped"}}, 0)
	if !judged.Completed || !judged.Ended {
		t.Errorf("a judged episode: completed %v, ended %v", judged.Completed, judged.Ended)
	}
	if stopped.Completed || !stopped.Ended || !CutShort(event.Ending{Notes: map[string]string{metrics.JudgeStoppedNote: "x"}}) {
		t.Errorf("an episode with judging stopped: completed %v, ended %v", stopped.Completed, stopped.Ended)
	}
}
