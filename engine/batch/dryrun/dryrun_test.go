package dryrun

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/batch"
	_ "github.com/omnigap/omnigap/engine/builtin/all"
	_ "github.com/omnigap/omnigap/engine/family/all"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/view"
)

// The built-in engine makes no calls: the dry run says so and plays
// nothing; a generator counts as one, drawing a scenario per episode.
func TestBuiltinCostsNothing(t *testing.T) {
	var out, errs bytes.Buffer
	opts := batch.Options{Refs: []string{"craigslist/road-bike", "craigslist/gen-*"}, Episodes: 1000, Modes: []view.Mode{view.Script}}
	if err := Print(context.Background(), opts, "builtin", config.Defaults(), Prices{}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	want := "dry run of 2,000 episodes (1 scenario and 1 generator (a fresh scenario per episode) x 1,000 episodes x 1 mode), nothing sent\nthe built-in engine plays every seat offline: no model calls, nothing to pay\n"
	if out.String() != want || errs.Len() != 0 {
		t.Fatalf("dry run says:\n%s\n(stderr %q), want:\n%s", out.String(), errs.String(), want)
	}
}

// Each role is priced by the user's price, or its model's list price, or
// says how to give one; the judge and the leak check only when asked for.
// The table prints the role names of batch.Roles and a "?" total when a
// price is missing.
func TestPricesByRole(t *testing.T) {
	cfg := config.Defaults()
	cfg.Model, cfg.JudgeModel = "no-such-model", "another-model"
	p := rolePrices(cfg, Prices{})
	if got := p.sources(); len(got) != 1 || got[0] != "no price for no-such-model: give --price-in and --price-out ($ per million tokens)" {
		t.Fatalf("sources without the judge: %q", got)
	}
	cfg.Judge = true
	if got := rolePrices(cfg, Prices{}).sources(); len(got) != 2 || !strings.Contains(got[1], "another-model") {
		t.Fatalf("sources with the judge: %q", got)
	}
	var calls batch.RoleCalls
	calls[0] = batch.Calls{Calls: 1200, Prompt: 3_000_000, Completion: 1_000_000}
	calls[3] = batch.Calls{Calls: 10, Prompt: 1000, Completion: 500}
	var w bytes.Buffer
	writeCalls(&w, calls, cfg, rolePrices(cfg, Prices{Given: true, In: 1, Out: 2}))
	want := "role    model          calls  prompt tokens  completion tokens  cost (USD)\n" +
		"writer  no-such-model  1,200      3,000,000          1,000,000        5.00\n" +
		"judge   another-model     10          1,000                500        0.00\n" +
		"total                  1,210      3,001,000          1,000,500        5.00\n"
	if w.String() != want {
		t.Fatalf("table:\n%s\nwant:\n%s", w.String(), want)
	}
	w.Reset()
	writeCalls(&w, calls, cfg, rolePrices(cfg, Prices{}))
	if !strings.Contains(w.String(), "\ntotal ") || !strings.HasSuffix(strings.TrimSpace(w.String()), "?") {
		t.Fatalf("no price, yet a total:\n%s", w.String())
	}
}
