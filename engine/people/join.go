package people

import (
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/sotopia/origin"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/view"
)

// Episode is a recording people rated: each seat's ratings beside the
// automated scores of it.
type Episode struct {
	// Path is the recording's; ID the episode's id its ratings name.
	Path, ID string
	// Mode is the recording's report column (report.Column).
	Mode  view.Mode
	Seats [2]Seat
	// Unseated counts the ratings of the episode whose agent found no
	// seat here.
	Unseated int
}

// Seat is one seat of a rated episode.
type Seat struct {
	// Name is the character's, Model what played the seat (the header's
	// backend), Agent the source's number of the agent (1 or 2; 0 when
	// the recording does not say).
	Name, Model string
	Agent       int
	// Ratings are the people's, in the order of the dimensions, then of
	// the raters as read.
	Ratings []Rating
	// Scores are the automated scorers', in the order of the dimensions.
	Scores []Score
}

// EpisodeID is the id ratings name a recording's episode by: the
// source's id of an imported one (origin.SourceOf), else the run's id.
func EpisodeID(rec *record.Recording) string {
	if src := origin.SourceOf(rec); src != nil && src.Episode != "" {
		return src.Episode
	}
	return rec.Header.RunID
}

// Join sets the ratings of a recording's episode beside its scores: nil
// when no one rated it. A rating whose agent has no seat here (a name
// no seat has; an agent number a recording that does not say who sat
// where, and a file that names no agents, leave open; a file's names
// that contradict the recording's) is left out, with a Problem named
// once for a row's ratings of one agent. Read a
// recording of older annotation rules again first (leak.Reannotate):
// the rules' scores count its annotations.
func (rs *Ratings) Join(rec *record.Recording) (*Episode, []interop.Problem) {
	id := EpisodeID(rec)
	if !rs.Has(id) {
		return nil, nil
	}
	h := rec.Header
	ep := &Episode{Path: rec.Path, ID: id, Mode: report.Column(h)}
	agents, known := origin.AgentSeats(rec)
	for seat := range 2 {
		s := &ep.Seats[seat]
		s.Name, s.Model = h.Scenario.Seats[seat].Character.Name, h.Backends[seat]
		if known {
			s.Agent = slices.Index(agents[:], seat) + 1
		}
		s.Scores = Scores(h, rec.Ending(), rec.Events, seat)
	}
	var problems []interop.Problem
	named := map[string]bool{}
	for _, r := range rs.Of(id) {
		seat, err := ep.seatOf(r, agents, known)
		if err != nil {
			ep.Unseated++
			// Once for a row's ratings of one agent.
			if p := interop.ProblemAt(r.At, err); !named[p.Error()] {
				named[p.Error()] = true
				problems = append(problems, p)
			}
			continue
		}
		ep.Seats[seat].Ratings = append(ep.Seats[seat].Ratings, r)
	}
	for i := range ep.Seats {
		sortByDimension(ep.Seats[i].Ratings)
	}
	return ep, problems
}

// seatOf is the seat a rating is of.
func (ep *Episode) seatOf(r Rating, agents [2]int, known bool) (int, error) {
	byName := func(name string) int {
		return slices.IndexFunc(ep.Seats[:], func(s Seat) bool { return strings.EqualFold(strings.TrimSpace(s.Name), name) })
	}
	switch {
	case r.Seat >= 0:
		return r.Seat, nil
	case r.Agent < 1:
		if seat := byName(r.Name); seat >= 0 {
			return seat, nil
		}
		return 0, interop.Fieldf("agent", "%q is neither character of %s (%s, %s)", r.Name, ep.Path, ep.Seats[0].Name, ep.Seats[1].Name)
	}
	named := -1
	if len(r.Names) == 2 {
		named = byName(r.Names[r.Agent-1])
	}
	switch {
	case known && named >= 0 && named != agents[r.Agent-1]:
		return 0, fmt.Errorf("the file names %q agent %d, whom %s seats as agent %d", r.Names[r.Agent-1], r.Agent, ep.Path, slices.Index(agents[:], named)+1)
	case known:
		return agents[r.Agent-1], nil
	case named >= 0:
		return named, nil
	}
	return 0, fmt.Errorf("%s does not say which seat agent %d sat in, and the file names no agents", ep.Path, r.Agent)
}

// sortByDimension orders ratings by dimension, keeping the raters'
// order within one.
func sortByDimension(rs []Rating) {
	slices.SortStableFunc(rs, func(a, b Rating) int { return dimensionRank(a.Dimension) - dimensionRank(b.Dimension) })
}
