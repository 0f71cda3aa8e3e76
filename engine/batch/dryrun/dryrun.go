// Package dryrun plays a study with a stand-in for every model call
// (llm.DryRun), nothing sent, and says what the study would take: the
// calls, tokens and cost per role and in total, an upper bound and an
// expected figure.
package dryrun

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/leak/check"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/estimate"
	"github.com/omnigap/omnigap/engine/view"
)

// What a dry run assumes where no cap says more: the size of a turn (an
// agent's reply with its JSON, or a line of the writer's script: about
// 40 words, a little more than the paper's AGENTS turns of 30), of a
// judge's reply (seven scores with a sentence or two of reasoning each),
// and the length of an episode for the expected figure.
const (
	assumedTurnTokens  = 60
	assumedJudgeTokens = 400
	assumedEnd         = 0.5
)

// Prices is the price the user gave for every role's tokens, in dollars
// per million (--price-in, --price-out); without it, each model's list
// price (estimate.ListPrice).
type Prices struct {
	Given   bool
	In, Out float64
}

// roleUsed says whether the i-th role of batch.Roles makes calls with
// cfg: the judge and the leak check only when asked for.
func roleUsed(cfg config.Config, i int) bool {
	switch batch.Roles[i].Config {
	case config.RoleJudge:
		return cfg.Judge
	case config.RoleLeakCheck:
		return cfg.LeakCheck
	}
	return true
}

// Print plays the study of opts twice with every model call of the
// backend and settings cfg answered by a stand-in, nothing sent: once with
// every episode to its turn limit and every turn at its cap (the upper
// bound), once under the stated assumption of length; and prints on w the
// calls, tokens and cost per role and in total (on stderr that it plays).
func Print(ctx context.Context, opts batch.Options, backend string, cfg config.Config, d Prices, w, stderr io.Writer) error {
	plan := opts.Plan()
	fmt.Fprintf(w, "dry run of %s episodes (%s x %s x %s", thousands(plan.Total), scenariosText(opts.Refs), count(opts.Episodes, "episode"), count(len(opts.Modes), "mode"))
	if !opts.Shard.Whole() {
		fmt.Fprintf(w, ", shard %s", opts.Shard)
	}
	fmt.Fprintln(w, "), nothing sent")
	if backend == "builtin" {
		fmt.Fprintln(w, "the built-in engine plays every seat offline: no model calls, nothing to pay")
		return nil
	}
	used := map[string]bool{}
	for i, r := range batch.Roles {
		if !roleUsed(cfg, i) {
			continue
		}
		m := cfg.ModelFor(r.Config)
		if !used[m] {
			used[m] = true
			fmt.Fprintf(w, "tokens of %s: counted with %s\n", m, estimate.For(m).Describe())
		}
	}
	if slices.Contains(opts.Modes, view.Script) {
		fmt.Fprintf(w, "the SCRIPT writer's instruction: %s (--writer-prompt; docs/LLM.md)\n", cfg.WriterPrompt)
	}
	turnUpper, turnExpected := assumedTurnTokens, assumedTurnTokens
	turnUpperSays, turnExpectedSays := fmt.Sprintf("%d tokens (an assumed average; no --max-tokens)", assumedTurnTokens), fmt.Sprintf("%d tokens (an assumed average)", assumedTurnTokens)
	if cfg.MaxTokens > 0 {
		turnUpper, turnUpperSays = cfg.MaxTokens, fmt.Sprintf("%d tokens (--max-tokens)", cfg.MaxTokens)
		if cfg.MaxTokens < turnExpected {
			turnExpected, turnExpectedSays = cfg.MaxTokens, fmt.Sprintf("%d tokens (--max-tokens)", cfg.MaxTokens)
		}
	}
	judge, judgeSays := assumedJudgeTokens, fmt.Sprintf("%d tokens (an assumed average)", assumedJudgeTokens)
	if cfg.JudgeMaxTokens > 0 {
		judge, judgeSays = cfg.JudgeMaxTokens, fmt.Sprintf("%d tokens (--judge-max-tokens)", cfg.JudgeMaxTokens)
	}
	figures := []struct {
		title, turn string
		d           llm.DryRun
	}{
		{"upper bound: every episode to its turn limit", turnUpperSays, llm.DryRun{TurnTokens: turnUpper, JudgeTokens: judge, EndAt: 1}},
		{fmt.Sprintf("expected: every episode ends at %.0f%% of its turn limit (an assumption)", 100*assumedEnd), turnExpectedSays,
			llm.DryRun{TurnTokens: turnExpected, JudgeTokens: judge, EndAt: assumedEnd}},
	}
	prices := rolePrices(cfg, d)
	fmt.Fprintf(stderr, "playing the study twice with a stand-in for the model, nothing sent...\n")
	for _, fig := range figures {
		calls, err := dryPlay(ctx, opts, cfg, fig.d)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "\n%s\n  each turn: %s\n", fig.title, fig.turn)
		if cfg.Judge {
			fmt.Fprintf(w, "  each judge reply: %s\n", judgeSays)
		}
		if cfg.LeakCheck {
			fmt.Fprintf(w, "  each leak check reply: no finding (a finding adds a few tokens)\n")
		}
		writeCalls(w, calls, cfg, prices)
		if wc := calls[0]; wc.Calls > 0 && cfg.MaxTokens > 0 && wc.Completion/wc.Calls > cfg.MaxTokens {
			fmt.Fprintf(w, "the writer's script runs to about %s tokens a call, past --max-tokens %d:\n  its replies would be cut off and continued\n",
				thousands(wc.Completion/wc.Calls), cfg.MaxTokens)
		}
	}
	fmt.Fprintln(w)
	for _, p := range prices.sources() {
		fmt.Fprintln(w, p)
	}
	return ctx.Err()
}

