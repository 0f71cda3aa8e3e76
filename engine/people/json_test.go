package people

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/report"
)

// report --json carries the study under "people": a group per dimension
// and set of units, each with the raters' mean, their alpha and every
// scorer's figures under its name; a figure that cannot be measured is
// null, and not_measured says why. The text names the flattered
// dimensions.
func TestJSONAndTextCarryTheFigures(t *testing.T) {
	st := newFixture(12).study(t)
	var b bytes.Buffer
	if err := WriteReportJSON(&b, report.Report{}, st); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Groups []report.Group `json:"groups"`
		People struct {
			Joined int `json:"episodes_joined"`
			Groups []struct {
				Dimension string            `json:"dimension"`
				By        map[string]string `json:"by"`
				Raters    map[string]any    `json:"raters"`
				Alpha     map[string]any    `json:"alpha"`
				Scorers   map[string]map[string]any
			} `json:"groups"`
			Flatters []map[string]any `json:"flatters"`
		} `json:"people"`
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	p := got.People
	if p.Joined != 12 || len(p.Groups) != 7*3 {
		t.Fatalf("%d joined, %d groups:\n%s", p.Joined, len(p.Groups), b.String())
	}
	first := p.Groups[0]
	if first.Dimension != "believability" || len(first.By) != 0 || p.Groups[1].By["model"] != "model-a" {
		t.Errorf("the groups start %+v, %+v", first, p.Groups[1])
	}
	for _, k := range []string{"mean", "ci95_lo", "ci95_hi", "n"} {
		if _, ok := first.Raters[k]; !ok {
			t.Errorf("raters lack %s: %v", k, first.Raters)
		}
	}
	for _, k := range []string{"value", "ci95_lo", "ci95_hi"} {
		if _, ok := first.Alpha[k]; !ok {
			t.Errorf("alpha lacks %s: %v", k, first.Alpha)
		}
	}
	imported := first.Scorers["judge: imported, gpt-4"]
	for _, k := range []string{"mean", "bias", "bias_ci95_lo", "bias_ci95_hi", "pearson", "spearman", "mae", "n"} {
		if _, ok := imported[k]; !ok {
			t.Errorf("the imported evaluator's figures lack %s: %v", k, imported)
		}
	}
	var secret map[string]any
	for _, g := range p.Groups {
		if g.Dimension == "secret" && len(g.By) == 0 {
			secret = g.Scorers["rule: secret disclosures"]
		}
	}
	if secret["pearson"] != nil || !strings.Contains(secret["not_measured"].(map[string]any)["pearson"].(string), "same score") {
		t.Errorf("the rule's pearson, with every score the same: %v", secret)
	}
	if len(p.Flatters) < 2 || p.Flatters[0]["dimension"] != "believability" || p.Flatters[1]["dimension"] != "knowledge" {
		t.Errorf("flatters %v", p.Flatters)
	}
	var text bytes.Buffer
	if err := st.WriteText(&text, 80); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"people beside the scorers: 336 ratings by 2 raters of 12 episodes", "judge: imported, gpt-4: flatters on believability by +",
		", on knowledge by +", "model model-a", "not measured: every recording, rule: secret disclosures, pearson"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text lacks %q:\n%s", want, text.String())
		}
	}
}
