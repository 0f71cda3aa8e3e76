package shareddata

import (
	"fmt"
	"strings"
	"testing"
)

// recorder is a test that notes how it ended instead of ending.
type recorder struct {
	*testing.T
	failed, skipped string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Fatal(args ...any)         { r.failed = fmt.Sprint(args...) }
func (r *recorder) Fatalf(f string, a ...any) { r.failed = fmt.Sprintf(f, a...) }
func (r *recorder) Skip(args ...any)          { r.skipped = fmt.Sprint(args...) }

func TestMissingFileFailsSayingWhereItGoes(t *testing.T) {
	t.Setenv(SkipVariable, "")
	r := &recorder{T: t}
	Path(r, "sotopia/no-such-file.jsonl")
	if r.skipped != "" || !strings.Contains(r.failed, "sotopia/no-such-file.jsonl") ||
		!strings.Contains(r.failed, "shared/data/sotopia/no-such-file.jsonl") || !strings.Contains(r.failed, "README.md") ||
		!strings.Contains(r.failed, SkipVariable+"=1") {
		t.Errorf("failed %q, skipped %q", r.failed, r.skipped)
	}
}

func TestMissingFileSkipsOnlyWhenAllowed(t *testing.T) {
	t.Setenv(SkipVariable, "1")
	r := &recorder{T: t}
	Path(r, "cocoa/no-such-file.json")
	if r.failed != "" || !strings.Contains(r.skipped, "cocoa/no-such-file.json") {
		t.Errorf("failed %q, skipped %q", r.failed, r.skipped)
	}
}

func TestReservedFileIsRefused(t *testing.T) {
	t.Setenv(SkipVariable, "1")
	r := &recorder{T: t}
	if got := Path(r, "cocoa/../cocoa/dealornodeal-test.json"); got != "" || !strings.Contains(r.failed, "reserved") {
		t.Errorf("got %q, failed %q", got, r.failed)
	}
	if _, ok := Lookup(Reserved); ok {
		t.Error("Lookup found the reserved file")
	}
}

func TestPresentFileIsFound(t *testing.T) {
	path := Path(t, "README.md")
	if !strings.HasSuffix(path, "/shared/data/README.md") {
		t.Errorf("path %q", path)
	}
}
