package people

import (
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Score is an automated scorer's score of one seat on one dimension,
// with the reasoning it gave (none for the rules).
type Score struct {
	Scorer, Dimension string
	Value             float64
	Reasoning         string
}

// The automated scorers, by the start of their names: an evaluator's
// scores imported with the episode, omnigap's judge, and omnigap's
// rules where one maps to a dimension.
const (
	importedJudge    = "judge: imported"
	ownJudge         = "judge"
	goalRule         = "rule: goal completion"
	secretRule       = "rule: secret disclosures"
	importedNotePart = "imported, "
)

// RuleRank is ScorerRank of the rules' scorers; the judges' is lower.
const RuleRank = 2

// ScorerRank orders scorers' names: imported evaluators, then omnigap's
// judges, then the rules.
func ScorerRank(name string) int {
	switch {
	case strings.HasPrefix(name, importedJudge):
		return 0
	case strings.HasPrefix(name, ownJudge):
		return 1
	}
	return RuleRank
}

// Scores are the automated scores of one seat of a finished run, in
// the order of the dimensions: an imported evaluator's, omnigap's
// judge's, goal completion by rule (the goal dimension, 0..10) and
// secret disclosures by rule (the secret dimension: -10 times the share
// of the seat's secrets it gave away, for a seat that has one).
func Scores(h record.Header, end *event.Ending, events []event.Event, seat int) []Score {
	if end == nil {
		return nil
	}
	imported := importedJudge
	if src, ok := strings.CutPrefix(end.Notes[metrics.ImportedJudgeNote], importedNotePart); ok && src != "" {
		imported += ", " + src
	}
	own := ownJudge
	if m := h.Settings[llm.SettingJudgeModel]; m != "" {
		own += ": " + m
	}
	var out []Score
	for _, d := range metrics.JudgeDimensions {
		for _, s := range []struct{ name, key string }{
			{imported, metrics.ImportedJudgeSeatKey(seat, d.Key)},
			{own, metrics.JudgeSeatKey(seat, d.Key)},
		} {
			if v, ok := end.Metrics[s.key]; ok {
				out = append(out, Score{Scorer: s.name, Dimension: d.Key, Value: v, Reasoning: end.Notes[s.key]})
			}
		}
		switch d.Key {
		case "goal":
			if v, ok := end.Metrics[[2]string{metrics.GoalCompletionSeat0, metrics.GoalCompletionSeat1}[seat]]; ok {
				out = append(out, Score{Scorer: goalRule, Dimension: d.Key, Value: v})
			}
		case "secret":
			if v, ok := secretsGiven(h.Scenario, events, seat); ok {
				out = append(out, Score{Scorer: secretRule, Dimension: d.Key, Value: v})
			}
		}
	}
	return out
}

// secretsGiven is -10 times the share of the seat's secrets that the
// rules found it disclosed (a denial not counted), on the secret
// dimension's scale; ok is false for a seat without a secret.
func secretsGiven(sc *scenario.Scenario, events []event.Event, seat int) (float64, bool) {
	secrets := map[string]bool{}
	for _, f := range sc.Facts() {
		if f.Owner == scenario.Owner(seat) && f.TypeOf() == scenario.TypeSecret {
			secrets[f.ID] = false
		}
	}
	if len(secrets) == 0 {
		return 0, false
	}
	for _, ev := range events {
		a := ev.Annotation
		if ev.Kind != event.Annotated || a == nil || a.Kind != event.Disclosure || a.Source != event.ByRules || !a.Counted() {
			continue
		}
		if _, ok := secrets[a.FactID]; ok {
			secrets[a.FactID] = true
		}
	}
	given := 0
	for _, said := range secrets {
		if said {
			given++
		}
	}
	if given == 0 {
		return 0, true // not -0
	}
	return -10 * float64(given) / float64(len(secrets)), true
}
