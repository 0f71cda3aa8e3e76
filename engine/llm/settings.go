package llm

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/goccy/go-yaml"
)

// Settings are the user-facing keys, the same in the config file and on
// the command line. A zero field (nil for pointers) is unset.
type Settings struct {
	Backend  string `yaml:"backend"`
	Provider string `yaml:"provider"`
	BaseURL  string `yaml:"base_url"`
	// ExtraBaseURLs are more endpoints serving the same models (on the
	// command line, --base-url given again).
	ExtraBaseURLs []string `yaml:"extra_base_urls"`
	Model         string   `yaml:"model"`
	APIKeyEnv     string   `yaml:"api_key_env"`
	WriterModel   string   `yaml:"writer_model"`
	Seat0Model    string   `yaml:"seat0_model"`
	Seat1Model    string   `yaml:"seat1_model"`
	JudgeModel    string   `yaml:"judge_model"`
	Temperature   *float64 `yaml:"temperature"`
	MaxTokens     *int     `yaml:"max_tokens"`
	Timeout       string   `yaml:"timeout"`
	Judge         *bool    `yaml:"judge"`
	// JudgeMaxTokens caps the judge's reply; unset leaves it uncapped.
	JudgeMaxTokens *int   `yaml:"judge_max_tokens"`
	IdleTimeout    string `yaml:"idle_timeout"`
	// RPM and TPM cap the requests and tokens per minute of a run, over
	// all its workers and endpoints.
	RPM *int `yaml:"rpm"`
	TPM *int `yaml:"tpm"`
}

// ConfigPath is $XDG_CONFIG_HOME/omnigap/config.yaml, falling back to
// ~/.config when XDG_CONFIG_HOME is unset.
func ConfigPath(getenv func(string) string) string {
	dir := getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "omnigap", "config.yaml")
}

// LoadSettings reads a config file strictly (unknown keys are errors,
// reported as file:line:col). A missing file gives empty settings.
func LoadSettings(path string) (Settings, error) {
	var s Settings
	if path == "" {
		return s, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	if err := yaml.UnmarshalWithOptions(data, &s, yaml.Strict()); err != nil {
		var yerr yaml.Error
		if errors.As(err, &yerr) && yerr.GetToken() != nil {
			p := yerr.GetToken().Position
			return s, fmt.Errorf("%s:%d:%d: %s", path, p.Line, p.Column, yerr.GetMessage())
		}
		return s, fmt.Errorf("%s: %v", path, err)
	}
	for key, d := range map[string]string{"timeout": s.Timeout, "idle_timeout": s.IdleTimeout} {
		if d == "" {
			continue
		}
		if _, err := time.ParseDuration(d); err != nil {
			return s, fmt.Errorf("%s: %s: %v", path, key, err)
		}
	}
	return s, nil
}

// Over returns base with every field s sets replaced. The endpoint
// (provider, base URL and the key variable named for it) is taken as a
// unit: a layer that names another endpoint drops the key variable of the
// one before, so a key named for one server never goes to another.
func (s Settings) Over(base Settings) Settings {
	out := base
	if s.Provider != "" || s.BaseURL != "" || len(s.ExtraBaseURLs) > 0 {
		out.Provider, out.BaseURL, out.ExtraBaseURLs, out.APIKeyEnv = s.Provider, s.BaseURL, s.ExtraBaseURLs, ""
	}
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&out.Backend, s.Backend)
	set(&out.Model, s.Model)
	set(&out.APIKeyEnv, s.APIKeyEnv)
	set(&out.WriterModel, s.WriterModel)
	set(&out.Seat0Model, s.Seat0Model)
	set(&out.Seat1Model, s.Seat1Model)
	set(&out.JudgeModel, s.JudgeModel)
	set(&out.Timeout, s.Timeout)
	set(&out.IdleTimeout, s.IdleTimeout)
	if s.JudgeMaxTokens != nil {
		out.JudgeMaxTokens = s.JudgeMaxTokens
	}
	if s.Temperature != nil {
		out.Temperature = s.Temperature
	}
	if s.MaxTokens != nil {
		out.MaxTokens = s.MaxTokens
	}
	if s.Judge != nil {
		out.Judge = s.Judge
	}
	if s.RPM != nil {
		out.RPM = s.RPM
	}
	if s.TPM != nil {
		out.TPM = s.TPM
	}
	return out
}

