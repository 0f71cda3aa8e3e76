package card

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/record"
)

// writeSettings states the endpoint and sampling parameters the runs
// recorded in their headers (model runs do; the built-in engine and people
// have none), one table per distinct set, naming its runs when they are
// not all of them.
func writeSettings(b *strings.Builder, recs []*record.Recording) {
	type set struct {
		settings map[string]string
		runs     []string
	}
	var sets []*set
	without := 0
	for _, r := range recs {
		s := r.Header.Settings
		if len(s) == 0 {
			without++
			continue
		}
		i := slices.IndexFunc(sets, func(x *set) bool { return maps.Equal(x.settings, s) })
		if i < 0 {
			sets = append(sets, &set{settings: s})
			i = len(sets) - 1
		}
		sets[i].runs = append(sets[i].runs, "`"+cell(filepath.Base(r.Path))+"`")
	}
	if len(sets) == 0 {
		b.WriteString("None of these recordings names an endpoint or sampling parameters (the built-in engine and people have none); the seed is passed to every backend.\n")
		return
	}
	b.WriteString("\n### Endpoint and sampling\n\nAs recorded in each run's header (never the key); the seed is passed to every backend.\n")
	for _, s := range sets {
		switch {
		case len(sets) == 1 && without == 0:
			b.WriteString("\nEvery run:\n")
		case len(s.runs) > maxRunRows:
			fmt.Fprintf(b, "\n%d runs:\n", len(s.runs))
		default:
			fmt.Fprintf(b, "\n%s:\n", strings.Join(s.runs, ", "))
		}
		b.WriteString("\n| setting | value |\n|---|---|\n")
		for _, k := range slices.Sorted(maps.Keys(s.settings)) {
			fmt.Fprintf(b, "| %s | %s |\n", cell(k), cell(s.settings[k]))
		}
	}
	switch {
	case without == 1:
		b.WriteString("\nThe other run names no endpoint or sampling parameters (the built-in engine and people have none).\n")
	case without > 1:
		fmt.Fprintf(b, "\nThe other %d runs name no endpoint or sampling parameters (the built-in engine and people have none).\n", without)
	}
}
