package llm

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestOpenAIGetsTheCapAsMaxCompletionTokens: the openai row's quirk sends
// the reply cap as max_completion_tokens; an endpoint named only by its
// URL, or a local server, gets max_tokens.
func TestOpenAIGetsTheCapAsMaxCompletionTokens(t *testing.T) {
	for _, name := range []string{"openai", "vllm", ""} {
		srv := llmtest.Start()
		cfg := testConfig(srv)
		cfg.Provider, cfg.MaxTokens = name, 300
		play(t, context.Background(), testFactory(cfg), resolve(t, "craigslist/road-bike"), view.Agents)
		srv.Close()
		for _, r := range srv.Requests() {
			completion := r.MaxCompletionTokens != nil && *r.MaxCompletionTokens == 300 && r.MaxTokens == nil
			plain := r.MaxTokens != nil && *r.MaxTokens == 300 && r.MaxCompletionTokens == nil
			if name == "openai" && !completion || name != "openai" && !plain {
				t.Fatalf("provider %q: max_tokens %v, max_completion_tokens %v", name, r.MaxTokens, r.MaxCompletionTokens)
			}
		}
	}
}
