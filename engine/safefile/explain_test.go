package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// File errors read as what went wrong and the path as given, without the
// system call, however they are wrapped or joined; a path said just
// before is said once; the error is still the one it was.
func TestExplainSaysThePathWithoutTheSystemCall(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "notes", "a.json")
	_, statErr := os.Lstat(missing)
	_, openErr := Open(missing)
	renameErr := os.Rename(missing, filepath.Join(dir, "b.json"))
	for _, c := range []struct {
		err  error
		want string
	}{
		{statErr, "no such file or directory: " + missing},
		{fmt.Errorf("--profiles: %w", openErr), "--profiles: no such file or directory: " + missing},
		{fmt.Errorf("%s: %w", missing, statErr), "no such file or directory: " + missing},
		{errors.Join(errors.New("first"), fmt.Errorf("second: %w", statErr)), "first\nsecond: no such file or directory: " + missing},
		{renameErr, "no such file or directory: " + missing + " (moving it to " + filepath.Join(dir, "b.json") + ")"},
		{errors.New("no file in it"), "no file in it"},
	} {
		got := Explain(c.err)
		if got.Error() != c.want {
			t.Errorf("Explain(%q) = %q, want %q", c.err, got, c.want)
		}
		if !errors.Is(got, c.err) {
			t.Errorf("Explain(%q) no longer wraps it", c.err)
		}
	}
	if !errors.Is(Explain(statErr), fs.ErrNotExist) {
		t.Error("an explained missing file is not fs.ErrNotExist")
	}
	if Explain(nil) != nil {
		t.Error("Explain(nil) is not nil")
	}
}
