// Package library finds scenarios by reference: a built-in id, a generated
// id (craigslist/gen-42, or gen-* for a fresh draw per episode), a combo of
// a Sotopia export (sotopia:DIR#N, sotopia:DIR#CODENAME), or a path to a
// scenario file.
package library

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/scenarios"
)

// DefaultID is the scenario the app opens with.
const DefaultID = "craigslist/road-bike"

// generators maps a family to its seeded generator.
var generators = map[string]func(int64) *scenario.Scenario{
	string(scenario.Craigslist):    generate.Craigslist,
	string(scenario.MutualFriends): generate.MutualFriends,
}

var builtin struct {
	once sync.Once
	list []*scenario.Scenario
	err  error
}

// Builtin returns the embedded scenarios, sorted by id.
func Builtin() ([]*scenario.Scenario, error) {
	builtin.once.Do(func() {
		builtin.list, builtin.err = loadAll()
	})
	return builtin.list, builtin.err
}

func loadAll() ([]*scenario.Scenario, error) {
	names, err := fs.Glob(scenarios.Files, "*.yaml")
	if err != nil {
		return nil, err
	}
	var out []*scenario.Scenario
	for _, name := range names {
		sc, err := embedded(name)
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// files are the embedded scenarios parsed one at a time, by file name,
// each once.
var files struct {
	sync.Mutex
	parsed map[string]*scenario.Scenario
}

// embedded is the embedded file name parsed (fs.ErrNotExist when there
// is none); callers copy it before handing it out.
func embedded(name string) (*scenario.Scenario, error) {
	files.Lock()
	defer files.Unlock()
	if sc, ok := files.parsed[name]; ok {
		return sc, nil
	}
	data, err := fs.ReadFile(scenarios.Files, name)
	if err != nil {
		return nil, err
	}
	sc, err := scenario.Parse("scenarios/"+name, data)
	if err != nil {
		return nil, err
	}
	if files.parsed == nil {
		files.parsed = map[string]*scenario.Scenario{}
	}
	files.parsed[name] = sc
	return sc, nil
}

// FileOf is the embedded file that holds the built-in scenario id:
// family/name is in family-name.yaml.
func FileOf(id string) string { return strings.Replace(id, "/", "-", 1) + ".yaml" }

// builtinFile is a copy of the built-in scenario ref, parsed from its own
// file alone (the app's first frame need not wait for every file); nil
// when no file is named for ref.
func builtinFile(ref string) (*scenario.Scenario, error) {
	sc, err := embedded(FileOf(ref))
	if errors.Is(err, fs.ErrNotExist) || err == nil && sc.ID != ref {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return sc.Clone(), nil // callers may keep and change it
}

// IsFresh reports whether ref draws a new generated scenario per episode.
func IsFresh(ref string) bool { return strings.HasSuffix(ref, "/gen-*") }

// GeneratedFamilies lists the families that have a generator.
func GeneratedFamilies() []string { return slices.Sorted(maps.Keys(generators)) }

// Resolve returns the scenario ref names. seed is used by gen-* refs. A ref
// that names an existing file, or ends in .yaml or .yml, is loaded from disk.
// Each call returns a fresh copy the caller may keep.
func Resolve(ref string, seed int64) (*scenario.Scenario, error) {
	if strings.HasPrefix(ref, SotopiaPrefix) {
		return resolveSotopia(ref)
	}
	if isPath(ref) {
		if isRecording(ref) {
			return nil, fmt.Errorf("%s is a recording, not a scenario: play it with 'omnigap replay %s'", ref, ref)
		}
		return scenario.LoadFile(ref)
	}
	if family, tail, ok := strings.Cut(ref, "/gen-"); ok {
		gen, known := generators[family]
		if !known {
			return nil, fmt.Errorf("scenario %q: no generator for family %q (have %s)", ref, family, strings.Join(GeneratedFamilies(), ", "))
		}
		if tail == "*" {
			return gen(seed), nil
		}
		n, err := strconv.ParseInt(tail, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("scenario %q: the part after gen- must be a whole number or *", ref)
		}
		return gen(n), nil
	}
	if sc, err := builtinFile(ref); sc != nil || err != nil {
		return sc, err
	}
	list, err := Builtin()
	if err != nil {
		return nil, err
	}
	for _, sc := range list {
		if sc.ID == ref {
			return sc.Clone(), nil // callers may keep and change it
		}
	}
	return nil, fmt.Errorf("scenario %q not found%s (see 'omnigap scenarios list', use family/gen-N, or give a path to a .yaml file)", ref, didYouMean(ref))
}

func isPath(ref string) bool {
	if strings.HasSuffix(ref, ".yaml") || strings.HasSuffix(ref, ".yml") {
		return true
	}
	st, err := os.Stat(ref)
	return err == nil && !st.IsDir()
}
