package config

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// TestConfigFileRefusesEveryBadValue: a value of the wrong type, out of
// range, not finite, null, or under an unknown key in any document is an
// error naming the file, the line and column of the value, and the key.
// Before, NaN, infinities, negative limits and timeouts, nulls and a
// second document's keys were taken silently (or only checked when a
// model endpoint was used).
func TestConfigFileRefusesEveryBadValue(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ content, want string }{
		{"model: m\ntemperature: .nan\n", `:2:14: temperature: NaN: want 0 to 2`},
		{"temperature: .inf\n", `:1:14: temperature: \+Inf: want 0 to 2`},
		{"temperature: -.inf\n", `:1:14: temperature: -Inf: want 0 to 2`},
		{"temperature: 2.5\n", `:1:14: temperature: 2.5: want 0 to 2`},
		{`temperature: "0.7"` + "\n", `:1:14: temperature: "0.7": want a number`},
		{"timeout: -5s\n", `:1:10: timeout: -5s: want a positive duration`},
		{"timeout: 0s\n", `:1:10: timeout: 0s: want a positive duration`},
		{"idle_timeout: 10ns\n", `:1:15: idle_timeout: 10ns: too short`},
		{"timeout: 30\n", `:1:10: timeout: 30: want a duration such as 90s`},
		{"timeout: soon\n", `:1:10: timeout: "soon": want a duration such as 90s`},
		{"rpm: -1\n", `:1:6: rpm: -1: must not be negative`},
		{"tpm: -90000\n", `:1:6: tpm: -90000: must not be negative`},
		{"max_tokens: 1.5\n", `:1:13: max_tokens: 1.5: want a whole number`},
		{"judge_max_tokens: -2\n", `:1:19: judge_max_tokens: -2: must not be negative`},
		{"rpm: 99999999999999999999\n", `:1:6: rpm: `},
		{"model: null\n", `:1:8: model: null: leave the key out`},
		{"model: ~\n", `:1:8: model: null: leave the key out`},
		{"model:\nrpm: 3\n", `:1:\d+: model: null: leave the key out`},
		{"model: [a, b]\n", `:1:8: model: a list: want text`},
		{"judge: maybe\n", `:1:8: judge: "maybe": want true or false`},
		{"extra_base_urls: [http://a/v1, null]\n", `:1:32: extra_base_urls: null: want text for each item`},
		{"extra_base_urls: http://a/v1\n", `:1:18: extra_base_urls: "http://a/v1": want a list`},
		{"extra_base_urls: [ftp://b]\n", `:1:18: extra_base_urls: "ftp://b": want an http:// or https:// URL`},
		{"provider: nope\n", `:1:11: provider: "nope": want openai, vllm, ollama, llamacpp or lmstudio`},
		{"backend: gpu\n", `:1:10: backend: "gpu": want builtin or openai`},
		{"base_url: ftp://user:pw@h/v1?key=sk-1\n", `:1:11: base_url: "ftp://h/v1": want an http`},
		{"modle: x\n", `:1:1: modle: unknown key`},
		{"model: m\n---\nmodle: x\n", `:3:1: modle: unknown key`},
		{"model: m\n---\nmodel: x\n", `:2:1: a config file holds one YAML document`},
		{"- model\n- m\n", `:1:1: want key: value lines`},
		{"model: m\nmodel: n\n", `:2:1: model: mapping key "model" already defined`},
	}
	for i, tc := range cases {
		path := filepath.Join(dir, "c"+strings.Repeat("x", i)+".yaml")
		if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path, false)
		if err == nil || !regexp.MustCompile(`^`+regexp.QuoteMeta(path)+tc.want).MatchString(err.Error()) {
			t.Errorf("%q: %v, want %s", tc.content, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "sk-1") {
			t.Errorf("%q: the error shows the URL's key: %v", tc.content, err)
		}
	}
}

// TestConfigFileReadsAliasesAndComments: anchors, aliases, comments and an
// empty trailing document are plain YAML and read as such.
func TestConfigFileReadsAliasesAndComments(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	content := "# the local server\nmodel: &m qwen # every role\nwriter_model: *m\nextra_base_urls:\n  - http://b:2/v1\ntimeout: 90s\njudge: true\n---\n# nothing more\n"
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Load(path, false)
	if err != nil {
		t.Fatal(err)
	}
	if l.Model != "qwen" || l.WriterModel != "qwen" || len(l.ExtraBaseURLs) != 1 || l.Timeout.String() != "1m30s" || !l.Judge {
		t.Errorf("%+v", l.Config)
	}
	// A document of comments only, then the settings.
	if err := os.WriteFile(path, []byte("# the local server\n---\nmodel: qwen\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if l, err := Load(path, false); err != nil || l.Model != "qwen" {
		t.Errorf("after a comment document: %+v %v", l.Config, err)
	}
}

// TestConfigFileIsARegularFileOrAnError: a folder, a FIFO, a device and a
// link to nothing are refused at once with the file's name; a missing
// default file is no settings, a missing named one an error.
func TestConfigFileIsARegularFileOrAnError(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.yaml")
	if err := os.Symlink(filepath.Join(dir, "gone.yaml"), dangling); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		fifo:        ": a named pipe, not a regular file",
		"/dev/zero": ": a device, not a regular file",
		dir:         ": a folder, not a file",
		dangling:    ": a link to " + filepath.Join(dir, "gone.yaml") + ", which does not exist",
	} {
		for _, optional := range []bool{false, true} {
			if _, err := Load(path, optional); err == nil || err.Error() != path+want {
				t.Errorf("%s (optional %v): %v", path, optional, err)
			}
		}
	}
	missing := filepath.Join(dir, "missing.yaml")
	if l, err := Load(missing, true); err != nil || len(l.given) != 0 {
		t.Errorf("a missing default file: %v", err)
	}
	if _, err := Load(missing, false); err == nil || !strings.HasPrefix(err.Error(), missing+": ") {
		t.Errorf("a missing named file: %v", err)
	}
}

// TestConfigFileSizeIsCapped: a file over MaxFileBytes is refused from
// its first MaxFileBytes, naming where the cap was reached.
func TestConfigFileSizeIsCapped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(path, []byte("model: m\nwriter_model: \""+strings.Repeat("x", MaxFileBytes)+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path, false)
	if err == nil || !regexp.MustCompile(`^`+regexp.QuoteMeta(path)+`:2:\d+: writer_model: file is larger than the 65536-byte limit for config files`).MatchString(err.Error()) {
		t.Errorf("%v", err)
	}
}

// TestEveryLayerIsChecked: the flags and the environment are checked as
// the file is, each error named after its flag or variable, whatever
// backend plays.
func TestEveryLayerIsChecked(t *testing.T) {
	nan := given(Config{}, "temperature")
	nan.Temperature = math.NaN()
	for _, tc := range []struct {
		flags Layer
		env   map[string]string
		want  string
	}{
		{nan, nil, "--temperature NaN: want 0 to 2"},
		{given(Config{RPM: -1}), nil, "--rpm -1: must not be negative"},
		{given(Config{Timeout: -1}), nil, "--timeout -1ns: want a positive duration such as 90s"},
		{given(Config{Backend: "builtin", MaxTokens: -5}), nil, "--max_tokens -5: must not be negative"},
		{Layer{}, map[string]string{"OPENAI_BASE_URL": "ftp://h"}, `OPENAI_BASE_URL "ftp://h": want an http:// or https:// URL`},
	} {
		if _, _, err := Resolve(Layer{}, tc.flags, env(tc.env)); err == nil || err.Error() != tc.want {
			t.Errorf("%v, want %s", err, tc.want)
		}
	}
}
