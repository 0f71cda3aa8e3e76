package safefile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
	if !errors.Is(err, ErrTooLarge) || string(data) != "0123456789" || !strings.HasPrefix(err.Error(), path+": ") || !strings.Contains(err.Error(), "limit of 10 bytes") {
		t.Fatalf("got %q, %v", data, err)
	}
}

// TestOpenCappedRefusesBeforeReading: a file over the cap is refused by
// its size, naming the file and the cap, and a file within it reads whole.
func TestOpenCappedRefusesBeforeReading(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 1<<40); err != nil { // sparse: no disk
		t.Fatal(err)
	}
	if _, err := OpenCapped(path, 1<<20); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), path+": ") || !strings.Contains(err.Error(), "1048576 bytes") {
		t.Fatalf("got %v", err)
	}
	os.WriteFile(path, []byte("0123456789"), 0o644)
	for limit, ok := range map[int64]bool{10: true, 9: false} {
		f, err := OpenCapped(path, limit)
		if err != nil {
			if ok {
				t.Fatal(err)
			}
			continue
		}
		data, err := io.ReadAll(f)
		f.Close()
		if ok != (err == nil) || ok && string(data) != "0123456789" {
			t.Errorf("limit %d: %q, %v", limit, data, err)
		}
	}
	if _, err := OpenCapped("/dev/zero", 10); err == nil || !strings.Contains(err.Error(), "a device") {
		t.Fatalf("/dev/zero: %v", err)
	}
}

// TestLinesCapsAndSkips: an over-long line is refused after max bytes and
// can be skipped to read on.
func TestLinesCapsAndSkips(t *testing.T) {
	l := NewLines(strings.NewReader("short\n"+strings.Repeat("x", 200_000)+"\nafter"), 100)
	if line, nl, err := l.Next(); string(line) != "short\n" || !nl || err != nil {
		t.Fatalf("%q %v %v", line, nl, err)
	}
	var long *LineTooLong
	if _, _, err := l.Next(); !errors.As(err, &long) || long.Max != 100 {
		t.Fatalf("long line: %v", err)
	}
	if err := l.SkipLine(); err != nil {
		t.Fatal(err)
	}
	if line, nl, err := l.Next(); string(line) != "after" || nl || err != io.EOF {
		t.Fatalf("%q %v %v", line, nl, err)
	}
}
