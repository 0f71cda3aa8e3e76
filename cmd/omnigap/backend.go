package main

import (
	"os"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// backendOptions chooses what plays the seats: the built-in engine or a
// model behind an OpenAI-compatible endpoint, from the flags, the
// environment and the config file (see docs/LLM.md).
type backendOptions struct {
	flags       llm.Settings
	temperature float64
	maxTokens   int
	judgeTokens int
	timeout     time.Duration
	idle        time.Duration
	judge       bool
	baseURLs    []string
	rpm, tpm    int
	configPath  string
	set         *pflag.FlagSet
	// resolved by factory()
	judgeWith *llm.Judge
	built     episode.Factory
}

func (b *backendOptions) addFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	b.set = f
	s := &b.flags
	f.StringVar(&s.Backend, "backend", "", "what plays the seats: builtin (offline, rule-based) or openai (any OpenAI-compatible endpoint); default openai when a key or base URL is set, else builtin")
	f.StringArrayVar(&b.baseURLs, "base-url", nil, "chat-completions endpoint, e.g. http://127.0.0.1:8000/v1 (default $OPENAI_BASE_URL); give it again for more replicas of the same models: each call goes to the one with the fewest in flight")
	f.StringVar(&s.Provider, "provider", "", "openai, vllm, ollama, llamacpp or lmstudio: fills the usual base URL")
	f.StringVar(&s.Model, "model", "", "model for every role (default gpt-4o-mini on OpenAI's API)")
	f.StringVar(&s.APIKeyEnv, "api-key-env", "", "environment variable holding the key for this endpoint (default: OPENAI_API_KEY, sent to api.openai.com only)")
	f.StringVar(&s.WriterModel, "writer-model", "", "model of the SCRIPT writer")
	f.StringVar(&s.Seat0Model, "seat0-model", "", "model of seat 0 in AGENTS and MINDREADERS")
	f.StringVar(&s.Seat1Model, "seat1-model", "", "model of seat 1 in AGENTS and MINDREADERS")
	f.StringVar(&s.JudgeModel, "judge-model", "", "model of the judge")
	f.Float64Var(&b.temperature, "temperature", 0.7, "sampling temperature (0 is sent as 0)")
	f.IntVar(&b.maxTokens, "max-tokens", 0, "cap on each reply of the writer and the seats (0: the server's default)")
	f.IntVar(&b.judgeTokens, "judge-max-tokens", 0, "cap on the judge's reply (0: none)")
	f.DurationVar(&b.timeout, "timeout", llm.DefaultPolicy.Timeout, "longest one model call may take in all")
	f.DurationVar(&b.idle, "idle-timeout", llm.DefaultPolicy.Idle, "longest wait for a model's next token once it has begun to answer")
	f.IntVar(&b.rpm, "rpm", 0, "most requests per minute over all workers and endpoints (0: no limit)")
	f.IntVar(&b.tpm, "tpm", 0, "most tokens per minute over all workers and endpoints, counted from the server's usage (0: no limit)")
	f.BoolVar(&b.judge, "judge", false, "score each finished episode on the seven Sotopia-Eval dimensions")
	f.StringVar(&b.configPath, "config", "", "config file (default $XDG_CONFIG_HOME/omnigap/config.yaml)")
}

// settings returns the flags the user actually set.
func (b *backendOptions) settings() llm.Settings {
	s := b.flags
	if len(b.baseURLs) > 0 {
		s.BaseURL, s.ExtraBaseURLs = b.baseURLs[0], b.baseURLs[1:]
	}
	if b.set.Changed("rpm") {
		s.RPM = &b.rpm
	}
	if b.set.Changed("tpm") {
		s.TPM = &b.tpm
	}
	if b.set.Changed("temperature") {
		s.Temperature = &b.temperature
	}
	if b.set.Changed("max-tokens") {
		s.MaxTokens = &b.maxTokens
	}
	if b.set.Changed("judge-max-tokens") {
		s.JudgeMaxTokens = &b.judgeTokens
	}
	if b.set.Changed("timeout") {
		s.Timeout = b.timeout.String()
	}
	if b.set.Changed("idle-timeout") {
		s.IdleTimeout = b.idle.String()
	}
	if b.set.Changed("judge") {
		s.Judge = &b.judge
	}
	return s
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

func (b *backendOptions) build() (episode.Factory, error) {
	path := b.configPath
	if path == "" {
		path = llm.ConfigPath(os.Getenv)
	}
	file, err := llm.LoadSettings(path)
	if err != nil {
		return nil, err
	}
	flags := b.settings()
	backend, cfg, err := llm.Resolve(file, flags, os.Getenv)
	if err != nil {
		return nil, err
	}
	if backend == "builtin" {
		return builtin.Factory{}, nil
	}
	f := llm.NewFactory(cfg)
	if judge := flags.Over(file).Judge; judge != nil && *judge {
		b.judgeWith = f.Judge()
	}
	return f, nil
}

// annotate adds the judge, when asked for, to an annotator maker. Call it
// after factory.
func (b *backendOptions) annotate(next func(*scenario.Scenario, view.Mode) run.Annotator) func(*scenario.Scenario, view.Mode) run.Annotator {
	if b.judgeWith == nil {
		return next
	}
	return b.judgeWith.Annotate(next)
}
