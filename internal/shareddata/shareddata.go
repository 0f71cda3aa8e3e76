// Package shareddata finds the third-party data some tests read: the
// Sotopia export and the cocoa files kept in ../shared/data beside the
// repository (see its README.md), never inside the project.
//
// A test that needs a file and does not find it fails, saying which file
// is missing and where it goes, so that `go test ./...` never passes by
// quietly leaving the real-data tests out. Setting
// OMNIGAP_SKIP_SHARED_DATA=1 turns that failure into a skip, for a machine
// that cannot have the data.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// SkipVariable is the environment variable that lets tests skip when the
// data is missing instead of failing.
const SkipVariable = "OMNIGAP_SKIP_SHARED_DATA"

// Reserved is the file kept for acceptance checks: no test may read it.
const Reserved = "cocoa/dealornodeal-test.json"

// Dir is the shared data folder, ../shared/data beside the repository's
// root (the folder holding go.mod), found from the working directory
// (a test's is its package folder). It is "" when no go.mod is above it.
func Dir() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(dir), "shared", "data")
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

// Lookup returns the absolute path of name (slash-separated, relative to
// the shared data folder, e.g. "sotopia" or "cocoa/dealornodeal-val.json")
// and whether it is there, for a test that only gains from the data, such
// as a fuzz target's extra seeds. It never returns the reserved file.
func Lookup(name string) (string, bool) {
	dir := Dir()
	if dir == "" || filepath.ToSlash(filepath.Clean(name)) == Reserved {
		return "", false
	}
	path := filepath.Join(dir, filepath.FromSlash(name))
	_, err := os.Stat(path)
	return path, err == nil
}

// Path returns the absolute path of name in the shared data folder. When
// it is missing the test fails with the file's name and where it goes,
// or is skipped if OMNIGAP_SKIP_SHARED_DATA=1. Asking for the reserved
// file fails the test.
func Path(t testing.TB, name string) string {
	t.Helper()
	if filepath.ToSlash(filepath.Clean(name)) == Reserved {
		t.Fatalf("%s is reserved for acceptance checks (../shared/data/README.md): no test may read it", Reserved)
		return ""
	}
	path, ok := Lookup(name)
	if ok {
		return path
	}
	where := path
	if where == "" {
		where = "../shared/data/" + name + " beside the repository (no go.mod found above the working directory)"
	}
	msg := "missing shared test data: " + name + " should be at " + where +
		" (../shared/data beside the repository; what goes there and where it comes from: ../shared/data/README.md)"
	if os.Getenv(SkipVariable) == "1" {
		t.Skip(msg + "; skipped because " + SkipVariable + "=1")
		return ""
	}
	t.Fatal(msg + "; set " + SkipVariable + "=1 to skip the tests that need it instead")
	return ""
}
