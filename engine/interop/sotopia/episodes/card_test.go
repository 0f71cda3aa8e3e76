package episodes

import (
	"bytes"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/card"
	"github.com/omnigap/omnigap/engine/record"
)

// The card of an imported episode says where it came from, that it
// ended as recorded, and whose the imported scores are.
func TestCardOfAnImportedEpisode(t *testing.T) {
	e, err := Decode([]byte(smallLog))
	if err != nil {
		t.Fatal(err)
	}
	e.Agents[0].Goal, e.Agents[1].Goal, e.Scenario = "Say hello.", "Wave back.", "Two neighbours meet."
	rec := recorded(t, e)
	var b bytes.Buffer
	if err := card.Write(&b, []*record.Recording{rec}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"played elsewhere and imported (Sotopia episode ep1 (episodelog))",
		"another evaluator's scores on the seven dimensions (imported, judge-m)",
		"judge: imported, goal (0..10)",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the card lacks %q:\n%s", want, b.String())
		}
	}
}
