package record_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/omnigap/omnigap/engine/record"
)

// A model run names its writer's instruction; one recorded before the
// variant was kept reads as careful; the shipped recordings, made by the
// built-in engine, whose writer has no prompt, name none and still read.
func TestWriterPromptOfAHeader(t *testing.T) {
	for _, c := range []struct {
		settings map[string]string
		want     string
	}{
		{map[string]string{"model.writer": "m", record.SettingWriterPrompt: "study", record.SettingWriterPromptHash: "0123abcd"}, "study"},
		{map[string]string{"model.writer": "m", record.SettingWriterPrompt: "careful"}, "careful"},
		{map[string]string{"model.writer": "m", "temperature": "0.7"}, "careful"},
		{nil, ""},
	} {
		if got := (record.Header{Settings: c.settings}).WriterPrompt(); got != c.want {
			t.Errorf("%v: %q, want %q", c.settings, got, c.want)
		}
	}
	files, _ := filepath.Glob("../../recordings/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no shipped recordings")
	}
	for _, path := range files {
		rec, err := record.ReadHeader(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		if got := rec.Header.WriterPrompt(); got != "" {
			t.Errorf("%s, played by the built-in engine, names writer prompt %q", path, got)
		}
	}
}
