// Package metrics measures one finished episode: length, verbosity,
// annotation counts, the family outcome and a rule-based goal-completion
// score. The formulas are documented in docs/METRICS.md.
package metrics

import (
	"maps"
	"unicode"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Metric names, as keys of event.Ending.Metrics. A metric that does not
// apply to an episode (no deal, so no price) is absent, not zero.
const (
	Turns               = "turns"
	Messages            = "messages" // turns that said something
	Words               = "words"    // words said in the whole dialogue
	WordsPerTurn        = "words_per_turn"
	WordsPerTurnSeat0   = "words_per_turn_seat0"
	WordsPerTurnSeat1   = "words_per_turn_seat1"
	Leaks               = "leaks" // the annotation counts, as event.Kinds names them
	Disclosures         = "disclosures"
	MindReads           = "mind_reads"
	Guesses             = "guesses"
	FirstMentions       = "first_mentions"
	Deal                = "deal"
	Price               = "price"
	PriceFraction       = "price_fraction"
	UtilitySeller       = "utility_seller"
	UtilityBuyer        = "utility_buyer"
	Success             = "success"
	TurnsToSuccess      = "turns_to_success"
	FirstMentionPos     = "first_mention_position"
	GoalCompletion      = "goal_completion"
	GoalCompletionSeat0 = "goal_completion_seat0"
	GoalCompletionSeat1 = "goal_completion_seat1"
)

// The model's leak check (--leak-check) is counted apart: its findings
// of each kind as CheckKey of the kind's metric (check.leaks,
// check.guesses...), the turns it checked, the checks that gave no
// usable answer and those cut off at the run's end.
const (
	CheckTurns  = "check.turns"
	CheckFailed = "check.failed"
	CheckCutOff = "check.cut_off"
)

// GoalKey is the metric that counts the annotations of a kind whose fact
// is a side's social goal (goals.leaks, goals.disclosures...): counted
// apart, so that the headline counts stay those of what a side was told
// and comparable with runs before goals were facts.
func GoalKey(metric string) string { return "goals." + metric }

// NotMeasuredKey is the ending note that says why metric has no figure
// in an episode that would have one (its rule had nothing to read).
func NotMeasuredKey(metric string) string { return "not_measured." + metric }

// CheckKey is the metric that counts the model check's findings of the
// kind whose rules' metric is metric.
func CheckKey(metric string) string { return "check." + metric }

// Mark is one annotation with the turn it belongs to (0-based index into
// the history).
type Mark = family.Mark

// Compute returns the episode's metrics from its turns, its annotations
// and how it ended. A metric the family's rule could not measure (an
// outcome in words no rule reads) is absent, and a note of end's under
// NotMeasuredKey says why.
func Compute(sc *scenario.Scenario, history []event.Turn, marks []Mark, end *event.Ending) map[string]float64 {
	m := map[string]float64{Turns: float64(len(history))}
	words(m, history)
	goals := map[string]bool{}
	for _, seat := range sc.Seats {
		for _, f := range seat.Facts {
			if f.TypeOf() == scenario.TypeGoal {
				goals[f.ID] = true
			}
		}
	}
	for _, k := range event.Kinds {
		m[k.Metric] = 0
		if len(goals) > 0 {
			m[GoalKey(k.Metric)] = 0
		}
	}
	for _, mk := range marks {
		if k, ok := event.InfoOf(mk.Kind); ok && mk.Counted() && mk.Source == event.ByRules {
			if goals[mk.FactID] {
				m[GoalKey(k.Metric)]++
				continue
			}
			m[k.Metric]++
		}
	}
	if f := family.Of(sc.Family); f != nil {
		unmeasured := map[string]string{}
		f.Metrics(m, sc, family.Episode{Turns: len(history), Marks: marks, Outcome: end.Outcome, Unmeasured: unmeasured})
		if len(unmeasured) > 0 {
			end.Notes = maps.Clone(end.Notes)
			if end.Notes == nil {
				end.Notes = map[string]string{}
			}
			for k, why := range unmeasured {
				end.Notes[NotMeasuredKey(k)] = why
			}
		}
	}
	return m
}

// wordCount is len(strings.Fields(s)) without making the fields: runs of
// characters between Unicode white space.
func wordCount(s string) int {
	n, inWord := 0, false
	for i := 0; i < len(s); {
		var space bool
		if c := s[i]; c < utf8.RuneSelf {
			space = c == ' ' || c >= '\t' && c <= '\r'
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			space = unicode.IsSpace(r)
			i += size
		}
		if !space && !inWord {
			n++
		}
		inWord = !space
	}
	return n
}

// words sets the mean word count of the turns that said something, over
// both seats and per seat.
func words(m map[string]float64, history []event.Turn) {
	var sum, n [3]float64
	for _, t := range history {
		w := float64(wordCount(t.Action.Text))
		if w == 0 || t.Seat < 0 || t.Seat > 1 {
			continue
		}
		sum[t.Seat] += w
		n[t.Seat]++
		sum[2] += w
		n[2]++
	}
	m[Messages], m[Words] = n[2], sum[2]
	for i, key := range []string{WordsPerTurnSeat0, WordsPerTurnSeat1, WordsPerTurn} {
		if n[i] > 0 {
			m[key] = sum[i] / n[i]
		}
	}
}

// Position is the relative position of turn index i in a dialogue of n
// turns: 0 for the first turn, 1 for the last.
func Position(i, n int) float64 {
	if n <= 1 {
		return 0
	}
	return float64(i) / float64(n-1)
}

// Flag is a yes-or-no metric's value: 1 or 0.
func Flag(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
