// Package llm plays scenarios with language models behind any
// OpenAI-compatible chat-completions endpoint: the SCRIPT writer, the
// AGENTS and MINDREADERS seats, and the judge (the roles: their prompts
// and the reading of their replies). The settings are in package config,
// the providers in provider, and how calls are sent (endpoints, rate
// limits, retries, timeouts, thinking) in transport. See docs/LLM.md.
package llm

import (
	"cmp"
	"fmt"

	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/openaiapi"
	"github.com/omnigap/omnigap/engine/llm/provider"
	"github.com/omnigap/omnigap/engine/llm/replycache"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Factory builds model backends for runs; it implements episode.Factory.
// All runs share one transport: its endpoints, rate limits and retries.
type Factory struct {
	cfg   config.Config
	sent  *transport.Transport
	cache *replycache.Cache
}

// NewFactory returns a factory for a resolved configuration
// (config.Resolve), sending to cfg.Endpoints, without a reply cache (Open
// opens cfg.Cache).
func NewFactory(cfg config.Config) *Factory {
	return newFactory(cfg, transport.Options{})
}

// Open is NewFactory with the reply cache cfg.Cache names, when it names
// one: every call goes through it (see package replycache). Close the
// factory when done.
func Open(cfg config.Config) (*Factory, error) {
	if cfg.Cache == "" {
		return NewFactory(cfg), nil
	}
	c, err := replycache.Open(cfg.Cache)
	if err != nil {
		return nil, err
	}
	f := newFactory(cfg, transport.Options{Layers: []transport.Layer{c.Layer(cfg.ProviderName())}})
	f.cache = c
	return f, nil
}

// CacheLost counts the replies the reply cache could not keep (the calls
// had their replies all the same); 0 without a cache.
func (f *Factory) CacheLost() int {
	if f.cache == nil {
		return 0
	}
	n, _ := f.cache.Lost()
	return n
}

// Close closes the reply cache; its error says how many replies it could
// not keep (the calls had their replies all the same).
func (f *Factory) Close() error {
	if f.cache == nil {
		return nil
	}
	n, why := f.cache.Lost()
	err := f.cache.Close()
	if n > 0 {
		return fmt.Errorf("%d replies could not be kept in the cache, the first: %w", n, why)
	}
	return err
}

// newFactory is NewFactory with the transport's options that no setting
// reaches (the retries' pace, the rate window, the rest of a failing
// endpoint), for tests.
func newFactory(cfg config.Config, o transport.Options) *Factory {
	cfg.WriterPrompt = cmp.Or(cfg.WriterPrompt, config.Defaults().WriterPrompt)
	for _, e := range cfg.Endpoints {
		o.Clients = append(o.Clients, openaiapi.New(openaiapi.Config{BaseURL: e.URL, APIKey: e.APIKey, Secrets: cfg.Secrets}))
	}
	p, named := provider.Lookup(cfg.Provider)
	if !named {
		p, _ = provider.At(cfg.BaseURL)
	}
	if len(p.Quirks) > 0 {
		o.Adapt = p.Adapt
	}
	o.Policy.Timeout, o.Policy.Idle = cfg.Timeout, cfg.IdleTimeout
	if cfg.RetryBackoff > 0 {
		o.Policy.Backoff = cfg.RetryBackoff
	}
	o.Limits.RPM, o.Limits.TPM = cfg.RPM, cfg.TPM
	return &Factory{cfg: cfg, sent: transport.New(o)}
}

// Retries are the calls sent again so far by every backend of the
// factory, by kind (see transport.RetryRateLimit). Each episode's own
// count is in its ending (event.Ending.Retries).
func (f *Factory) Retries() map[string]int { return f.sent.Retries() }

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
		m := f.cfg.ModelFor(config.RoleWriter)
		w := newWriter(f.label(m), f.sent.Caller(), f.params(m, seed, 2), view.For(sc, mode, view.Writer), f.cfg.WriterPrompt)
		return [2]run.Backend{w, w}, nil
	}
	seatRoles := [2]config.Role{config.RoleSeat0, config.RoleSeat1}
	for _, seat := range viewers {
		m := f.cfg.ModelFor(seatRoles[seat])
		out[seat] = newAgent(f.label(m), f.sent.Caller(), f.params(m, seed, seat), view.For(sc, mode, seat))
	}
	return out, nil
}
