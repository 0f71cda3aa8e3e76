package llm

import (
	"fmt"
	"strings"
	"time"

	"github.com/omnigap/omnigap/engine/llm/openaiapi"
)

// Role is what a model is used for.
type Role string

const (
	RoleWriter Role = "writer"
	RoleSeat0  Role = "seat0"
	RoleSeat1  Role = "seat1"
	RoleJudge  Role = "judge"
)

// Providers maps each known provider to its usual base URL.
var Providers = map[string]string{
	"openai":   "https://api.openai.com/v1",
	"vllm":     "http://localhost:8000/v1",
	"ollama":   "http://localhost:11434/v1",
	"llamacpp": "http://localhost:8080/v1",
	"lmstudio": "http://localhost:1234/v1",
}

// DefaultModel is used with OpenAI's own API when no model is named.
const DefaultModel = "gpt-4o-mini"

// Config is a resolved endpoint configuration. APIKey is never printed.
type Config struct {
	Provider string
	BaseURL  string
	APIKey   string
	// Replicas are more endpoints serving the same models, each with the
	// key that may go to it; calls are spread over BaseURL and these.
	Replicas []Endpoint
	// Secrets are the key values found in the environment, sent or not:
	// removed from every error, never printed.
	Secrets     []string
	Model       string
	Models      map[Role]string // per-role overrides
	Temperature float64
	// MaxTokens caps each reply of the writer and the seats; the judge's
	// cap is JudgeMaxTokens (0: none, so its JSON is never cut).
	MaxTokens      int
	JudgeMaxTokens int
	Policy         Policy
	// Limits are the requests and tokens per minute over all endpoints.
	Limits Limits
	// Rest is how long an endpoint that keeps failing is first left
	// alone (DefaultRest when 0).
	Rest time.Duration
}

// Endpoint is one more server for the same models.
type Endpoint struct {
	URL    string
	APIKey string
}

// Endpoints are every endpoint's URL, BaseURL first.
func (c Config) Endpoints() []Endpoint {
	return append([]Endpoint{{URL: c.BaseURL, APIKey: c.APIKey}}, c.Replicas...)
}

// ModelFor returns the model a role uses.
func (c Config) ModelFor(r Role) string {
	if m := c.Models[r]; m != "" {
		return m
	}
	return c.Model
}

// ProviderName is the provider for labels: the named one, or "openai" for
// any other compatible endpoint.
func (c Config) ProviderName() string {
	if c.Provider == "" {
		return "openai"
	}
	return c.Provider
}

// Validate checks a resolved configuration.
func (c Config) Validate() error {
	if c.BaseURL == "" {
		return fmt.Errorf("no endpoint: set --base-url, --provider or OPENAI_BASE_URL")
	}
	for _, e := range c.Endpoints() {
		if !strings.HasPrefix(e.URL, "http://") && !strings.HasPrefix(e.URL, "https://") {
			return fmt.Errorf("--base-url %q: want an http:// or https:// URL", openaiapi.PublicURL(e.URL))
		}
	}
	if c.Limits.RPM < 0 || c.Limits.TPM < 0 {
		return fmt.Errorf("--rpm and --tpm: must not be negative")
	}
	for _, r := range []Role{RoleWriter, RoleSeat0, RoleSeat1, RoleJudge} {
		if c.ModelFor(r) == "" {
			return fmt.Errorf("no model for the %s: set --model (or --%s-model)", r, r)
		}
	}
	if c.Temperature < 0 || c.Temperature > 2 {
		return fmt.Errorf("--temperature %v: want 0 to 2", c.Temperature)
	}
	if c.MaxTokens < 0 || c.JudgeMaxTokens < 0 {
		return fmt.Errorf("--max-tokens: must not be negative")
	}
	if c.Policy.Timeout < 0 || (c.Policy.Timeout > 0 && c.Policy.Timeout < time.Millisecond) {
		return fmt.Errorf("--timeout %v: too short", c.Policy.Timeout)
	}
	if c.Policy.Idle < 0 || (c.Policy.Idle > 0 && c.Policy.Idle < time.Millisecond) {
		return fmt.Errorf("--idle-timeout %v: too short", c.Policy.Idle)
	}
	return nil
}
