package event

import "testing"

// TestKindsAreComplete: every row names, marks and counts its kind, and no
// two rows share a kind, a word, a marker or a metric (the TUI's narrowest
// counters and NO_COLOR legends tell kinds apart by marker alone).
func TestKindsAreComplete(t *testing.T) {
	seen := map[string]string{}
	for _, k := range Kinds {
		for what, v := range map[string]string{"kind": string(k.Kind), "word": k.Word, "plural": k.Plural, "short": k.Short,
			"marker": k.Marker, "meaning": k.Meaning, "metric": k.Metric} {
			if v == "" {
				t.Errorf("%s: no %s", k.Kind, what)
				continue
			}
			if prev, dup := seen[what+"="+v]; dup {
				t.Errorf("%s and %s share the %s %q", prev, k.Kind, what, v)
			}
			seen[what+"="+v] = string(k.Kind)
		}
		if got, ok := InfoOf(k.Kind); !ok || got.Word != k.Word {
			t.Errorf("InfoOf(%s) = %+v, %v", k.Kind, got, ok)
		}
	}
	if _, ok := InfoOf("no-such-kind"); ok {
		t.Error("InfoOf found a kind that is not in the table")
	}
}

// TestDenialsAreNotCounted: a negated annotation is shown but not counted.
func TestDenialsAreNotCounted(t *testing.T) {
	if !(Annotation{Kind: Leak}).Counted() || (Annotation{Kind: Leak, Negated: true}).Counted() {
		t.Error("Counted should be false exactly for negated annotations")
	}
	if !(Annotation{Kind: Guess, Approximate: true}).Counted() {
		t.Error("an approximate mention counts as its kind")
	}
}
