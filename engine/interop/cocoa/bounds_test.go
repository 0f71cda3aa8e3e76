package cocoa

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/safefile"
)

func writeFile(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.json")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReadersRefuseEarly: a file over its cap is refused before it is
// read, a record over its cap and broken JSON end the reading naming the
// record, and each reader names the file.
func TestReadersRefuseEarly(t *testing.T) {
	big := writeFile(t, "")
	if err := os.Truncate(big, 1<<40); err != nil { // sparse
		t.Fatal(err)
	}
	for name, read := range map[string]func(string) error{
		"scenarios":   func(p string) error { _, _, err := CraigslistScenarios(p); return err },
		"transcripts": func(p string) error { _, _, err := Transcripts(p); return err },
		"listings":    func(p string) error { _, _, err := Listings(p); return err },
		"schema":      func(p string) error { _, err := Schema(p); return err },
	} {
		if err := read(big); !errors.Is(err, safefile.ErrTooLarge) || !strings.HasPrefix(err.Error(), big+": ") || !strings.Contains(err.Error(), "bytes") {
			t.Errorf("%s of a 1 TB file: %v", name, err)
		}
		long := writeFile(t, `[{"uuid":"a"},{"title":"`+strings.Repeat("x", 3*MaxRecordBytes)+`"}]`)
		if err := read(long); name != "schema" && (err == nil || !strings.Contains(err.Error(), long+": record 1: longer than")) {
			t.Errorf("%s of an over-long record: %v", name, err)
		}
		broken := writeFile(t, `[{"uuid":"a"}, {"uuid": }]`)
		if err := read(broken); err == nil || !strings.HasPrefix(err.Error(), broken+": ") {
			t.Errorf("%s of broken JSON: %v", name, err)
		}
	}
}

// TestListingsAreCleaned: control characters of a scraped listing never
// reach the generator (and so the scenarios and recordings made of it).
func TestListingsAreCleaned(t *testing.T) {
	path := writeFile(t, `[{"title":"Bike\u009b31m\u202e\u001b]0;x\u0007","description":["Red\r\n\u2066fast\u2069"],"price":120,"category":"bike\u0085"}]`)
	ls, _, err := Listings(path)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%+v", ls)
	if l := ls[0]; l.Title != "Bike" || l.Description != "Red fast" || l.Category != "bike" {
		t.Errorf("listing %s", got)
	}
}

// TestIsTranscriptsReadsOneRecord: telling a transcript file apart reads
// its first record, not the whole file.
func TestIsTranscriptsReadsOneRecord(t *testing.T) {
	path := writeFile(t, `[{"uuid":"u","events":[]}, this is not JSON`)
	if !IsTranscripts(path) {
		t.Error("a file whose first record has events is not taken for transcripts")
	}
}
