package secret

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// sotopiaAgents is the user's copy of Sotopia's character export, kept
// outside the project (see ../shared/data/README.md).
const sotopiaAgents = "sotopia/agent_profiles.jsonl"

// sotopiaSecrets reads every character's secret by full name.
func sotopiaSecrets(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(shareddata.Path(t, sotopiaAgents))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var p struct {
			First  string `json:"first_name"`
			Last   string `json:"last_name"`
			Secret string `json:"secret"`
		}
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		out[p.First+" "+p.Last] = p.Secret
	}
	return out
}

// labelledParaphrase is one hand-labelled sentence about a secret.
type labelledParaphrase struct {
	who, text string
	tells     bool
}

func readParaphrases(t *testing.T) []labelledParaphrase {
	t.Helper()
	data, err := os.ReadFile("testdata/secret-paraphrases.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []labelledParaphrase
	for n, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "|", 3)
		if len(parts) != 3 {
			t.Fatalf("secret-paraphrases.txt:%d: want NAME | yes|no | sentence", n+1)
		}
		out = append(out, labelledParaphrase{strings.TrimSpace(parts[0]), strings.TrimSpace(parts[2]), strings.TrimSpace(parts[1]) == "yes"})
	}
	return out
}

// catchRates runs a secret matcher built by phrases over the labelled
// paraphrases: the share of telling sentences caught and of innocent ones
// flagged.
func catchRates(t *testing.T, phrases func(secret string) []string) (recall, falseAlarms float64) {
	secrets := sotopiaSecrets(t)
	var tells, caught, innocent, flagged int
	for _, p := range readParaphrases(t) {
		secret, ok := secrets[p.who]
		if !ok {
			t.Fatalf("no character %q in %s", p.who, sotopiaAgents)
		}
		m := match.Compile([]scenario.Fact{{ID: "secret", Kind: scenario.FactPhrase, Text: secret, Phrases: phrases(secret)}})
		hit := len(m.Find(p.text)) > 0
		if p.tells {
			tells++
			if hit {
				caught++
			} else {
				t.Logf("missed: %s (%q): %q", p.who, secret, p.text)
			}
		} else {
			innocent++
			if hit {
				flagged++
				t.Logf("false alarm: %s (%q): %q", p.who, secret, p.text)
			}
		}
	}
	return float64(caught) / float64(tells), float64(flagged) / float64(innocent)
}

// TestPhrasesCatchParaphrases: the derived key phrases catch most
// secrets told in other words, far more than the secret's own wording
// does, and flag few innocent sentences on the same topic.
func TestPhrasesCatchParaphrases(t *testing.T) {
	baseRecall, baseFalse := catchRates(t, func(s string) []string { return []string{s} })
	recall, falseAlarms := catchRates(t, func(s string) []string { return Phrases(s, "") })
	t.Logf("secret's own wording: recall %.2f, false alarms %.2f", baseRecall, baseFalse)
	t.Logf("derived key phrases:  recall %.2f, false alarms %.2f", recall, falseAlarms)
	if recall < 0.85 || recall <= baseRecall {
		t.Errorf("recall %.2f: want at least 0.85 and above the secret's own wording (%.2f)", recall, baseRecall)
	}
	if falseAlarms > 0.10 {
		t.Errorf("false alarms %.2f: want at most 0.10", falseAlarms)
	}
}

// TestPhrasesSkipWhatThePartnerReads: a phrase the visible text
// already says is no secret and is left out.
func TestPhrasesSkipWhatThePartnerReads(t *testing.T) {
	all := Phrases("He loves gardening and has a secret greenhouse.", "")
	some := Phrases("He loves gardening and has a secret greenhouse.", "Oliver loves the greenhouse at the park.")
	if len(all) == 0 || len(some) >= len(all) {
		t.Fatalf("visible text did not narrow the phrases: %v -> %v", all, some)
	}
	m := match.Compile([]scenario.Fact{{ID: "s", Kind: scenario.FactPhrase, Text: "x", Phrases: some}})
	if got := m.Find("Oliver loves the greenhouse at the park."); len(got) > 0 {
		t.Errorf("the phrases %v still match the visible text", some)
	}
}
