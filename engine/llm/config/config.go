// Package config holds the model backends' settings: one typed Config
// that the config file, the environment and the command line each fill
// (a Layer), one merge of the layers, one check of every value, and the
// resolution of what the merge leaves open (the backend, the endpoints
// and the key each may be sent) from the provider table. A new setting is
// a field of Config with its key; merging, checking and the config file
// follow from the field's type and tags.
package config

import (
	"time"

	"github.com/omnigap/omnigap/engine/llm/provider"
)

// Config is every setting, the same in the config file (its yaml keys)
// and on the command line (the keys with "-" for "_", as --base-url).
//
// Tags: endpoint:"name" marks the settings that name an endpoint and
// endpoint:"key" the key variable that goes with it (see Merge); range
// bounds a number; check names a rule for text (checks in check.go).
// Every number must be finite, every whole number non-negative, every
// duration at least a millisecond.
type Config struct {
	Backend  string `yaml:"backend" check:"backend"`
	Provider string `yaml:"provider" endpoint:"name" check:"provider"`
	BaseURL  string `yaml:"base_url" endpoint:"name" check:"url"`
	// ExtraBaseURLs are more endpoints serving the same models (on the
	// command line, --base-url given again).
	ExtraBaseURLs []string `yaml:"extra_base_urls" endpoint:"name" check:"url"`
	APIKeyEnv     string   `yaml:"api_key_env" endpoint:"key"`
	Model         string   `yaml:"model"`
	WriterModel   string   `yaml:"writer_model"`
	Seat0Model    string   `yaml:"seat0_model"`
	Seat1Model    string   `yaml:"seat1_model"`
	JudgeModel    string   `yaml:"judge_model"`
	Temperature   float64  `yaml:"temperature" range:"0,2"`
	// MaxTokens caps each reply of the writer and the seats (0: none);
	// JudgeMaxTokens the judge's (0: none, so its JSON is never cut).
	MaxTokens      int `yaml:"max_tokens"`
	JudgeMaxTokens int `yaml:"judge_max_tokens"`
	// Timeout bounds a whole call, IdleTimeout the wait between two
	// tokens once a reply has begun (0: the transport's defaults).
	Timeout     time.Duration `yaml:"timeout"`
	IdleTimeout time.Duration `yaml:"idle_timeout"`
	// RetryBackoff is the first wait before a failed call is tried again
	// (0: the transport's default); it doubles each try.
	RetryBackoff time.Duration `yaml:"retry_backoff"`
	// RPM and TPM cap the requests and tokens per minute of a run, over
	// all its workers and endpoints (0: no cap).
	RPM   int  `yaml:"rpm"`
	TPM   int  `yaml:"tpm"`
	Judge bool `yaml:"judge"`
	// Cache is the file that keeps every model reply (llm.Open opens it;
	// "": none).
	Cache string `yaml:"cache"`
	// LeakCheck asks a model after each turn which private facts it
	// states (docs/METRICS.md), with LeakCheckModel (default the
	// judge's); a run's end waits at most LeakCheckWait for the checks
	// still in flight.
	LeakCheck      bool          `yaml:"leak_check"`
	LeakCheckModel string        `yaml:"leak_check_model"`
	LeakCheckWait  time.Duration `yaml:"leak_check_wait"`
	// WriterPrompt names the SCRIPT writer's instruction (WriterPrompts):
	// the study's by default. The built-in writer has no prompt.
	WriterPrompt string `yaml:"writer_prompt" check:"writer_prompt"`

	// Endpoints are BaseURL and ExtraBaseURLs with the key each may be
	// sent, and Secrets every key value found in the environment, sent or
	// not (removed from every error, never printed). Resolve fills both;
	// no file or flag sets them.
	Endpoints []Endpoint `yaml:"-"`
	Secrets   []string   `yaml:"-"`
}

// Endpoint is one server of the models with the key it may be sent.
type Endpoint struct {
	URL    string
	APIKey string
}

// Defaults are the values of the settings no layer sets.
func Defaults() Config {
	return Config{Temperature: 0.7, LeakCheckWait: 30 * time.Second, WriterPrompt: WriterPromptStudy}
}

// The SCRIPT writer's instructions (docs/LLM.md): the study's, which asks
// for the conversation and nothing more, and the careful one, which also
// tells the writer that each character knows only their own side.
const (
	WriterPromptStudy   = "study"
	WriterPromptCareful = "careful"
)

// WriterPrompts are the writer's instructions by name, the default first.
var WriterPrompts = []string{WriterPromptStudy, WriterPromptCareful}

// Role is what a model is used for.
type Role string

const (
	RoleWriter Role = "writer"
	RoleSeat0  Role = "seat0"
	RoleSeat1  Role = "seat1"
	RoleJudge  Role = "judge"
	// RoleLeakCheck is the leak check's model: its own, else the judge's.
	RoleLeakCheck Role = "leak_check"
)

// Roles are every role, in the order they are listed.
var Roles = []Role{RoleWriter, RoleSeat0, RoleSeat1, RoleJudge}

// ModelFor returns the model a role uses: its own, else Model (the leak
// check's: its own, else the judge's).
func (c Config) ModelFor(r Role) string {
	if r == RoleLeakCheck {
		if c.LeakCheckModel != "" {
			return c.LeakCheckModel
		}
		r = RoleJudge
	}
	own := map[Role]string{RoleWriter: c.WriterModel, RoleSeat0: c.Seat0Model, RoleSeat1: c.Seat1Model, RoleJudge: c.JudgeModel}[r]
	if own != "" {
		return own
	}
	return c.Model
}

// ProviderName is the provider for labels: the named one, or the
// default's for any other compatible endpoint.
func (c Config) ProviderName() string {
	if c.Provider == "" {
		return provider.Default().Name
	}
	return c.Provider
}
