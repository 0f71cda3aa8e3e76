package tools

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a test that notes how it ended instead of ending.
type recorder struct {
	failed, skipped string
}

func (r *recorder) Helper()           {}
func (r *recorder) Fatal(args ...any) { r.failed = fmt.Sprint(args...) }
func (r *recorder) Skip(args ...any)  { r.skipped = fmt.Sprint(args...) }

// onlyOnPath leaves PATH holding one folder with the programs named.
func onlyOnPath(t *testing.T, programs ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, p := range programs {
		if err := os.WriteFile(filepath.Join(dir, p), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
	return dir
}

func TestMissingProgramSkipsOutsideCI(t *testing.T) {
	onlyOnPath(t)
	t.Setenv(CIVariable, "")
	r := &recorder{}
	if got := Need(r, "rsvg-convert"); got != "" {
		t.Errorf("path %q for a missing program", got)
	}
	if r.failed != "" || !strings.Contains(r.skipped, "rsvg-convert") || !strings.Contains(r.skipped, "librsvg2-bin") {
		t.Errorf("failed %q, skipped %q", r.failed, r.skipped)
	}
}

func TestMissingProgramFailsUnderCI(t *testing.T) {
	onlyOnPath(t)
	for _, value := range []string{"true", "1", "TRUE"} {
		t.Setenv(CIVariable, value)
		r := &recorder{}
		Need(r, "tmux")
		if r.skipped != "" || !strings.Contains(r.failed, "tmux") || !strings.Contains(r.failed, "CI=true") {
			t.Errorf("CI=%s: failed %q, skipped %q", value, r.failed, r.skipped)
		}
	}
	t.Setenv(CIVariable, "false")
	r := &recorder{}
	Need(r, "tmux")
	if r.failed != "" || r.skipped == "" {
		t.Errorf("CI=false: failed %q, skipped %q", r.failed, r.skipped)
	}
}

func TestPresentProgramIsFoundByAnyOfItsNames(t *testing.T) {
	dir := onlyOnPath(t, "chromium-browser")
	t.Setenv(CIVariable, "true")
	r := &recorder{}
	if got := Need(r, "chromium", "chromium-browser"); got != filepath.Join(dir, "chromium-browser") || r.failed != "" || r.skipped != "" {
		t.Errorf("path %q, failed %q, skipped %q", got, r.failed, r.skipped)
	}
	r = &recorder{}
	Need(r, "chromium", "google-chrome")
	if !strings.Contains(r.failed, "chromium or google-chrome") {
		t.Errorf("failed %q", r.failed)
	}
}
