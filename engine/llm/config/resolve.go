package config

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/llm/provider"
)

// environment is the layer of the environment: OPENAI_BASE_URL.
func environment(getenv func(string) string) Layer {
	l := Layer{Config: Config{BaseURL: getenv("OPENAI_BASE_URL")}}
	l.Given("base_url", "OPENAI_BASE_URL")
	return l
}

// Resolve checks the config file's and the flags' layers, lays the file,
// the environment and the flags over each other (Merge), and says which
// backend plays: the one named, else openai when a key or a base URL is
// set, else builtin. For openai it fills in what the settings leave open
// from the provider table: the base URL, each endpoint's key, the model.
func Resolve(file, flags Layer, getenv func(string) string) (backend string, cfg Config, err error) {
	env := environment(getenv)
	for _, l := range []Layer{file, env, flags} {
		if err := l.Check(); err != nil {
			return "", cfg, err
		}
	}
	cfg = Merge(file, env, flags)
	base := cfg.BaseURL
	if p, ok := provider.Lookup(cfg.Provider); ok && base == "" {
		base = p.BaseURL
	}
	backend = cfg.Backend
	if backend == "" {
		keyVar := cfg.APIKeyEnv
		if keyVar == "" {
			keyVar = provider.Default().KeyEnv
		}
		backend = "builtin"
		if getenv(keyVar) != "" || base != "" {
			backend = "openai"
		}
	}
	if backend == "builtin" {
		if cfg.Judge {
			return "", cfg, fmt.Errorf("--judge needs a model endpoint (--backend openai)")
		}
		if cfg.LeakCheck {
			return "", cfg, fmt.Errorf("--leak-check needs a model endpoint (--backend openai)")
		}
		return backend, cfg, nil
	}
	if base == "" {
		base = provider.Default().BaseURL
	}
	cfg.BaseURL = base
	for _, u := range append([]string{base}, cfg.ExtraBaseURLs...) {
		cfg.Endpoints = append(cfg.Endpoints, Endpoint{URL: u, APIKey: apiKey(cfg.APIKeyEnv, u, getenv)})
	}
	for _, name := range append(provider.KeyVariables(), cfg.APIKeyEnv) {
		if v := getenv(name); name != "" && v != "" {
			cfg.Secrets = append(cfg.Secrets, v)
		}
	}
	if cfg.Model == "" {
		for _, p := range provider.All() {
			if p.BaseURL == base && p.DefaultModel != "" {
				cfg.Model = p.DefaultModel
			}
		}
	}
	for _, r := range Roles {
		if cfg.ModelFor(r) == "" {
			return "", cfg, fmt.Errorf("no model for the %s: set --model (or --%s-model)", r, r)
		}
	}
	return backend, cfg, nil
}

// apiKey is the key sent to base: from the variable named for this
// endpoint, or else the one the provider table gives base's host, which
// goes to that host only (OPENAI_API_KEY to api.openai.com).
func apiKey(named, base string, getenv func(string) string) string {
	if named == "" {
		named = provider.KeyFor(base)
	}
	if named == "" {
		return ""
	}
	return getenv(named)
}
