package llm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestResolveChoosesTheBackend(t *testing.T) {
	zero := 0.0
	cases := []struct {
		name        string
		file, flags Settings
		env         map[string]string
		backend     string
		base, model string
	}{
		{"nothing set", Settings{}, Settings{}, nil, "builtin", "", ""},
		{"key only", Settings{}, Settings{}, map[string]string{"OPENAI_API_KEY": "k"}, "openai", "https://api.openai.com/v1", "gpt-4o-mini"},
		{"base url env", Settings{}, Settings{Model: "m"}, map[string]string{"OPENAI_BASE_URL": "http://h:1/v1"}, "openai", "http://h:1/v1", "m"},
		{"provider flag beats env url", Settings{}, Settings{Provider: "ollama", Model: "llama3"}, map[string]string{"OPENAI_BASE_URL": "http://h:1/v1"}, "openai", "http://localhost:11434/v1", "llama3"},
		{"file provider, env url wins", Settings{Provider: "vllm", Model: "q"}, Settings{}, map[string]string{"OPENAI_BASE_URL": "http://h:1/v1"}, "openai", "http://h:1/v1", "q"},
		{"builtin named despite key", Settings{}, Settings{Backend: "builtin"}, map[string]string{"OPENAI_API_KEY": "k"}, "builtin", "", ""},
		{"other key variable", Settings{APIKeyEnv: "MY_KEY"}, Settings{Temperature: &zero}, map[string]string{"MY_KEY": "k"}, "openai", "https://api.openai.com/v1", "gpt-4o-mini"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b, cfg, err := Resolve(tc.file, tc.flags, env(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if b != tc.backend || cfg.BaseURL != tc.base || cfg.Model != tc.model {
				t.Errorf("got %s %q %q", b, cfg.BaseURL, cfg.Model)
			}
		})
	}
	_, cfg, _ := Resolve(Settings{}, Settings{Temperature: &zero, Seat1Model: "big"}, env(map[string]string{"OPENAI_API_KEY": "k"}))
	if cfg.Temperature != 0 || cfg.ModelFor(RoleSeat1) != "big" || cfg.ModelFor(RoleSeat0) != "gpt-4o-mini" || cfg.APIKey != "k" {
		t.Errorf("%+v", cfg)
	}
	if _, _, err := Resolve(Settings{}, Settings{Provider: "llamacpp"}, env(nil)); err == nil || !strings.Contains(err.Error(), "--model") {
		t.Errorf("local server without a model: %v", err)
	}
	if _, _, err := Resolve(Settings{}, Settings{Provider: "nope"}, env(nil)); err == nil {
		t.Error("unknown provider accepted")
	}
}

func TestConfigFileIsStrictWithPositions(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.yaml")
	os.WriteFile(path, []byte("provider: vllm\nmodel: qwen\ntemperature: 0\nmodle: x\n"), 0o644)
	_, err := LoadSettings(path)
	if err == nil || !strings.HasPrefix(err.Error(), path+":4:1:") {
		t.Fatalf("err = %v", err)
	}
	os.WriteFile(path, []byte("provider: vllm\nmodel: qwen\ntemperature: 0\ntimeout: 30s\n"), 0o644)
	s, err := LoadSettings(path)
	if err != nil || s.Provider != "vllm" || s.Temperature == nil || *s.Temperature != 0 || s.Timeout != "30s" {
		t.Fatalf("%+v %v", s, err)
	}
	if s, err := LoadSettings(filepath.Join(dir, "missing.yaml")); err != nil || s.Model != "" {
		t.Fatal("a missing file is not empty settings")
	}
	if got := ConfigPath(env(map[string]string{"XDG_CONFIG_HOME": "/x"})); got != "/x/omnigap/config.yaml" {
		t.Error(got)
	}
}

func TestKeyGoesOnlyToTheEndpointItBelongsTo(t *testing.T) {
	key := env(map[string]string{"OPENAI_API_KEY": "sk-openai", "LOCAL_KEY": "sk-local"})
	cases := []struct {
		name        string
		file, flags Settings
		want        string
	}{
		{"OpenAI's own API", Settings{}, Settings{}, "sk-openai"},
		{"a local server", Settings{}, Settings{BaseURL: "http://localhost:8000/v1", Model: "m"}, ""},
		{"a provider", Settings{}, Settings{Provider: "ollama", Model: "m"}, ""},
		{"named for it", Settings{}, Settings{BaseURL: "http://localhost:8000/v1", Model: "m", APIKeyEnv: "OPENAI_API_KEY"}, "sk-openai"},
		{"named in the file with its endpoint", Settings{BaseURL: "http://h:1/v1", APIKeyEnv: "LOCAL_KEY"}, Settings{Model: "m"}, "sk-local"},
		{"file's key, another endpoint on the command line", Settings{BaseURL: "http://h:1/v1", APIKeyEnv: "LOCAL_KEY"}, Settings{BaseURL: "http://other:2/v1", Model: "m"}, ""},
	}
	for _, tc := range cases {
		_, cfg, err := Resolve(tc.file, tc.flags, key)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if cfg.APIKey != tc.want {
			t.Errorf("%s: key %q, want %q", tc.name, cfg.APIKey, tc.want)
		}
	}
}

func TestConfigFileSetsLimitsAndReplicasAndFlagsWin(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	os.WriteFile(path, []byte("base_url: http://a:1/v1\nextra_base_urls: [http://b:2/v1, http://c:3/v1]\nmodel: m\nrpm: 120\ntpm: 90000\n"), 0o644)
	file, err := LoadSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	_, cfg, err := Resolve(file, Settings{}, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Limits.RPM != 120 || cfg.Limits.TPM != 90000 || len(cfg.Endpoints()) != 3 || cfg.Endpoints()[2].URL != "http://c:3/v1" {
		t.Errorf("limits %+v, endpoints %+v", cfg.Limits, cfg.Endpoints())
	}
	rpm := 30
	_, cfg, err = Resolve(file, Settings{BaseURL: "http://d:4/v1", RPM: &rpm}, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Limits.RPM != 30 || cfg.Limits.TPM != 90000 || len(cfg.Endpoints()) != 1 {
		t.Errorf("a --base-url on the command line replaces the file's endpoints; limits %+v, endpoints %+v", cfg.Limits, cfg.Endpoints())
	}
	negative := -1
	if _, _, err := Resolve(file, Settings{RPM: &negative}, env(nil)); err == nil {
		t.Error("--rpm -1 accepted")
	}
}
