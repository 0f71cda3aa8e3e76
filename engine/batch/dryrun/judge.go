package dryrun

import (
	"context"
	"fmt"
	"io"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/estimate"
	"github.com/omnigap/omnigap/engine/rejudge"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// judgeRole is the judge's place in batch.Roles.
const judgeRole = 3

// PrintJudge says what omnigap judge would take of the recordings at
// paths: each is judged by the stand-in (llm.DryRun), nothing sent, its
// real prompts counted with the judge model's tokenizer and each reply
// of the assumed size (or --judge-max-tokens); it prints the judge's
// calls, tokens and cost on w and names on stderr each recording that
// cannot be judged.
func PrintJudge(ctx context.Context, paths []string, cfg config.Config, d Prices, w, stderr io.Writer) error {
	cfg.Judge = true
	reply, says := assumedJudgeTokens, fmt.Sprintf("%d tokens (an assumed average)", assumedJudgeTokens)
	if cfg.JudgeMaxTokens > 0 {
		reply, says = cfg.JudgeMaxTokens, fmt.Sprintf("%d tokens (--judge-max-tokens)", cfg.JudgeMaxTokens)
	}
	judge := llm.NewDryRunFactory(cfg, llm.DryRun{JudgeTokens: reply, TurnTokens: assumedTurnTokens, EndAt: 1}).Judge()
	var calls batch.RoleCalls
	judged := 0
	for _, p := range paths {
		s, err := rejudge.Score(ctx, judge, p)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			fmt.Fprintf(stderr, "left out %s\n", textsafe.Line(err.Error()))
			continue
		}
		judged++
		for _, u := range s.Usage {
			c := &calls[judgeRole]
			c.Calls, c.Prompt, c.Completion = c.Calls+1, c.Prompt+u.Prompt, c.Completion+u.Completion
		}
	}
	m := cfg.ModelFor(config.RoleJudge)
	fmt.Fprintf(w, "dry run of judging %s, nothing sent\n", count(judged, "recording"))
	fmt.Fprintf(w, "tokens of %s: counted with %s\n", m, estimate.For(m).Describe())
	fmt.Fprintf(w, "each judge reply: %s\n\n", says)
	prices := rolePrices(cfg, d)
	writeCalls(w, calls, cfg, prices)
	if p := prices.of[judgeRole]; p != nil {
		fmt.Fprintf(w, "\n%s\n", p.Source)
	} else {
		fmt.Fprintf(w, "\nno price for %s: give --price-in and --price-out ($ per million tokens)\n", m)
	}
	return nil
}
