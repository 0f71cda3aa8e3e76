// Package llm plays scenarios with language models behind any
// OpenAI-compatible chat-completions endpoint: the SCRIPT writer, the
// AGENTS and MINDREADERS seats, and the judge. See docs/LLM.md.
package llm

import (
	"fmt"
	"sync"

	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/openaiapi"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Factory builds model backends for runs; it implements episode.Factory.
// All runs share one HTTP client and one caller per model.
type Factory struct {
	cfg     Config
	client  chat.Client
	limit   *limiter
	retries *Tally
	mu      sync.Mutex
	models  map[string]*model
}

// NewFactory returns a factory for a resolved configuration.
func NewFactory(cfg Config) *Factory {
	var clients []chat.Client
	for _, e := range cfg.Endpoints() {
		clients = append(clients, openaiapi.New(openaiapi.Config{BaseURL: e.URL, APIKey: e.APIKey,
			CompletionTokensField: cfg.Provider == "openai", Secrets: cfg.Secrets}))
	}
	if len(clients) == 1 {
		return newFactory(cfg, clients[0])
	}
	return newFactory(cfg, newPool(clients, cfg.Rest))
}

func newFactory(cfg Config, c chat.Client) *Factory {
	return &Factory{cfg: cfg, client: c, models: map[string]*model{},
		limit: newLimiter(cfg.Limits), retries: &Tally{}}
}

// Retries are the calls sent again so far by every backend of the
// factory, by kind (see RetryRateLimit). Each episode's own count is in
// its ending (event.Ending.Retries).
func (f *Factory) Retries() map[string]int { return f.retries.Counts() }

// caller returns a new way to a model, with a tally of its own.
func (f *Factory) caller(name string) *caller {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.models[name]
	if !ok {
		m = newModel(f.client, f.cfg.Policy, f.limit)
		f.models[name] = m
	}
	return &caller{model: m, tally: &Tally{parent: f.retries}}
}

// params are a role's settings for an episode; the base seed mixes the
// episode's seed with the seat (2 for the writer), so seat 1 of episode s
// and seat 0 of episode s+1 differ.
func (f *Factory) params(model string, seed int64, seat int) Params {
	s := mix(seed, int64(seat)+1<<40)
	return Params{Model: model, Temperature: f.cfg.Temperature, MaxTokens: f.cfg.MaxTokens, Seed: &s}
}

// label names a backend for pane headers and recordings.
func (f *Factory) label(model string) string {
	return f.cfg.ProviderName() + ":" + model
}

// Backends returns the writer for both seats in SCRIPT, and one agent per
// seat otherwise, each from its own View.
func (f *Factory) Backends(sc *scenario.Scenario, mode view.Mode, seed int64) ([2]run.Backend, error) {
	var out [2]run.Backend
	viewers := view.Viewers(mode)
	switch {
	case viewers == nil || mode == view.Humans:
		// HUMANS seats are people; a transcript plays them.
		return out, fmt.Errorf("the model backend cannot play mode %q", mode)
	case viewers[0] == view.Writer:
		m := f.cfg.ModelFor(RoleWriter)
		w := newWriter(f.label(m), f.caller(m), f.params(m, seed, 2), view.For(sc, mode, view.Writer))
		return [2]run.Backend{w, w}, nil
	}
	seatRoles := [2]Role{RoleSeat0, RoleSeat1}
	for _, seat := range viewers {
		m := f.cfg.ModelFor(seatRoles[seat])
		out[seat] = newAgent(f.label(m), f.caller(m), f.params(m, seed, seat), view.For(sc, mode, seat))
	}
	return out, nil
}
