package match

import (
	"testing"

	"github.com/omnigap/omnigap/engine/scenario"
)

// A fact phrase ending in a number word must not reach other scenarios'
// matchers through the shared number-word table.
func TestNumberWordsStayPerScenario(t *testing.T) {
	withFive := Compile([]scenario.Fact{{ID: "f", Kind: scenario.FactName, Owner: scenario.OwnerPublic, Phrases: []string{"room five"}}})
	if got := withFive.Find("we met in room five"); len(got) != 1 {
		t.Fatalf("the scenario's own matcher: %d matches, want 1", len(got))
	}
	other := Compile([]scenario.Fact{{ID: "g", Kind: scenario.FactName, Owner: scenario.OwnerPublic, Phrases: []string{"garden"}}})
	if got := other.Find("we met in room five"); len(got) != 0 {
		t.Fatalf("another scenario's matcher found %v in a text without its fact", got)
	}
}
