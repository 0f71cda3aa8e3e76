package report

import (
	"math"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
)

// TestKappa: Cohen's kappa of a known table, and none where one check
// never saw the kind or chance agreement is certain.
func TestKappa(t *testing.T) {
	// 50 items: observed agreement 0.7; the rules say yes half the time,
	// the model 0.6; chance 0.5; kappa (0.7-0.5)/(1-0.5) = 0.4.
	if k, ok := (Agreement{Both: 20, RulesOnly: 5, ModelOnly: 10, Neither: 15}).Kappa(); !ok || math.Abs(k-0.4) > 1e-12 {
		t.Errorf("kappa %v %v, want 0.4", k, ok)
	}
	if k, ok := (Agreement{Both: 3, Neither: 7}).Kappa(); !ok || k != 1 {
		t.Errorf("perfect agreement: kappa %v %v, want 1", k, ok)
	}
	for _, a := range []Agreement{{ModelOnly: 2, Neither: 8}, {RulesOnly: 2, Neither: 8}, {Neither: 5}, {Both: 4}, {}} {
		if k, ok := a.Kappa(); ok {
			t.Errorf("%+v: kappa %v, want none", a, k)
		}
	}
}

// TestAgreementSaysWhyThereIsNoKappa: the report names, per kind, the
// kappa or why there is none.
func TestAgreementSaysWhyThereIsNoKappa(t *testing.T) {
	var b strings.Builder
	writeAgreement(&b, []Agreement{{Kind: event.Leak, Both: 20, RulesOnly: 5, ModelOnly: 10, Neither: 15}, {Kind: event.Guess, ModelOnly: 2, Neither: 8},
		{Kind: event.MindRead}, {Kind: event.Disclosure, Neither: 9}})
	for _, want := range []string{"leaks        kappa 0.40  (50 items: both 20, rules only 5, model only 10)",
		"guesses      no kappa: the rules saw none, the model 2 (10 items)", "mind-reads   no kappa: no turn checked could have one",
		"disclosures  no kappa: neither check saw one (9 items)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("missing %q in:\n%s", want, b.String())
		}
	}
	b.Reset()
	writeAgreement(&b, nil)
	if b.Len() != 0 {
		t.Errorf("a report of unchecked runs speaks of the check: %q", b.String())
	}
}
