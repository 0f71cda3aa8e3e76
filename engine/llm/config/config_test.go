package config

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// given is a layer giving every setting of c that is not zero, and the
// settings keys name whatever their value.
func given(c Config, keys ...string) Layer {
	l := Layer{Config: c}
	v := reflect.ValueOf(c)
	for _, f := range fields {
		if !v.Field(f.index).IsZero() || slices.Contains(keys, f.key) {
			l.Given(f.key, "--"+f.key)
		}
	}
	return l
}

func TestResolveChoosesTheBackend(t *testing.T) {
	cases := []struct {
		name        string
		file, flags Layer
		env         map[string]string
		backend     string
		base, model string
	}{
		{"nothing set", Layer{}, Layer{}, nil, "builtin", "", ""},
		{"key only", Layer{}, Layer{}, map[string]string{"OPENAI_API_KEY": "k"}, "openai", "https://api.openai.com/v1", "gpt-4o-mini"},
		{"base url env", Layer{}, given(Config{Model: "m"}), map[string]string{"OPENAI_BASE_URL": "http://h:1/v1"}, "openai", "http://h:1/v1", "m"},
		{"provider flag beats env url", Layer{}, given(Config{Provider: "ollama", Model: "llama3"}), map[string]string{"OPENAI_BASE_URL": "http://h:1/v1"}, "openai", "http://localhost:11434/v1", "llama3"},
		{"file provider, env url wins", given(Config{Provider: "vllm", Model: "q"}), Layer{}, map[string]string{"OPENAI_BASE_URL": "http://h:1/v1"}, "openai", "http://h:1/v1", "q"},
		{"builtin named despite key", Layer{}, given(Config{Backend: "builtin"}), map[string]string{"OPENAI_API_KEY": "k"}, "builtin", "", ""},
		{"other key variable", given(Config{APIKeyEnv: "MY_KEY"}), given(Config{}, "temperature"), map[string]string{"MY_KEY": "k"}, "openai", "https://api.openai.com/v1", "gpt-4o-mini"},
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
	_, cfg, _ := Resolve(Layer{}, given(Config{Seat1Model: "big"}, "temperature"), env(map[string]string{"OPENAI_API_KEY": "k"}))
	if cfg.Temperature != 0 || cfg.ModelFor(RoleSeat1) != "big" || cfg.ModelFor(RoleSeat0) != "gpt-4o-mini" || cfg.Endpoints[0].APIKey != "k" {
		t.Errorf("%+v", cfg)
	}
	if _, _, err := Resolve(Layer{}, given(Config{Provider: "llamacpp"}), env(nil)); err == nil || !strings.Contains(err.Error(), "--model") {
		t.Errorf("local server without a model: %v", err)
	}
	if _, _, err := Resolve(Layer{}, given(Config{Provider: "nope"}), env(nil)); err == nil {
		t.Error("unknown provider accepted")
	}
	if _, _, err := Resolve(Layer{}, given(Config{LeakCheck: true}), env(nil)); err == nil || !strings.Contains(err.Error(), "--leak-check needs a model endpoint") {
		t.Errorf("the leak check offline: %v", err)
	}
	if _, cfg, err := Resolve(Layer{}, given(Config{LeakCheck: true, JudgeModel: "j"}), env(map[string]string{"OPENAI_API_KEY": "k"})); err != nil || cfg.LeakCheckWait != 30*time.Second {
		t.Errorf("the leak check's wait: %v, %v", cfg.LeakCheckWait, err)
	}
}

func TestConfigFileIsStrictWithPositions(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.yaml")
	os.WriteFile(path, []byte("provider: vllm\nmodel: qwen\ntemperature: 0\nmodle: x\n"), 0o644)
	_, err := Load(path, false)
	if err == nil || !strings.HasPrefix(err.Error(), path+":4:1:") {
		t.Fatalf("err = %v", err)
	}
	os.WriteFile(path, []byte("provider: vllm\nmodel: qwen\ntemperature: 0\ntimeout: 30s\n"), 0o644)
	s, err := Load(path, false)
	if _, zero := s.given["temperature"]; err != nil || s.Provider != "vllm" || !zero || s.Temperature != 0 || s.Timeout != 30*time.Second {
		t.Fatalf("%+v %v", s, err)
	}
	if s, err := Load(filepath.Join(dir, "missing.yaml"), true); err != nil || s.Model != "" {
		t.Fatal("a missing file is not empty settings")
	}
	if got := Path(env(map[string]string{"XDG_CONFIG_HOME": "/x"})); got != "/x/omnigap/config.yaml" {
		t.Error(got)
	}
}

func TestKeyGoesOnlyToTheEndpointItBelongsTo(t *testing.T) {
	key := env(map[string]string{"OPENAI_API_KEY": "sk-openai", "LOCAL_KEY": "sk-local"})
	cases := []struct {
		name        string
		file, flags Layer
		want        string
	}{
		{"OpenAI's own API", Layer{}, Layer{}, "sk-openai"},
		{"a local server", Layer{}, given(Config{BaseURL: "http://localhost:8000/v1", Model: "m"}), ""},
		{"a provider", Layer{}, given(Config{Provider: "ollama", Model: "m"}), ""},
		{"named for it", Layer{}, given(Config{BaseURL: "http://localhost:8000/v1", Model: "m", APIKeyEnv: "OPENAI_API_KEY"}), "sk-openai"},
		{"named in the file with its endpoint", given(Config{BaseURL: "http://h:1/v1", APIKeyEnv: "LOCAL_KEY"}), given(Config{Model: "m"}), "sk-local"},
		{"file's key, another endpoint on the command line", given(Config{BaseURL: "http://h:1/v1", APIKeyEnv: "LOCAL_KEY"}), given(Config{BaseURL: "http://other:2/v1", Model: "m"}), ""},
	}
	for _, tc := range cases {
		_, cfg, err := Resolve(tc.file, tc.flags, key)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if cfg.Endpoints[0].APIKey != tc.want {
			t.Errorf("%s: key %q, want %q", tc.name, cfg.Endpoints[0].APIKey, tc.want)
		}
	}
}

func TestConfigFileSetsLimitsAndReplicasAndFlagsWin(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	os.WriteFile(path, []byte("base_url: http://a:1/v1\nextra_base_urls: [http://b:2/v1, http://c:3/v1]\nmodel: m\nrpm: 120\ntpm: 90000\n"), 0o644)
	file, err := Load(path, false)
	if err != nil {
		t.Fatal(err)
	}
	_, cfg, err := Resolve(file, Layer{}, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.RPM != 120 || cfg.TPM != 90000 || len(cfg.Endpoints) != 3 || cfg.Endpoints[2].URL != "http://c:3/v1" {
		t.Errorf("limits %d %d, endpoints %+v", cfg.RPM, cfg.TPM, cfg.Endpoints)
	}
	_, cfg, err = Resolve(file, given(Config{BaseURL: "http://d:4/v1", RPM: 30}), env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.RPM != 30 || cfg.TPM != 90000 || len(cfg.Endpoints) != 1 {
		t.Errorf("a --base-url on the command line replaces the file's endpoints; limits %d %d, endpoints %+v", cfg.RPM, cfg.TPM, cfg.Endpoints)
	}
	if _, _, err := Resolve(file, given(Config{RPM: -1}), env(nil)); err == nil {
		t.Error("--rpm -1 accepted")
	}
}

func TestWriterPromptIsTheStudysUnlessNamed(t *testing.T) {
	if _, cfg, err := Resolve(Layer{}, Layer{}, env(nil)); err != nil || cfg.WriterPrompt != WriterPromptStudy {
		t.Errorf("default writer prompt %q, %v", cfg.WriterPrompt, err)
	}
	path := filepath.Join(t.TempDir(), "config.yaml")
	os.WriteFile(path, []byte("writer_prompt: careful\n"), 0o644)
	file, err := Load(path, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, cfg, err := Resolve(file, Layer{}, env(nil)); err != nil || cfg.WriterPrompt != WriterPromptCareful {
		t.Errorf("the file's writer prompt: %q, %v", cfg.WriterPrompt, err)
	}
	if _, cfg, _ := Resolve(file, given(Config{WriterPrompt: WriterPromptStudy}), env(nil)); cfg.WriterPrompt != WriterPromptStudy {
		t.Errorf("the flag does not beat the file: %q", cfg.WriterPrompt)
	}
	if _, _, err := Resolve(Layer{}, given(Config{WriterPrompt: "paper"}), env(nil)); err == nil || err.Error() != `--writer_prompt "paper": want study or careful` {
		t.Errorf("a wrong name: %v", err)
	}
	os.WriteFile(path, []byte("model: m\nwriter_prompt: sotopia\n"), 0o644)
	if _, err := Load(path, false); err == nil || !strings.HasPrefix(err.Error(), path+":2:") || !strings.Contains(err.Error(), "want study or careful") {
		t.Errorf("a wrong name in the file: %v", err)
	}
}
