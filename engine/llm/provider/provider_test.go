package provider

import (
	"os"
	"strings"
	"testing"
)

// TestDocsListTheProviders: docs/LLM.md shows the table as Markdown makes
// it, so the docs cannot drift from the providers the app knows.
func TestDocsListTheProviders(t *testing.T) {
	docs, err := os.ReadFile("../../../docs/LLM.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(docs), Markdown()) {
		t.Errorf("docs/LLM.md does not hold the provider table; put this in its place:\n%s", Markdown())
	}
}

func TestNamesAndChecksComeFromTheTable(t *testing.T) {
	if got := Names(); got != "openai, vllm, ollama, llamacpp or lmstudio" {
		t.Errorf("names %q", got)
	}
	if Check("vllm") != "" || Check("VLLM") != `"VLLM": want openai, vllm, ollama, llamacpp or lmstudio` {
		t.Errorf("checks %q %q", Check("vllm"), Check("VLLM"))
	}
	if KeyFor("https://api.openai.com/v1") != "OPENAI_API_KEY" || KeyFor("http://localhost:8000/v1") != "" || KeyFor("https://api.openai.com.evil.example/v1") != "" {
		t.Error("the key variable goes to another host than its row's")
	}
}

// TestAtFindsTheRowByEndpoint: an endpoint given only by URL gets the
// quirks of the provider that listens there (OpenAI's reasoning models
// refuse max_tokens, whether or not --provider openai was said).
func TestAtFindsTheRowByEndpoint(t *testing.T) {
	for base, want := range map[string]string{
		"https://api.openai.com/v1": "openai",
		"https://api.openai.com":    "openai",
		"http://localhost:11434/v1": "ollama",
		"http://localhost:9999/v1":  "",
		"https://example.com/v1":    "",
		"not a url at all":          "",
	} {
		p, ok := At(base)
		if ok != (want != "") || p.Name != want {
			t.Errorf("At(%q) = %q, %v; want %q", base, p.Name, ok, want)
		}
	}
}
