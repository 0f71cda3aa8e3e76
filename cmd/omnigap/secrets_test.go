//go:build linux || darwin

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// fakeKey is recognizable wherever it might leak.
const fakeKey = "sk-omnigap-FAKE-a8f3c2e9d4b7-SECRET"

// TestKeyLeaksNowhere runs every command with a fake API key, taken from
// the environment and, in a second pass, from the variable the config file
// names, against a server that also quotes the key back in an error, and
// finds the key in no output and no file written.
func TestKeyLeaksNowhere(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the app against a model server")
	}
	for _, pass := range []string{"env", "config"} {
		srv := llmtest.Start()
		t.Cleanup(srv.Close)
		// As many failures in a row as a call is tried, so the first call
		// of the first command (one run) fails and its error is recorded
		// with the server's message.
		for range transport.DefaultPolicy.Attempts {
			srv.Push(llmtest.Fault{Status: 500, Message: "upstream said: bad key " + fakeKey + " (Bearer " + fakeKey + ")"})
		}
		dir := t.TempDir()
		cfgDir := filepath.Join(dir, "config", "omnigap")
		os.MkdirAll(cfgDir, 0o755)
		env := []string{"OPENAI_API_KEY=" + fakeKey}
		if pass == "config" {
			os.WriteFile(filepath.Join(cfgDir, "config.yaml"), []byte("api_key_env: OMNIGAP_TEST_SECRET\nbase_url: "+srv.URL+"\nmodel: fake\n"), 0o600)
			env = []string{"OPENAI_API_KEY=", "OMNIGAP_TEST_SECRET=" + fakeKey}
		}
		env = append(env, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
		model := []string{"--backend", "openai", "--base-url", srv.URL, "--model", "fake", "--timeout", "20s"}
		if pass == "config" {
			model = []string{"--backend", "openai"}
		}
		recs, out := filepath.Join(dir, "watched"), filepath.Join(dir, "run")
		steps := [][]string{
			append([]string{"watch", "--modes", "agents", "--record", recs}, model...),
			append([]string{"run", "--scenario", "craigslist/gen-*", "--episodes", "2", "--judge", "--out", out}, model...),
			{"report", out, recs, "--json", filepath.Join(dir, "r.json"), "--csv", filepath.Join(dir, "r.csv"), "--svg", filepath.Join(dir, "r.svg")},
			{"replay", "--pace", "0", filepath.Join(out, "craigslist_gen-1-agents-s1.jsonl")},
			append([]string{"scenarios", "show", "craigslist/road-bike"}, model...),
			append([]string{"watch", "no/such-scenario"}, model...),
		}
		for _, args := range steps {
			cmd, stdout, stderr := appCommand(t, args...)
			cmd.Env = append(cmd.Env, env...)
			r := finished(t, cmd, cmd.Run(), 0, stdout, stderr)
			if strings.Contains(r.stdout+r.stderr, fakeKey) {
				t.Errorf("%s, %s: the key is in the output", pass, args[0])
			}
			if args[0] == "run" && r.code != 0 {
				t.Fatalf("%s: run failed: %s", pass, r.stderr)
			}
		}
		seenError := false
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, _ := os.ReadFile(path)
			if strings.Contains(string(data), fakeKey) {
				t.Errorf("%s: the key is in %s", pass, path)
			}
			seenError = seenError || strings.Contains(string(data), "upstream said: bad key")
			return nil
		})
		if !seenError {
			t.Errorf("%s: the server's error was not recorded, so its redaction was not tested", pass)
		}
	}
}
