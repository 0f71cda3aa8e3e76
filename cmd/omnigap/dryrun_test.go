package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/llm/estimate"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// paddedServer is the loopback model server answering as llmtest does
// (every episode to its turn limit), each turn padded to turn tokens and
// each judge reply to judge tokens, counting usage with tok: the study a
// dry run's upper bound describes.
func paddedServer(t *testing.T, tok *estimate.Tokenizer, turn, judge int) *llmtest.Server {
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	srv.Tokenizer = tok
	pad := func(s string, to int) string {
		for i := 0; tok.Count(s) < to; i++ {
			s += " " + strings.Fields("and so we talk it over a little longer")[i%9]
		}
		return s
	}
	line := regexp.MustCompile(`^\d+\. `)
	srv.Respond = func(r *llmtest.Request) string {
		reply := llmtest.Default(r)
		switch sys := r.Message("system"); {
		case strings.Contains(sys, "scriptwriter"):
			lines := strings.Split(reply, "\n")
			for i, l := range lines {
				if line.MatchString(l) {
					lines[i] = pad(l, turn)
				}
			}
			return strings.Join(lines, "\n")
		case llmtest.Judging(r):
			var scores map[string]map[string]any
			json.Unmarshal([]byte(reply), &scores)
			bare, _ := json.Marshal(scores)
			for _, s := range scores {
				s["reasoning"] = pad(s["reasoning"].(string), (judge-tok.Count(string(bare)))/len(scores))
			}
			out, _ := json.Marshal(scores)
			return string(out)
		}
		var act map[string]any
		json.Unmarshal([]byte(reply), &act)
		for tok.Count(jsonText(act)) < turn-1 {
			act["text"] = pad(act["text"].(string), tok.Count(act["text"].(string))+1)
		}
		return jsonText(act)
	}
	return srv
}

