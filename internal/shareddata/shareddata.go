// Package shareddata finds the public third-party data some tests read
// (Sets: Sotopia's export and episodes, cocoa's files), kept in
// ../shared/data beside the repository, never inside the project.
//
// A test that needs a file it does not find skips, naming the file, where
// it comes from and where it goes, so that `go test ./...` passes in a
// clone with nothing beside it; under CI=true the same absence fails, as
// a missing program does (internal/tools), so CI always runs the
// real-data tests.
package shareddata

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/internal/tools"
)

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

// needed is one file or folder of a set that a name stands for.
type needed struct {
	set      int    // in Sets
	from, at string // slash-separated: in the set's repository; in the data folder
	abs      string // where it is looked for, "" without a data folder
}

// neededFor lists what name (slash-separated, relative to the data
// folder) stands for: every file of Sets at or under it, or itself when
// it lies inside a folder of Sets. Nil means no set lists it.
func neededFor(dir, name string) []needed {
	name = path.Clean(filepath.ToSlash(name))
	var out []needed
	for i := range Sets {
		for _, f := range Sets[i].Files {
			at := strings.TrimSuffix(f.At, "/")
			n := needed{set: i, from: f.From, at: f.At}
			switch {
			case name == at || strings.HasPrefix(at, name+"/"):
			case strings.HasPrefix(name, at+"/"):
				n.from, n.at = path.Join(f.From, strings.TrimPrefix(name, at+"/")), name
			default:
				continue
			}
			if dir != "" {
				n.abs = filepath.Join(dir, filepath.FromSlash(n.at))
			}
			out = append(out, n)
		}
	}
	return out
}

// missing is what of needs is not there.
func missing(needs []needed) []needed {
	var out []needed
	for _, n := range needs {
		if _, err := os.Stat(n.abs); err != nil {
			out = append(out, n)
		}
	}
	return out
}

// Lookup returns the absolute path of name (as Path takes it) and whether
// everything it stands for is there, for a test that only gains from the
// data, such as a fuzz target's extra seeds. A name Sets does not list
// (the reserved file among them) is never found.
func Lookup(name string) (string, bool) {
	dir := Dir()
	needs := neededFor(dir, name)
	if dir == "" || len(needs) == 0 {
		return "", false
	}
	return filepath.Join(dir, filepath.FromSlash(name)), len(missing(needs)) == 0
}

// Path returns the absolute path of name: slash-separated, relative to the
// data folder, a file or folder of Sets ("cocoa/dealornodeal-val.json",
// "sotopia") or a file inside one of its folders. When anything it stands
// for is missing, the test skips, or under CI=true fails, naming each
// missing file, its data set and source, and where it goes. A name no set
// lists fails the test.
func Path(t tools.TB, name string) string {
	t.Helper()
	return Paths(t, name)[0]
}

// Paths is Path for several names, with one message for all that is
// missing.
func Paths(t tools.TB, names ...string) []string {
	t.Helper()
	dir := Dir()
	paths := make([]string, len(names))
	var lacking []needed
	for i, name := range names {
		needs := neededFor(dir, name)
		if len(needs) == 0 {
			if path.Clean(filepath.ToSlash(name)) == Reserved {
				t.Fatal(Reserved + " is reserved for acceptance checks: no test may read it")
			} else {
				t.Fatal("shareddata: " + name + " is in no data set: list it in shareddata.Sets with its source and license")
			}
			return paths
		}
		for _, n := range missing(needs) {
			if !slices.ContainsFunc(lacking, func(l needed) bool { return l.at == n.at }) {
				lacking = append(lacking, n)
			}
		}
		if dir != "" {
			paths[i] = filepath.Join(dir, filepath.FromSlash(name))
		}
	}
	if len(lacking) > 0 {
		tools.Missing(t, missingMessage(dir, lacking))
		return make([]string, len(names))
	}
	return paths
}

// missingMessage names what is missing by data set: its source and
// license, and each file's path there and here.
func missingMessage(dir string, lacking []needed) string {
	slices.SortStableFunc(lacking, func(a, b needed) int { return a.set - b.set })
	where := dir
	if where == "" {
		where = "../shared/data beside the repository (no go.mod found above the working directory)"
	} else {
		where += " (../shared/data beside the repository)"
	}
	var b strings.Builder
	b.WriteString("missing public test data, to go in " + where + "; docs/TESTING.md lists every data set")
	for i, n := range lacking {
		if set := Sets[n.set]; i == 0 || n.set != lacking[i-1].set {
			b.WriteString("; " + set.Name + " from " + set.URL() + " (" + set.License + "):")
		} else {
			b.WriteString(",")
		}
		b.WriteString(" its " + n.from + " as " + n.at)
	}
	return b.String()
}
