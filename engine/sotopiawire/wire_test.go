package sotopiawire

import (
	"encoding/json"
	"testing"
)

// A reward reads in Sotopia's three shapes and writes as the pair.
func TestRewardShapes(t *testing.T) {
	for in, want := range map[string]float64{
		`[3.5, {"goal": 7, "overall_score": 3.5}]`: 3.5,
		`{"goal": 7, "overall_score": 2}`:          2,
		`1.25`:                                     1.25,
	} {
		var r Reward
		if err := json.Unmarshal([]byte(in), &r); err != nil || r.Overall != want {
			t.Errorf("%s: %+v, %v", in, r, err)
		}
	}
	b, err := json.Marshal(Reward{Overall: 1, Dimensions: map[string]float64{"goal": 2}})
	if err != nil || string(b) != `[1,{"goal":2}]` {
		t.Errorf("%s %v", b, err)
	}
	var r Reward
	if err := json.Unmarshal([]byte(`[1, 2, 3]`), &r); err == nil {
		t.Error("a triple read as a reward")
	}
}

// Named keeps the object's order both ways.
func TestNamedKeepsOrder(t *testing.T) {
	in := `{"Zed":"z","Amy":"a"}`
	var n Named
	if err := json.Unmarshal([]byte(in), &n); err != nil || len(n) != 2 || n[0].Name != "Zed" {
		t.Fatalf("%+v %v", n, err)
	}
	if v, ok := n.Get("Amy"); !ok || v != "a" {
		t.Errorf("Get: %q %v", v, ok)
	}
	b, err := json.Marshal(n)
	if err != nil || string(b) != in {
		t.Errorf("%s %v", b, err)
	}
	if err := json.Unmarshal([]byte(`{"A": 3}`), &n); err == nil {
		t.Error("a number read as text")
	}
}
