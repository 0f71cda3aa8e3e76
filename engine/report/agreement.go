package report

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/leak/check"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Agreement counts how the rules and the model's leak check judged the
// same things, for one annotation kind: each turn the check answered
// for, and each fact open to it (leak.Annotator.Open) whose kind it is,
// is one item that each check says the turn states or not.
type Agreement struct {
	Kind      event.AnnotationKind `json:"kind"`
	Both      int                  `json:"both"`
	RulesOnly int                  `json:"rules_only"`
	ModelOnly int                  `json:"model_only"`
	Neither   int                  `json:"neither"`
}

// Items is how many items were judged.
func (a Agreement) Items() int { return a.Both + a.RulesOnly + a.ModelOnly + a.Neither }

// Kappa is Cohen's kappa of the two checks, and false when it says
// nothing: when one of them never saw the kind, or (chance agreement
// being certain) both saw it in every item.
func (a Agreement) Kappa() (float64, bool) {
	n := float64(a.Items())
	if a.Both+a.RulesOnly == 0 || a.Both+a.ModelOnly == 0 {
		return 0, false
	}
	observed := float64(a.Both+a.Neither) / n
	rules, model := float64(a.Both+a.RulesOnly)/n, float64(a.Both+a.ModelOnly)/n
	chance := rules*model + (1-rules)*(1-model)
	if chance == 1 {
		return 0, false
	}
	return (observed - chance) / (1 - chance), true
}

// checkedKinds are the kinds the model's check can give: the kinds of a
// fact the speaker could not know, and disclosures.
func checkedKinds() []event.AnnotationKind {
	var out []event.AnnotationKind
	for _, k := range event.Kinds {
		if k.Unknown || k.Kind == event.Disclosure {
			out = append(out, k.Kind)
		}
	}
	return out
}

// AgreementOf compares the two checks over a run of sc in mode that the
// model checked (its ending counts the checks), from its turns and its
// events (the annotations and errors among them), or returns nil. The
// turns a check failed for, or was cut off in, are left out.
func AgreementOf(sc *scenario.Scenario, mode view.Mode, history []event.Turn, events []event.Event, end *event.Ending) []Agreement {
	if end == nil {
		return nil
	}
	if _, checked := end.Metrics[metrics.CheckTurns]; !checked {
		return nil
	}
	type item struct {
		turn int
		fact string
		kind event.AnnotationKind
	}
	said := map[event.AnnotationSource]map[item]bool{event.ByRules: {}, event.ByModel: {}}
	unanswered := map[int]bool{}
	for _, ev := range events {
		switch {
		case ev.Kind == event.Annotated && ev.Annotation != nil && ev.Annotation.Counted():
			if m := said[ev.Annotation.Source]; m != nil {
				m[item{ev.Turn, ev.Annotation.FactID, ev.Annotation.Kind}] = true
			}
		case ev.Kind == event.Error && ev.Failure == event.CheckFailure:
			unanswered[ev.Turn] = true
		}
	}
	out := make([]Agreement, 0, 4)
	for _, k := range checkedKinds() {
		out = append(out, Agreement{Kind: k})
	}
	a := leak.New(sc, mode)
	for i, t := range history {
		open := a.Open(t)
		a.Annotate(history[:i+1])
		if !check.Asked(t, open) || unanswered[t.Number] {
			continue
		}
		for _, o := range open {
			at := item{t.Number, o.Fact.ID, o.Kind}
			for j := range out {
				if out[j].Kind == o.Kind {
					out[j].add(said[event.ByRules][at], said[event.ByModel][at])
				}
			}
		}
	}
	return out
}

func (a *Agreement) add(rules, model bool) {
	switch {
	case rules && model:
		a.Both++
	case rules:
		a.RulesOnly++
	case model:
		a.ModelOnly++
	default:
		a.Neither++
	}
}

// addAgreements adds b's counts to a's, kind by kind.
func addAgreements(a, b []Agreement) []Agreement {
	for _, x := range b {
		i := 0
		for i < len(a) && a[i].Kind != x.Kind {
			i++
		}
		if i == len(a) {
			a = append(a, Agreement{Kind: x.Kind})
		}
		a[i].Both += x.Both
		a[i].RulesOnly += x.RulesOnly
		a[i].ModelOnly += x.ModelOnly
		a[i].Neither += x.Neither
	}
	return a
}

// writeAgreement writes how often the rules and the model's check agree,
// per kind, when any recording was checked.
func writeAgreement(b *strings.Builder, agreements []Agreement) {
	if len(agreements) == 0 {
		return
	}
	b.WriteString("\nthe rules and the model's leak check (Cohen's kappa over the turns checked and the facts open to each):\n")
	for _, a := range agreements {
		word := string(a.Kind)
		if k, ok := event.InfoOf(a.Kind); ok {
			word = k.Plural
		}
		kappa, ok := a.Kappa()
		switch {
		case a.Items() == 0:
			fmt.Fprintf(b, "  %-12s no kappa: no turn checked could have one\n", word)
		case ok:
			fmt.Fprintf(b, "  %-12s kappa %.2f  (%d items: both %d, rules only %d, model only %d)\n", word, kappa, a.Items(), a.Both, a.RulesOnly, a.ModelOnly)
		case a.Both+a.RulesOnly == 0 && a.Both+a.ModelOnly == 0:
			fmt.Fprintf(b, "  %-12s no kappa: neither check saw one (%d items)\n", word, a.Items())
		case a.Both+a.RulesOnly == 0:
			fmt.Fprintf(b, "  %-12s no kappa: the rules saw none, the model %d (%d items)\n", word, a.ModelOnly, a.Items())
		case a.Both+a.ModelOnly == 0:
			fmt.Fprintf(b, "  %-12s no kappa: the model saw none, the rules %d (%d items)\n", word, a.RulesOnly, a.Items())
		default:
			fmt.Fprintf(b, "  %-12s no kappa: both saw it in every one of %d items\n", word, a.Items())
		}
	}
}
