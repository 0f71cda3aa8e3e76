package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/leak/check"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/provider"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/study"
	"github.com/omnigap/omnigap/engine/view"
)

// backendOptions chooses what plays the seats: the built-in engine or a
// model behind an OpenAI-compatible endpoint, from the flags, the
// environment and the config file (see docs/LLM.md). The flags fill the
// command line's layer of settings directly.
type backendOptions struct {
	flags      config.Config
	baseURLs   []string
	configPath string
	set        *pflag.FlagSet
	// resolved by factory()
	judgeWith *llm.Judge
	checkWith *llm.Checker
	checkWait time.Duration
	built     episode.Factory
}

func (b *backendOptions) addFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	b.set = f
	s := &b.flags
	keyed := provider.Default()
	f.StringVar(&s.Backend, "backend", "", "what plays the seats: builtin (offline, rule-based) or openai (any OpenAI-compatible endpoint); default openai when a key or base URL is set, else builtin")
	f.StringArrayVar(&b.baseURLs, "base-url", nil, "chat-completions endpoint, e.g. http://127.0.0.1:8000/v1 (default $OPENAI_BASE_URL); give it again for more replicas of the same models: each call goes to the one with the fewest in flight")
	f.StringVar(&s.Provider, "provider", "", provider.Names()+": fills the usual base URL")
	f.StringVar(&s.Model, "model", "", fmt.Sprintf("model for every role (default %s on OpenAI's API)", keyed.DefaultModel))
	f.StringVar(&s.APIKeyEnv, "api-key-env", "", fmt.Sprintf("environment variable holding the key for this endpoint (default: %s, sent to %s only)", keyed.KeyEnv, keyed.Host()))
	f.StringVar(&s.WriterModel, "writer-model", "", "model of the SCRIPT writer")
	f.StringVar(&s.WriterPrompt, "writer-prompt", "", fmt.Sprintf("the SCRIPT writer's instruction: %s (the default: the study's request, given both sides in full) or %s (also told that each character knows only their own side); both texts in docs/LLM.md; the built-in engine's writer has no prompt and ignores it", config.WriterPromptStudy, config.WriterPromptCareful))
	f.StringVar(&s.Seat0Model, "seat0-model", "", "model of seat 0 in AGENTS and MINDREADERS")
	f.StringVar(&s.Seat1Model, "seat1-model", "", "model of seat 1 in AGENTS and MINDREADERS")
	f.StringVar(&s.JudgeModel, "judge-model", "", "model of the judge")
	f.Float64Var(&s.Temperature, "temperature", config.Defaults().Temperature, "sampling temperature (0 is sent as 0)")
	f.IntVar(&s.MaxTokens, "max-tokens", 0, "cap on each reply of the writer and the seats (0: the server's default)")
	f.IntVar(&s.JudgeMaxTokens, "judge-max-tokens", 0, "cap on the judge's reply (0: none)")
	f.DurationVar(&s.Timeout, "timeout", transport.DefaultPolicy.Timeout, "longest one model call may take in all")
	f.DurationVar(&s.IdleTimeout, "idle-timeout", transport.DefaultPolicy.Idle, "longest wait for a model's next token once it has begun to answer")
	f.DurationVar(&s.RetryBackoff, "retry-backoff", transport.DefaultPolicy.Backoff, fmt.Sprintf("first wait before a call that failed (rate limit, server or connection error) is tried again; it doubles each try, to at most %v", transport.DefaultPolicy.MaxBackoff))
	f.IntVar(&s.RPM, "rpm", 0, "most requests per minute over all workers and endpoints (0: no limit)")
	f.IntVar(&s.TPM, "tpm", 0, "most tokens per minute over all workers and endpoints, counted from the server's usage (0: no limit)")
	f.BoolVar(&s.Judge, "judge", false, "score each finished episode on the seven Sotopia-Eval dimensions")
	f.StringVar(&s.Cache, "cache", "", "keep every model reply in this file (several processes of one machine may share it) and answer every request it has seen from it")
	f.BoolVar(&s.LeakCheck, "leak-check", false, "also ask a model after each turn which private facts it states; its findings are annotated apart")
	f.StringVar(&s.LeakCheckModel, "leak-check-model", "", "model of the leak check (default the judge's)")
	f.DurationVar(&s.LeakCheckWait, "leak-check-wait", config.Defaults().LeakCheckWait, "longest a run's end waits for the leak checks still in flight")
	f.StringVar(&b.configPath, "config", "", "config file (default $XDG_CONFIG_HOME/omnigap/config.yaml)")
}

// layer is the command line's settings: the flags the user actually set,
// each flag being its setting's key with "-" for "_"; --base-url, given
// again, also gives extra_base_urls.
func (b *backendOptions) layer() config.Layer {
	l := config.Layer{Config: b.flags}
	if len(b.baseURLs) > 0 {
		l.BaseURL, l.ExtraBaseURLs = b.baseURLs[0], b.baseURLs[1:]
		l.Given("extra_base_urls", "--base-url")
	}
	for _, key := range config.Keys() {
		if name := strings.ReplaceAll(key, "_", "-"); b.set.Changed(name) {
			l.Given(key, "--"+name)
		}
	}
	return l
}

// factory is the backend the options describe. It is built once: every
// caller (watch's panes and its forks) shares one, so --rpm and --tpm
// hold over them all.
func (b *backendOptions) factory() (episode.Factory, error) {
	if b.built != nil {
		return b.built, nil
	}
	f, err := b.build()
	b.built = f
	return f, err
}

// resolve reads the config file and lays it, the environment and the
// flags over each other (config.Resolve).
func (b *backendOptions) resolve() (backend string, cfg config.Config, err error) {
	path, optional := b.configPath, b.configPath == ""
	if optional {
		path = config.Path(os.Getenv)
	}
	file, err := config.Load(path, optional)
	if err != nil {
		return "", cfg, err
	}
	return config.Resolve(file, b.layer(), os.Getenv)
}

func (b *backendOptions) build() (episode.Factory, error) {
	backend, cfg, err := b.resolve()
	if err != nil {
		return nil, err
	}
	if backend == "builtin" {
		return builtin.Factory{}, nil
	}
	f, err := llm.Open(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Judge {
		b.judgeWith = f.Judge()
	}
	if cfg.LeakCheck {
		b.checkWith, b.checkWait = f.Checker(), cfg.LeakCheckWait
	}
	return f, nil
}

// close closes what the factory opened (the reply cache); its error says
// how many replies the cache could not keep.
func (b *backendOptions) close() error {
	if f, ok := b.built.(*llm.Factory); ok {
		return f.Close()
	}
	return nil
}

// cacheLost counts the replies the reply cache could not keep so far.
func (b *backendOptions) cacheLost() int {
	if f, ok := b.built.(*llm.Factory); ok {
		return f.CacheLost()
	}
	return 0
}

// plays is what plays the seats, for a study's plan (study.Plays). Call
// it after factory.
func (b *backendOptions) plays() map[string]string {
	return study.Plays(b.built, b.judgeWith != nil, b.checkWith != nil)
}

// annotate adds the leak check and the judge, when asked for, to the
// rules' annotator maker. Call it after factory.
func (b *backendOptions) annotate(rules func(*scenario.Scenario, view.Mode) run.Annotator) func(*scenario.Scenario, view.Mode) run.Annotator {
	next := rules
	if b.checkWith != nil {
		next = check.Annotate(b.checkWith, b.checkWait, rules)
	}
	if b.judgeWith == nil {
		return next
	}
	return b.judgeWith.Annotate(next)
}
