package people

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// Study is a set of recordings joined with ratings: the rated episodes,
// a unit per episode and seat, for the agreement figures (Table).
type Study struct {
	Ratings *Ratings
	// Episodes are the rated recordings, in the order read.
	Episodes []*Episode
	// Repeated are the episodes more than one recording names (a judged
	// copy beside its original): their units take each scorer from the
	// first recording that has it.
	Repeated []string
	// Problems are the ratings that found no seat.
	Problems []interop.Problem
	units    []*unit
	byKey    map[unitKey]*unit
}

type unitKey struct {
	episode string
	seat    int
}

// unit is one episode's seat: its people's scores and each scorer's,
// per dimension.
type unit struct {
	model  string
	mode   view.Mode
	people map[string][]float64
	scores map[string]map[string]float64
}

// NewStudy is a study of the ratings, with no recording yet.
func NewStudy(rs *Ratings) *Study {
	return &Study{Ratings: rs, byKey: map[unitKey]*unit{}}
}

// Add joins one recording (Ratings.Join) and reports whether it was the
// first to name its episode; one no one rated adds nothing.
func (s *Study) Add(rec *record.Recording) bool {
	ep, problems := s.Ratings.Join(rec)
	if ep == nil {
		return false
	}
	s.Episodes = append(s.Episodes, ep)
	_, repeated := s.byKey[unitKey{ep.ID, 0}]
	if repeated {
		s.Repeated = append(s.Repeated, ep.ID)
	} else {
		s.Problems = append(s.Problems, problems...)
	}
	for seat, st := range ep.Seats {
		k := unitKey{ep.ID, seat}
		u := s.byKey[k]
		if u == nil {
			u = &unit{model: st.Model, mode: ep.Mode, people: map[string][]float64{}, scores: map[string]map[string]float64{}}
			for _, r := range st.Ratings {
				u.people[r.Dimension] = append(u.people[r.Dimension], r.Score)
			}
			s.byKey[k] = u
			s.units = append(s.units, u)
		}
		for _, sc := range st.Scores {
			if u.scores[sc.Dimension] == nil {
				u.scores[sc.Dimension] = map[string]float64{}
			}
			if _, has := u.scores[sc.Dimension][sc.Scorer]; !has {
				u.scores[sc.Dimension][sc.Scorer] = sc.Value
			}
		}
	}
	return !repeated
}

// Episode is the rated episode read from the recording at path, or nil
// (nil too for a nil study: no ratings given).
func (s *Study) Episode(path string) *Episode {
	if s == nil {
		return nil
	}
	for _, ep := range s.Episodes {
		if ep.Path == path {
			return ep
		}
	}
	return nil
}

// Unjoined are the rated episodes no recording named, in the order
// first read, and how many ratings they hold.
func (s *Study) Unjoined() (ids []string, ratings int) {
	joined := map[string]bool{}
	for _, ep := range s.Episodes {
		joined[ep.ID] = true
	}
	for _, id := range s.Ratings.Episodes() {
		if !joined[id] {
			ids = append(ids, id)
			ratings += len(s.Ratings.byEpisode[id])
		}
	}
	return ids, ratings
}

// ReadRecordings joins the recordings (.jsonl files) at paths, reading
// each one's header first and only a rated one whole (and one whose
// header names no source while rated episodes are still unjoined: it
// may be an import older than the header's source, named in its
// ending). A recording that cannot be read is named on log and left
// out, as report does. It stops when ctx is done.
func (s *Study) ReadRecordings(ctx context.Context, paths []string, log io.Writer) error {
	unjoined := len(s.Ratings.Episodes())
	for _, p := range paths {
		if !strings.HasSuffix(p, ".jsonl") {
			continue
		}
		head, err := record.ReadHeader(ctx, p)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			continue // report names it
		}
		h := head.Header
		rated := h.Source != nil && s.Ratings.Has(EpisodeID(head)) || h.Source == nil && (s.Ratings.Has(h.RunID) || unjoined > 0)
		if !rated {
			continue
		}
		rec, err := record.ReadTurns(ctx, p)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			fmt.Fprintf(log, "omnigap: ratings: skipped %s\n", textsafe.Clean(err.Error()))
			continue
		}
		leak.Reannotate(rec)
		if s.Add(rec) {
			unjoined--
		}
	}
	return nil
}
