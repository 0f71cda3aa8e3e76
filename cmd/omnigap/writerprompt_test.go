package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/study"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// Every command that can run a model writer (watch, run, play with its
// reveal, serve with its baseline, demo and replay with their forks)
// takes --writer-prompt, and play's game, which serve's players and
// baseline share, is played by a factory whose writer gets the
// instruction named.
func TestEveryWriterCommandTakesWriterPrompt(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	root := newRootCmd()
	cmds := []*cobra.Command{root}
	for _, c := range root.Commands() {
		cmds = append(cmds, c)
	}
	for _, c := range cmds {
		if c.Flags().Lookup("backend") != nil && c.Flags().Lookup("writer-prompt") == nil {
			t.Errorf("%s takes --backend but not --writer-prompt", c.Name())
		}
	}
	for _, name := range []string{"omnigap", "watch", "run", "play", "serve"} {
		if c := find(cmds, name); c == nil || c.Flags().Lookup("writer-prompt") == nil {
			t.Errorf("%s has no --writer-prompt", name)
		}
	}
	for _, prompt := range []string{"study", "careful"} {
		o := &playOptions{ref: "craigslist/road-bike", seat: 1}
		cmd := &cobra.Command{Use: "play"}
		o.addFlags(cmd, "")
		args := []string{"--backend", "openai", "--base-url", "http://127.0.0.1:1/v1", "--model", "m"}
		if prompt != "study" {
			args = append(args, "--writer-prompt", prompt)
		}
		if err := cmd.ParseFlags(args); err != nil {
			t.Fatal(err)
		}
		game, err := o.game(false)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := game.Factory.(episode.SettingsReporter)
		if !ok {
			t.Fatalf("play's factory %T reports no settings", game.Factory)
		}
		if got := (record.Header{Settings: s.Settings(game.Scenario, view.Script)}).WriterPrompt(); got != prompt {
			t.Errorf("play --writer-prompt %s: the reveal's writer gets %q", prompt, got)
		}
		o.backends.close()
	}
}

func find(cmds []*cobra.Command, name string) *cobra.Command {
	for _, c := range cmds {
		if c.Name() == name {
			return c
		}
	}
	return nil
}

// A model study planned before the writer's instruction was named (its
// study.json names no writer_prompt) played the careful one: it resumes
// with --writer-prompt careful, and not with the study's.
func TestAStudyPlannedBeforeTheWritersInstructionResumesAsCareful(t *testing.T) {
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	out := filepath.Join(t.TempDir(), "old")
	args := append([]string{"run", "--scenario", "craigslist/road-bike", "--modes", "script", "--seed", "1", "--out", out}, modelArgs(srv)...)
	if _, err := omnigap(t, append(args, "--episodes", "1", "--writer-prompt", "careful")...); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(out, study.File)
	plan, err := study.Read(path)
	if err != nil || plan.Plays[record.SettingWriterPrompt] != "careful" {
		t.Fatalf("plan %+v, %v", plan, err)
	}
	delete(plan.Plays, record.SettingWriterPrompt)
	data, _ := json.Marshal(plan)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = omnigap(t, append(args, "--episodes", "2", "--resume")...)
	if err == nil || !strings.Contains(err.Error(), "writer_prompt=careful") {
		t.Errorf("an old study resumed with the study's writer: %v", err)
	}
	if _, err := omnigap(t, append(args, "--episodes", "2", "--resume", "--writer-prompt", "careful")...); err != nil {
		t.Errorf("an old study resumed with --writer-prompt careful: %v", err)
	}
}
