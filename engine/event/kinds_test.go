package event

import (
	"encoding/json"
	"strings"
	"testing"
	"unsafe"
)

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

// TestAnnotationSourceInJSON: the rules' source is left out, the model's
// written as "model" and read back; an unknown word is an error that
// names it, and so is writing an unknown source.
func TestAnnotationSourceInJSON(t *testing.T) {
	for _, c := range []struct {
		a    Annotation
		json string
	}{
		{Annotation{Kind: Leak, FactID: "f"}, `{"kind":"leak","fact":"f","start":0,"end":0}`},
		{Annotation{Kind: Guess, FactID: "f", Approximate: true, Source: ByModel, Position: 0.5}, `{"kind":"guess","fact":"f","start":0,"end":0,"approximate":true,"source":"model","position":0.5}`},
	} {
		data, err := json.Marshal(c.a)
		if err != nil || string(data) != c.json {
			t.Errorf("%+v: %s %v, want %s", c.a, data, err, c.json)
		}
		var back Annotation
		if err := json.Unmarshal(data, &back); err != nil || back != c.a {
			t.Errorf("%s read back as %+v, %v", data, back, err)
		}
	}
	var a Annotation
	if err := json.Unmarshal([]byte(`{"kind":"leak","source":"oracle"}`), &a); err == nil || !strings.Contains(err.Error(), `"oracle"`) {
		t.Errorf("an unknown source: %v", err)
	}
	if _, err := json.Marshal(Annotation{Source: 9}); err == nil {
		t.Error("an unknown source was written")
	}
	if unsafe.Sizeof(Annotation{}) != 64 {
		t.Errorf("an annotation takes %d bytes: the source should fit in the padding", unsafe.Sizeof(Annotation{}))
	}
}