// Resolve layers the config file, the environment (OPENAI_BASE_URL and the
// key variable) and the flags, and says which backend to use: the one
// named, else the endpoint when a key or a base URL is set, else builtin.
// cfg is filled only for the openai backend.
func Resolve(file, flags Settings, getenv func(string) string) (backend string, cfg Config, err error) {
	env := Settings{BaseURL: getenv("OPENAI_BASE_URL")}
	s := flags.Over(env.Over(file))
	if s.Provider != "" {
		if _, ok := Providers[s.Provider]; !ok {
			return "", cfg, fmt.Errorf("--provider %q: want openai, vllm, ollama, llamacpp or lmstudio", s.Provider)
		}
	}
	base := s.BaseURL
	if base == "" {
		base = Providers[s.Provider]
	}
	backend = s.Backend
	if backend == "" {
		backend = "builtin"
		if getenv(firstNonEmpty(s.APIKeyEnv, "OPENAI_API_KEY")) != "" || base != "" {
			backend = "openai"
		}
	}
	switch backend {
	case "builtin":
		if s.Judge != nil && *s.Judge {
			return "", cfg, fmt.Errorf("--judge needs a model endpoint (--backend openai)")
		}
		return backend, cfg, nil
	case "openai":
	default:
		return "", cfg, fmt.Errorf("--backend %q: want builtin or openai", backend)
	}
	if base == "" {
		base = Providers["openai"]
	}
	cfg = Config{Provider: s.Provider, BaseURL: base, APIKey: apiKey(s.APIKeyEnv, base, getenv), Model: s.Model, Temperature: 0.7,
		Models: map[Role]string{RoleWriter: s.WriterModel, RoleSeat0: s.Seat0Model, RoleSeat1: s.Seat1Model, RoleJudge: s.JudgeModel}}
	for _, name := range []string{"OPENAI_API_KEY", s.APIKeyEnv} {
		if v := getenv(name); name != "" && v != "" {
			cfg.Secrets = append(cfg.Secrets, v)
		}
	}
	for _, u := range s.ExtraBaseURLs {
		cfg.Replicas = append(cfg.Replicas, Endpoint{URL: u, APIKey: apiKey(s.APIKeyEnv, u, getenv)})
	}
	if s.RPM != nil {
		cfg.Limits.RPM = *s.RPM
	}
	if s.TPM != nil {
		cfg.Limits.TPM = *s.TPM
	}
	if cfg.Model == "" && base == Providers["openai"] {
		cfg.Model = DefaultModel
	}
	if s.Temperature != nil {
		cfg.Temperature = *s.Temperature
	}
	if s.MaxTokens != nil {
		cfg.MaxTokens = *s.MaxTokens
	}
	if s.JudgeMaxTokens != nil {
		cfg.JudgeMaxTokens = *s.JudgeMaxTokens
	}
	if s.Timeout != "" {
		if cfg.Policy.Timeout, err = time.ParseDuration(s.Timeout); err != nil {
			return "", cfg, fmt.Errorf("--timeout: %v", err)
		}
	}
	if s.IdleTimeout != "" {
		if cfg.Policy.Idle, err = time.ParseDuration(s.IdleTimeout); err != nil {
			return "", cfg, fmt.Errorf("--idle-timeout: %v", err)
		}
	}
	return backend, cfg, cfg.Validate()
}

// apiKey is the key sent to base: from the variable named for this
// endpoint, or else OPENAI_API_KEY, which goes to OpenAI's own API only.
func apiKey(named, base string, getenv func(string) string) string {
	if named != "" {
		return getenv(named)
	}
	if u, err := url.Parse(base); err == nil && u.Hostname() == "api.openai.com" {
		return getenv("OPENAI_API_KEY")
	}
	return ""
}
