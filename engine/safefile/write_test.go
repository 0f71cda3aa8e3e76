package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func text(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// entries lists what is in dir, for leftovers.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// TestWriteFileWholeOrNothing: a write lands whole or not at all, and an
// existing file is replaced only when the policy says so.
func TestWriteFileWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	if err := WriteFile(path, Policy{}, text("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, Policy{}, text("two")); !errors.Is(err, ErrExists) || !strings.HasPrefix(err.Error(), path+": ") {
		t.Fatalf("an existing file without Replace: %v", err)
	}
	failing := func(w io.Writer) error { io.WriteString(w, "half"); return errors.New("disk full") }
	if err := WriteFile(path, Policy{Replace: true}, failing); err == nil {
		t.Fatal("a failed write reported success")
	}
	if data, _ := os.ReadFile(path); string(data) != "one" {
		t.Fatalf("after refused and failed writes the file holds %q", data)
	}
	if err := WriteFile(path, Policy{Replace: true}, text("three")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != "three" {
		t.Fatalf("the replaced file holds %q", data)
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Fatalf("leftovers: %v", got)
	}
	key := filepath.Join(dir, "key")
	if err := WriteFile(key, Policy{Mode: 0o600}, text("secret")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(key); st.Mode().Perm() != 0o600 {
		t.Errorf("a file written with Mode 0600 has mode %#o", st.Mode().Perm())
	}
}

// TestWriteNeverFollowsLinks: a link where the output goes, dangling or
// not, is refused with or without Replace, and its target is untouched.
func TestWriteNeverFollowsLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(t.TempDir(), "precious")
	os.WriteFile(target, []byte("keep"), 0o644)
	os.Symlink(target, filepath.Join(dir, "link.json"))
	os.Symlink(filepath.Join(t.TempDir(), "nowhere"), filepath.Join(dir, "dangling.json"))
	for _, name := range []string{"link.json", "dangling.json"} {
		for _, replace := range []bool{false, true} {
			err := WriteFile(filepath.Join(dir, name), Policy{Replace: replace}, text("overwritten"))
			if err == nil || !strings.Contains(err.Error(), "symbolic link") {
				t.Errorf("%s (replace %v): %v", name, replace, err)
			}
		}
	}
	if data, _ := os.ReadFile(target); string(data) != "keep" {
		t.Fatalf("the link's target now holds %q", data)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(target), "nowhere")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("the dangling link's target was created")
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	for name, want := range map[string]string{"fifo": "named pipe", "sub": "a folder", "a/b": "not a file name", "..": "not a file name"} {
		d, _ := OpenDir(dir, Policy{Replace: true})
		if err := d.Write(name, text("x")); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
		d.Close()
	}
	if got := entries(t, dir); len(got) != 4 {
		t.Fatalf("leftovers: %v", got)
	}
}

// TestWriteRefusesInputs: an output that is one of the inputs (by any
// name: itself, a link to it, a hard link) is refused even with Replace.
func TestWriteRefusesInputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	os.WriteFile(in, []byte("input"), 0o644)
	os.Link(in, filepath.Join(dir, "hard.jsonl"))
	os.Symlink(in, filepath.Join(dir, "soft.jsonl"))
	for _, given := range []string{in, filepath.Join(dir, "soft.jsonl")} {
		for _, out := range []string{in, filepath.Join(dir, "hard.jsonl")} {
			err := WriteFile(out, Policy{Replace: true, Inputs: []string{given}}, text("x"))
			if err == nil || !strings.Contains(err.Error(), "one of the files this command reads") {
				t.Errorf("input %s, output %s: %v", given, out, err)
			}
		}
	}
	if data, _ := os.ReadFile(in); string(data) != "input" {
		t.Fatalf("the input now holds %q", data)
	}
}

// TestCreateNewIsExclusive: a new file is made; anything already there,
// a link above all, is refused and left alone.
func TestCreateNewIsExclusive(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	os.WriteFile(target, []byte("keep"), 0o644)
	os.Symlink(target, filepath.Join(dir, "link"))
	os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, "dangling"))
	for _, name := range []string{"target", "link", "dangling"} {
		if f, err := CreateNew(filepath.Join(dir, name)); !errors.Is(err, fs.ErrExist) {
			f.Close()
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "nowhere")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("created through a dangling link")
	}
	f, err := CreateNew(filepath.Join(dir, "new"))
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("a")
	f.Close()
	if data, _ := os.ReadFile(target); string(data) != "keep" {
		t.Fatalf("target holds %q", data)
	}
}

// TestClearMakesRoomForANewFile: nothing there is fine; a regular file is
// removed only when the policy replaces files and it is no input; a link
// is refused and left.
func TestClearMakesRoomForANewFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	os.WriteFile(in, []byte("input"), 0o644)
	os.WriteFile(filepath.Join(dir, "old.jsonl"), []byte("old"), 0o644)
	os.Symlink(in, filepath.Join(dir, "link.jsonl"))
	keep, _ := OpenDir(dir, Policy{Inputs: []string{in}})
	replace, _ := OpenDir(dir, Policy{Replace: true, Inputs: []string{in}})
	defer keep.Close()
	defer replace.Close()
	for _, c := range []struct {
		d    *Dir
		name string
		want string // in the error, "" for none
	}{
		{keep, "new.jsonl", ""},
		{keep, "old.jsonl", "already exists"},
		{replace, "in.jsonl", "one of the files this command reads"},
		{replace, "link.jsonl", "symbolic link"},
		{replace, "old.jsonl", ""},
	} {
		err := c.d.Clear(c.name)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s (replace %v): %v, want %q", c.name, c.d.policy.Replace, err, c.want)
		}
	}
	if got := entries(t, dir); strings.Join(got, " ") != "in.jsonl link.jsonl" {
		t.Errorf("left %v", got)
	}
}
