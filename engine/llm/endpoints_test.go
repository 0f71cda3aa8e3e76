package llm

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestFailingEndpointGetsFewerCalls runs 16 AGENTS episodes over two
// loopback endpoints, the second answering 500 to every other request:
// every episode plays to its end, and the failing endpoint, rested when
// half its recent calls fail, is sent fewer calls than the healthy one.
func TestFailingEndpointGetsFewerCalls(t *testing.T) {
	good, bad := llmtest.Start(), llmtest.Start()
	defer good.Close()
	defer bad.Close()
	good.ChunkDelay = time.Millisecond
	bad.ChunkDelay = time.Millisecond
	for range 1000 {
		bad.Push(llmtest.Fault{Status: 500, Message: "replica overloaded"}, llmtest.Fault{})
	}
	cfg := testConfig(good)
	cfg.Endpoints = append(cfg.Endpoints, config.Endpoint{URL: bad.URL, APIKey: testKey})
	f := testFactory(cfg, func(o *transport.Options) { o.Rest = 100 * time.Millisecond })
	results, err := batch.Run(context.Background(), batch.Options{
		Refs: []string{"craigslist/gen-*"}, Modes: []view.Mode{view.Agents}, Episodes: 16, Seed: 1,
		Concurrency: 8, OutDir: t.TempDir(), Resolve: library.Resolve, Factory: f,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		rec, err := record.Read(r.Recording)
		if err != nil {
			t.Fatal(err)
		}
		if end := rec.Ending(); end == nil || end.Reason != event.TurnLimit || r.Errors != 0 {
			t.Fatalf("%s: ending %+v, %d errors", r.Recording, end, r.Errors)
		}
	}
	t.Logf("healthy endpoint: %d requests; failing one: %d requests; retries %v", good.Count(), bad.Count(), f.Retries())
	if bad.Count() == 0 || bad.Count() >= good.Count() {
		t.Errorf("healthy endpoint got %d requests, failing one %d", good.Count(), bad.Count())
	}
	if f.Retries()[transport.RetryServer] == 0 {
		t.Error("no server-error retries counted")
	}
}

// TestEveryEndpointKeepsItsOwnKeyAndIsRecordedWithout: OPENAI_API_KEY goes
// only to api.openai.com among several endpoints, a named key goes to
// all, and the header lists them all without credentials.
func TestEveryEndpointKeepsItsOwnKeyAndIsRecordedWithout(t *testing.T) {
	keys := map[string]string{"OPENAI_API_KEY": "sk-openai", "LOCAL_KEY": "sk-local"}
	key := func(name string) string { return keys[name] }
	_, cfg, err := config.Resolve(config.Layer{}, flags(config.Config{BaseURL: "https://api.openai.com/v1",
		ExtraBaseURLs: []string{"http://user:pw@replica:8000/v1?token=abc"}, Model: "m"}, "base_url", "extra_base_urls", "model"), key)
	if err != nil {
		t.Fatal(err)
	}
	if e := cfg.Endpoints; len(e) != 2 || e[0].APIKey != "sk-openai" || e[1].APIKey != "" {
		t.Errorf("endpoints %+v", e)
	}
	header := NewFactory(cfg).Settings(nil, view.Agents)["endpoint"]
	if header != "https://api.openai.com/v1 http://replica:8000/v1" {
		t.Errorf("recorded endpoints %q", header)
	}
	_, cfg, err = config.Resolve(config.Layer{}, flags(config.Config{BaseURL: "http://a:1/v1", ExtraBaseURLs: []string{"http://b:2/v1"},
		APIKeyEnv: "LOCAL_KEY", Model: "m"}, "base_url", "extra_base_urls", "api_key_env", "model"), key)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range cfg.Endpoints {
		if e.APIKey != "sk-local" {
			t.Errorf("%s: key %q, want the named one", e.URL, e.APIKey)
		}
	}
	if _, _, err := config.Resolve(config.Layer{}, flags(config.Config{BaseURL: "http://a:1/v1", ExtraBaseURLs: []string{"ftp://b?key=sk-x"}, Model: "m"}, "base_url", "extra_base_urls", "model"), key); err == nil || strings.Contains(err.Error(), "sk-x") {
		t.Errorf("a bad replica URL: %v", err)
	}
}

// flags is a command line that gives the settings keys name, with their
// values in c.
func flags(c config.Config, keys ...string) config.Layer {
	l := config.Layer{Config: c}
	for _, key := range keys {
		l.Given(key, "--"+key)
	}
	return l
}
