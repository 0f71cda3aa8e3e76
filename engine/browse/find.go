package browse

import (
	"fmt"
	"strings"
)

// Find is the group id names, as `replay --episode` takes it: a group's
// ID, a run id of one of its runs, or the start of one of these, without
// case. A name that is a group's or run's whole id wins over starts; a
// name that matches several groups is refused, naming them.
func (ix *Index) Find(id string) (*Group, error) {
	want := strings.ToLower(id)
	var whole, starts []*Group
	for _, g := range ix.Groups {
		if g.Problem() != "" {
			continue
		}
		names := []string{g.ID}
		for _, r := range g.Runs {
			names = append(names, r.RunID)
		}
		w, s := false, false
		for _, n := range names {
			n = strings.ToLower(n)
			w = w || n == want
			s = s || strings.HasPrefix(n, want)
		}
		switch {
		case w:
			whole = append(whole, g)
		case s:
			starts = append(starts, g)
		}
	}
	found := whole
	if len(found) == 0 {
		found = starts
	}
	switch {
	case want == "":
		return nil, fmt.Errorf("--episode: name an episode (an id the list shows)")
	case len(found) == 1:
		return found[0], nil
	case len(found) == 0:
		return nil, fmt.Errorf("--episode %s: no episode of that id among %d (omnigap browse lists them)", id, len(ix.Groups))
	}
	names := make([]string, 0, 10)
	for _, g := range found[:min(len(found), 10)] {
		names = append(names, g.ID)
	}
	more := ""
	if len(found) > 10 {
		more = fmt.Sprintf(" and %d more", len(found)-10)
	}
	return nil, fmt.Errorf("--episode %s names %d episodes: %s%s; give more of the id", id, len(found), strings.Join(names, ", "), more)
}

// Paths are the recordings the index lists, each once (a transcript's
// dialogues are FILE#UUID), in the groups' order.
func (ix *Index) Paths() []string {
	var out []string
	for _, g := range ix.Groups {
		for _, r := range g.Runs {
			if r.Problem == "" {
				out = append(out, r.Path)
			}
		}
	}
	return out
}