// dryPlay plays the study with the stand-in of d and returns its calls
// by role.
func dryPlay(ctx context.Context, opts batch.Options, cfg config.Config, d llm.DryRun) (batch.RoleCalls, error) {
	f := llm.NewDryRunFactory(cfg, d)
	opts.Factory, opts.OutDir, opts.Resume = f, "", false
	opts.Annotate = leak.Shared(4 * max(opts.Concurrency, 1))
	if cfg.LeakCheck {
		opts.Annotate = check.Annotate(f.Checker(), cfg.LeakCheckWait, opts.Annotate)
	}
	if cfg.Judge {
		opts.Annotate = f.Judge().Annotate(opts.Annotate)
	}
	opts.Resolve = library.Resolve
	out, err := batch.Study(ctx, opts)
	return out.Progress.Roles, err
}

// prices are each role's price, and what each comes from.
type prices struct {
	of  [len(batch.Roles)]*estimate.Price
	cfg config.Config
}

func rolePrices(cfg config.Config, d Prices) prices {
	p := prices{cfg: cfg}
	for i, r := range batch.Roles {
		if d.Given {
			p.of[i] = &estimate.Price{In: d.In, Out: d.Out, Source: fmt.Sprintf("cost at $%.2f in, $%.2f out per million tokens (--price-in, --price-out)", d.In, d.Out)}
			continue
		}
		if lp, ok := estimate.ListPrice(cfg.ModelFor(r.Config)); ok {
			lp.Source = fmt.Sprintf("cost of %s at $%.2f in, $%.2f out per million tokens:\n  %s", cfg.ModelFor(r.Config), lp.In, lp.Out, lp.Source)
			p.of[i] = &lp
		}
	}
	return p
}

// sources are the lines that say where the prices come from, or how to
// give one that is missing.
func (p prices) sources() []string {
	var out []string
	for i, pr := range p.of {
		if !roleUsed(p.cfg, i) {
			continue
		}
		line := ""
		if pr != nil {
			line = pr.Source
		} else {
			line = fmt.Sprintf("no price for %s: give --price-in and --price-out ($ per million tokens)", p.cfg.ModelFor(batch.Roles[i].Config))
		}
		if !slices.Contains(out, line) {
			out = append(out, line)
		}
	}
	return out
}

// writeCalls prints the calls, tokens and cost per role and in total.
func writeCalls(w io.Writer, calls batch.RoleCalls, cfg config.Config, p prices) {
	rows := [][]string{{"role", "model", "calls", "prompt tokens", "completion tokens", "cost (USD)"}}
	total, known := 0.0, true
	for i, c := range calls {
		if c.Calls == 0 {
			continue
		}
		cost := "?"
		if pr := p.of[i]; pr != nil {
			v := pr.Cost(c.Prompt, c.Completion)
			total += v
			cost = fmt.Sprintf("%.2f", v)
		} else {
			known = false
		}
		rows = append(rows, []string{batch.Roles[i].Name, cfg.ModelFor(batch.Roles[i].Config), thousands(c.Calls), thousands(c.Prompt), thousands(c.Completion), cost})
	}
	t := calls.Total()
	sum := "?"
	if known {
		sum = fmt.Sprintf("%.2f", total)
	}
	rows = append(rows, []string{"total", "", thousands(t.Calls), thousands(t.Prompt), thousands(t.Completion), sum})
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len(c))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			if i < 2 {
				fmt.Fprintf(&b, "%-*s  ", widths[i], c)
			} else {
				fmt.Fprintf(&b, "%*s  ", widths[i], c)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// count is "n thing" or "n things".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%s %ss", thousands(n), thing)
}

// thousands prints n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// scenariosText counts a study's scenarios as the episodes meet them: a
// fixed scenario is one, a generator (family/gen-*) draws a fresh one per
// episode.
func scenariosText(refs []string) string {
	fixed, generators := 0, 0
	for _, r := range refs {
		if library.IsFresh(r) {
			generators++
		} else {
			fixed++
		}
	}
	var parts []string
	if fixed > 0 {
		parts = append(parts, count(fixed, "scenario"))
	}
	if generators > 0 {
		parts = append(parts, count(generators, "generator")+" (a fresh scenario per episode)")
	}
	return strings.Join(parts, " and ")
}
