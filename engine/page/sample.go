package page

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/report"
)

// MaxEpisodePages is how many episode pages a study page links to at
// most: a study of more scenarios gets a sample (Sample).
const MaxEpisodePages = 30

// Scenario is one scenario of a study: its recordings and how many of
// their annotations mark what a character could not know (leaks,
// mind-reads, guesses: the kinds event.Kinds marks Unknown).
type Scenario struct {
	ID, Family string
	Paths      []string
	Unknown    float64
}

// Scenarios gathers a study's episodes by scenario, in the order first
// seen.
type Scenarios struct {
	byID  map[string]*Scenario
	order []string
}

// Add counts one episode read from the recording at path.
func (s *Scenarios) Add(path string, ep report.Episode) {
	if s.byID == nil {
		s.byID = map[string]*Scenario{}
	}
	sc, ok := s.byID[ep.Scenario]
	if !ok {
		sc = &Scenario{ID: ep.Scenario, Family: string(ep.Family)}
		s.byID[ep.Scenario] = sc
		s.order = append(s.order, ep.Scenario)
	}
	sc.Paths = append(sc.Paths, path)
	for _, k := range event.Kinds {
		if k.Unknown {
			sc.Unknown += ep.Metrics[k.Metric]
		}
	}
}

// Len is how many scenarios there are.
func (s *Scenarios) Len() int { return len(s.order) }

// Sample picks the scenarios that get a page: every one when there are
// at most max; else max of them, taken from each family in turn
// (families in name order) and, within a family, those whose runs said
// most of what their characters could not know first (ties by id). The
// pick is in that order.
func (s *Scenarios) Sample(max int) []Scenario {
	byFamily := map[string][]Scenario{}
	for _, id := range s.order {
		sc := s.byID[id]
		byFamily[sc.Family] = append(byFamily[sc.Family], *sc)
	}
	families := slices.Sorted(maps.Keys(byFamily))
	for _, f := range families {
		slices.SortStableFunc(byFamily[f], func(a, b Scenario) int {
			return cmp.Or(cmp.Compare(b.Unknown, a.Unknown), cmp.Compare(a.ID, b.ID))
		})
	}
	var out []Scenario
	for round := 0; len(out) < max; round++ {
		added := false
		for _, f := range families {
			if round < len(byFamily[f]) && len(out) < max {
				out = append(out, byFamily[f][round])
				added = true
			}
		}
		if !added {
			break
		}
	}
	return out
}

// FileNames names each scenario's page: its id with every character
// but letters, digits, '.', '_' and '-' as '-', and a number after a name
// already taken.
func FileNames(scs []Scenario) []string {
	taken := map[string]bool{}
	names := make([]string, len(scs))
	for i, sc := range scs {
		base := strings.Map(func(r rune) rune {
			if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
				return r
			}
			return '-'
		}, sc.ID)
		base = strings.TrimLeft(base, ".")
		if base == "" {
			base = "scenario"
		}
		name := base + ".html"
		for n := 2; taken[name]; n++ {
			name = fmt.Sprintf("%s-%d.html", base, n)
		}
		taken[name] = true
		names[i] = name
	}
	return names
}