func jsonText(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

// TestDryRunBoundsAStudyAtItsTurnLimits: --dry-run sends nothing, and the
// prompt tokens of its upper bound are within 10% of those the loopback
// server counts (with the same tokenizer) when the study is then run for
// real with every episode at its turn limit and every turn at its cap;
// the calls are the same, role by role in total.
func TestDryRunBoundsAStudyAtItsTurnLimits(t *testing.T) {
	tok := estimate.For("gpt-4o-mini")
	const turn, judge = 60, 400
	srv := paddedServer(t, tok, turn, judge)
	args := append([]string{"run", "--scenario", "craigslist/gen-*", "--scenario", "mutualfriends/gen-*", "--episodes", "4", "--seed", "3",
		"--judge", "--max-tokens", strconv.Itoa(turn), "--judge-max-tokens", strconv.Itoa(judge)}, modelArgs(srv)...)
	args = append(args, "--model", "gpt-4o-mini")
	out, err := omnigap(t, append(args, "--dry-run")...)
	if err != nil {
		t.Fatal(err)
	}
	if srv.Count() != 0 {
		t.Fatalf("the dry run sent %d requests", srv.Count())
	}
	for _, want := range []string{"dry run of 24 episodes (2 generators (a fresh scenario per episode) x 4 episodes x 3 modes)", "o200k_base, gpt-4o-mini's own tokenizer", "upper bound: every episode to its turn limit", "expected: every episode ends at 50%", "June 2025"} {
		if !strings.Contains(out, want) {
			t.Errorf("the dry run does not say %q:\n%s", want, out)
		}
	}
	upper := totalRow(t, out, "upper bound")
	expected := totalRow(t, out, "expected")
	if !(expected[1] < upper[1]) {
		t.Errorf("expected prompt tokens %d not below the upper bound %d", expected[1], upper[1])
	}

	if _, err := omnigap(t, append(args, "--out", t.TempDir())...); err != nil {
		t.Fatal(err)
	}
	var calls, prompt, completion int
	for _, s := range srv.Spending() {
		calls++
		prompt += s.Prompt
		completion += s.Completion
	}
	t.Logf("upper bound %v; the real study: %d calls, %d prompt, %d completion tokens", upper, calls, prompt, completion)
	if calls != upper[0] {
		t.Errorf("%d calls, the dry run counted %d", calls, upper[0])
	}
	if d := math.Abs(float64(prompt-upper[1])) / float64(upper[1]); d > 0.10 {
		t.Errorf("prompt tokens %d, %.1f%% off the upper bound %d", prompt, 100*d, upper[1])
	}
	if d := math.Abs(float64(completion-upper[2])) / float64(upper[2]); d > 0.10 {
		t.Errorf("completion tokens %d, %.1f%% off the upper bound %d", completion, 100*d, upper[2])
	}
}

// totalRow reads the calls, prompt and completion tokens of the total row
// under the figure whose title starts with title.
func totalRow(t *testing.T, out, title string) [3]int {
	t.Helper()
	_, rest, ok := strings.Cut(out, "\n"+title)
	if !ok {
		t.Fatalf("no %q in:\n%s", title, out)
	}
	for _, l := range strings.Split(rest, "\n") {
		f := strings.Fields(l)
		if len(f) >= 4 && f[0] == "total" {
			var row [3]int
			for i := range row {
				n, err := strconv.Atoi(strings.ReplaceAll(f[1+i], ",", ""))
				if err != nil {
					t.Fatalf("total row %q: %v", l, err)
				}
				row[i] = n
			}
			return row
		}
	}
	t.Fatalf("no total row under %q:\n%s", title, out)
	return [3]int{}
}

// The dry run refuses half a price, says when the built-in engine plays
// (nothing to pay), and prices a model the table lacks with the prices
// given.
func TestDryRunPrices(t *testing.T) {
	_, err := omnigap(t, "run", "--dry-run", "--price-in", "1")
	if err == nil || !strings.Contains(err.Error(), "--price-in and --price-out go together") {
		t.Errorf("half a price: %v", err)
	}
	out, err := omnigap(t, "run", "--dry-run", "--episodes", "2")
	if err != nil || !strings.Contains(out, "no model calls, nothing to pay") {
		t.Errorf("built-in: %v\n%s", err, out)
	}
	out, err = omnigap(t, "run", "--dry-run", "--backend", "openai", "--base-url", "http://127.0.0.1:1/v1", "--model", "qwen2.5-7b", "--modes", "agents")
	if err != nil || !strings.Contains(out, "no price for qwen2.5-7b") || !strings.Contains(out, "as an estimate\n  (qwen2.5-7b's own tokenizer is not available offline)") {
		t.Errorf("a local model without prices: %v\n%s", err, out)
	}
	out, err = omnigap(t, "run", "--dry-run", "--backend", "openai", "--base-url", "http://127.0.0.1:1/v1", "--model", "qwen2.5-7b", "--modes", "agents",
		"--price-in", "0.2", "--price-out", "0.8")
	row := totalRow(t, out, "upper bound")
	want := fmt.Sprintf("%.2f", (float64(row[1])*0.2+float64(row[2])*0.8)/1e6)
	if err != nil || !strings.Contains(out, "$0.20 in, $0.80 out per million tokens (--price-in, --price-out)") || !regexp.MustCompile(`(?m)^total .* `+regexp.QuoteMeta(want)+`$`).MatchString(out) {
		t.Errorf("given prices (want a total of %s): %v\n%s", want, err, out)
	}
}

// TestDryRunCountsTheLeakCheck: with --leak-check, a dry run counts its
// calls in a row of their own, one per turn, with its own model.
func TestDryRunCountsTheLeakCheck(t *testing.T) {
	out, err := omnigap(t, "run", "--dry-run", "--backend", "openai", "--base-url", "http://127.0.0.1:1/v1", "--model", "qwen2.5-7b",
		"--leak-check", "--leak-check-model", "checker-1", "--modes", "agents", "--episodes", "2")
	if err != nil {
		t.Fatal(err)
	}
	upper, _, _ := strings.Cut(out, "expected:")
	m := regexp.MustCompile(`(?m)^leak check +checker-1 +(\d+) `).FindStringSubmatch(upper)
	if m == nil || m[1] != "40" {
		t.Errorf("want 40 leak checks (2 episodes of 20 turns) by checker-1 in the upper bound:\n%s", out)
	}
	if strings.Contains(out, "\njudge ") {
		t.Errorf("a judge row without --judge:\n%s", out)
	}
	if strings.Contains(out, "writer's instruction") {
		t.Errorf("a writer's instruction named with no SCRIPT run:\n%s", out)
	}
}

// The dry run names the SCRIPT writer's instruction it counts: the
// study's by default, or the one --writer-prompt names.
func TestDryRunNamesTheWritersInstruction(t *testing.T) {
	args := []string{"run", "--dry-run", "--backend", "openai", "--base-url", "http://127.0.0.1:1/v1", "--model", "gpt-4o-mini", "--modes", "script", "--episodes", "1"}
	for _, prompt := range []string{"", "careful"} {
		a := args
		if prompt != "" {
			a = append(a, "--writer-prompt", prompt)
		}
		out, err := omnigap(t, a...)
		want := "the SCRIPT writer's instruction: " + cmp.Or(prompt, "study") + " (--writer-prompt; docs/LLM.md)\n"
		if err != nil || !strings.Contains(out, want) {
			t.Errorf("--writer-prompt %q: want %q: %v\n%s", prompt, want, err, out)
		}
	}
}
