package metrics

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

// FuzzWordCount: words are counted as strings.Fields splits them, on any
// text (Unicode spaces, invalid UTF-8, none at all).
func FuzzWordCount(f *testing.F) {
	for _, s := range []string{"", " ", "two words", "  two words ", "a\u00a0b\u2003c\td\ne", "x\xffy \xff", "\u3000lead and trail\u3000", "日本 語"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := wordCount(s), len(strings.Fields(s)); got != want {
			t.Errorf("wordCount(%q) = %d, strings.Fields gives %d", s, got, want)
		}
	})
}

// TestAnnotationCountsFollowTheKinds: each kind of event.Kinds is counted
// under its metric, the names the rest of the code reads; a denial is not
// counted.
func TestAnnotationCountsFollowTheKinds(t *testing.T) {
	named := map[event.AnnotationKind]string{event.Leak: Leaks, event.MindRead: MindReads, event.Guess: Guesses,
		event.Disclosure: Disclosures, event.FirstMention: FirstMentions}
	var marks []Mark
	for i, k := range event.Kinds {
		if named[k.Kind] != k.Metric {
			t.Errorf("%s is counted as %q, the constant says %q", k.Kind, k.Metric, named[k.Kind])
		}
		for range i + 1 {
			marks = append(marks, Mark{Annotation: event.Annotation{Kind: k.Kind}})
		}
		marks = append(marks, Mark{Annotation: event.Annotation{Kind: k.Kind, Negated: true}})
	}
	m := Compute(&scenario.Scenario{Family: scenario.Sotopia, MaxTurns: 20}, nil, marks, &event.Ending{})
	for i, k := range event.Kinds {
		if m[k.Metric] != float64(i+1) {
			t.Errorf("%s = %v, want %d (the denial not counted)", k.Metric, m[k.Metric], i+1)
		}
	}
}
