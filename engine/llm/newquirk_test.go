package llm_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/episode"
	_ "github.com/omnigap/omnigap/engine/family/all"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/provider"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// The provider quirks written in this file only, as docs/ARCHITECTURE.md
// ("Adding a provider quirk") says to write one: a provider.Quirk, named
// in its provider's row. The reasoner's server, as OpenAI's reasoning
// models do, takes only the default temperature of 1 and refuses a seed.
// Nothing outside this file knows it: the test shows that the config
// file's check, the errors and the flag's help (all made from the table)
// know the provider, and that every request sent to it carries its
// quirks.
var (
	onlyTemperatureOne = provider.Quirk{Name: "temperature", Apply: func(r *chat.Request) { r.Temperature = 1 }}
	noSeed             = provider.Quirk{Name: "seed", Apply: func(r *chat.Request) { r.Seed = nil }}
)

func init() {
	provider.Register(provider.Provider{Name: "reasoner", BaseURL: "https://reasoner.invalid/v1",
		Quirks: []provider.Quirk{onlyTemperatureOne, noSeed}})
}

func TestANewProviderQuirkTakesItsRowOnly(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	dir := t.TempDir()
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte("provider: reasoner\nbase_url: "+srv.URL+"\nmodel: fake\ntemperature: 0.3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file, err := config.Load(path, false)
	if err != nil {
		t.Fatalf("the config file refuses the new provider: %v", err)
	}
	backend, cfg, err := config.Resolve(file, config.Layer{}, func(string) string { return "" })
	if err != nil || backend != "openai" {
		t.Fatalf("backend %q: %v", backend, err)
	}
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	live, err := episode.Start(context.Background(), episode.Spec{Scenario: sc, Mode: view.Agents, Seed: 1,
		Factory: llm.NewFactory(cfg), RecordDir: dir, Buffer: 64})
	if err != nil {
		t.Fatal(err)
	}
	for range live.Events {
	}
	if _, err := live.Wait(); err != nil {
		t.Fatal(err)
	}
	rec, err := record.Read(live.Recording)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Header.Backends[0] != "reasoner:fake" || rec.Header.Settings["provider"] != "reasoner" {
		t.Errorf("backends %v, provider %q", rec.Header.Backends, rec.Header.Settings["provider"])
	}
	reqs := srv.Requests()
	if len(reqs) == 0 {
		t.Fatal("no request reached the server")
	}
	for _, r := range reqs {
		if r.Temperature == nil || *r.Temperature != 1 || r.Seed != nil {
			t.Fatalf("a request without the quirks: temperature %v, seed %v", r.Temperature, r.Seed)
		}
	}
	// The flag's help and the errors naming providers are made from the
	// table, and so is docs/LLM.md's (provider.Markdown).
	if !strings.HasSuffix(provider.Names(), " or reasoner") || !strings.Contains(provider.Markdown(), "| `reasoner` | https://reasoner.invalid/v1 | none | none | `temperature`, `seed` |") {
		t.Errorf("the table's prose misses the new row: %s\n%s", provider.Names(), provider.Markdown())
	}
	nope := config.Layer{Config: config.Config{Provider: "nope"}}
	nope.Given("provider", "--provider")
	if _, _, err := config.Resolve(config.Layer{}, nope, func(string) string { return "" }); err == nil || !strings.HasSuffix(err.Error(), " or reasoner") {
		t.Errorf("an unknown provider's error: %v", err)
	}
}
