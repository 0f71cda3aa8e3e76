package main

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestReportByPrompt: two SCRIPT studies of the same scenario and seeds,
// one with the study's writer and one with --writer-prompt careful, name
// their writer in every recording's header, are refused side by side
// without --by, and with --by prompt stand side by side with their paired
// difference. The careful writer's script ends with a leave at turn 6,
// so the two differ by a known number of turns.
func TestReportByPrompt(t *testing.T) {
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	srv.Respond = func(r *llmtest.Request) string {
		script := llmtest.Default(r)
		if !strings.Contains(r.Message("system"), "knows only their own goal") {
			return script
		}
		lines := strings.Split(script, "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, "6. ") {
				name := strings.SplitN(l, ":", 2)[0]
				return strings.Join(append(lines[:i], name+": [leave] I have to go.", "END"), "\n")
			}
		}
		return script
	}
	dir := t.TempDir()
	prompts := []string{"study", "careful"}
	var folders []string
	for _, prompt := range prompts {
		out := filepath.Join(dir, prompt)
		folders = append(folders, out)
		args := append([]string{"run", "--scenario", "craigslist/road-bike", "--modes", "script", "--episodes", "3", "--seed", "2", "--out", out}, modelArgs(srv)...)
		if prompt != "study" {
			args = append(args, "--writer-prompt", prompt)
		}
		if _, err := omnigap(t, args...); err != nil {
			t.Fatal(err)
		}
		files, err := record.Files(out)
		if err != nil || len(files) != 3 {
			t.Fatalf("%s: recordings %v, %v", prompt, files, err)
		}
		for _, f := range files {
			rec, err := record.ReadHeader(context.Background(), f)
			if err != nil {
				t.Fatal(err)
			}
			if got := rec.Header.WriterPrompt(); got != prompt || len(rec.Header.Settings[record.SettingWriterPromptHash]) != 8 {
				t.Errorf("%s names writer prompt %q, hash %q", f, got, rec.Header.Settings[record.SettingWriterPromptHash])
			}
		}
	}
	_, err := omnigap(t, append([]string{"report"}, folders...)...)
	if err == nil || !strings.Contains(err.Error(), "writer_prompt study and careful") {
		t.Fatalf("two writer prompts without --by: %v", err)
	}
	out, err := omnigap(t, append(append([]string{"report"}, folders...), "--by", "prompt")...)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^ +careful +study$`).MatchString(out) {
		t.Errorf("no column per writer prompt:\n%s", out)
	}
	if !strings.Contains(out, "episodes by prompt, mode") {
		t.Errorf("title:\n%s", out)
	}
	// The careful writer's scripts end at turn 6; the study's run to 20.
	if !regexp.MustCompile(`(?m)^turns +-14\.0 \[`).MatchString(out) {
		t.Errorf("no paired difference of turns between the writer prompts:\n%s", out)
	}
}
