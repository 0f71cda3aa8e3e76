package safefile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteReplacesAtomicallyAndRefusesLinks: a write lands whole or not
// at all, and never through a link.
func TestWriteReplacesAtomicallyAndRefusesLinks(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	write := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	if err := Write(path, write("one")); err != nil {
		t.Fatal(err)
	}
	failing := func(w io.Writer) error { io.WriteString(w, "half"); return errors.New("disk full") }
	if err := Write(path, failing); err == nil {
		t.Fatal("a failed write reported success")
	}
	if data, _ := os.ReadFile(path); string(data) != "one" {
		t.Fatalf("after a failed write the file holds %q", data)
	}
	target := filepath.Join(dir, "precious")
	os.WriteFile(target, []byte("keep"), 0o644)
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, write("overwritten")); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("write through a link: %v", err)
	}
	if data, _ := os.ReadFile(target); string(data) != "keep" {
		t.Fatalf("the link's target now holds %q", data)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Fatalf("leftovers in %s: %v", dir, entries)
	}
}

// TestListTakesTheFolderNameLiterally: brackets in a folder name are not a
// pattern.
func TestListTakesTheFolderNameLiterally(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"res[1]", "res1"} {
		os.Mkdir(filepath.Join(root, d), 0o755)
		os.WriteFile(filepath.Join(root, d, d+".jsonl"), nil, 0o644)
	}
	got, err := List(filepath.Join(root, "res[1]"), ".jsonl")
	if err != nil || len(got) != 1 || filepath.Base(got[0]) != "res[1].jsonl" {
		t.Fatalf("got %v, %v", got, err)
	}
}

// TestReadCappedRefusesDevicesAndLargeFiles.
func TestReadCappedRefusesDevicesAndLargeFiles(t *testing.T) {
	if _, err := ReadCapped("/dev/zero", 10); err == nil || !strings.Contains(err.Error(), "a device") {
		t.Fatalf("/dev/zero: %v", err)
	}
	path := filepath.Join(t.TempDir(), "f")
	os.WriteFile(path, []byte("0123456789abc"), 0o644)
	data, err := ReadCapped(path, 10)
	if !errors.Is(err, ErrTooLarge) || string(data) != "0123456789" {
		t.Fatalf("got %q, %v", data, err)
	}
}
