// Package replay plays recordings back: a Set is an episode.Player that
// sends each recorded event again, as recorded (kind, turn, seat, speaker,
// backend, text, usage, reasoning, control, errors and annotations), at
// the recorded pace or a multiple of it, and ends as the footer says. No
// backend or judge runs again; the annotator runs again only for a
// recording of older annotation rules (leak.Stale), whose annotations and
// annotation metrics are today's. A fork (episode.Fork) plays on from a
// replayed turn with backends of its own.
package replay

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Set is recordings of one episode, at most one per mode: of one
// scenario and seed, or of one source episode (an imported run's).
type Set struct {
	Scenario *scenario.Scenario
	Modes    []view.Mode
	Seeds    map[view.Mode]int64
	runs     map[view.Mode]*record.Recording
	speed    speed
	// twins is what the set's recordings share (Twins).
	twins string
}

// Twins is what recordings of one episode in several modes share: the
// source episode's id for an imported run that names it, else the
// scenario and the seed.
func Twins(h record.Header) string {
	if s := h.Source; s != nil && s.Episode != "" {
		return "episode:" + s.Episode
	}
	return fmt.Sprintf("scenario:%s#%d", h.Scenario.ID, h.Seed)
}

// Open opens recordings of one episode, one per mode, as one set.
func Open(ctx context.Context, paths []string) (*Set, error) {
	sets, err := Group(ctx, nil, paths)
	if err != nil {
		return nil, err
	}
	if len(sets) > 1 {
		a, b := sets[0].Recording(sets[0].Modes[0]), sets[1].Recording(sets[1].Modes[0])
		return nil, fmt.Errorf("%s and %s are not recordings of one episode (one scenario and seed, or one source episode) in different modes", a.Path, b.Path)
	}
	return sets[0], nil
}

// Group reads the headers of recordings of any scenarios and opens them
// as sets, one per episode (Twins: the recordings of one scenario and
// seed, or of one source episode) in the order first named; an episode
// recorded twice in a mode gets a second set for the second recording
// (and so on), so no mix of recordings is refused. The names are files on disk
// when fsys is nil, else files of fsys (recordings built into the
// binary). The events are read as they are played, so opening a long
// recording costs no more than a short one; a line that cannot be read
// ends its replay there with an error naming it, and a recording that
// ends early (a torn line, no footer) plays up to where it ends.
func Group(ctx context.Context, fsys fs.FS, names []string) ([]*Set, error) {
	if len(names) == 0 {
		return nil, fmt.Errorf("name at least one recording")
	}
	var sets []*Set
	for _, name := range names {
		rec, err := record.ReadHeaderFS(ctx, fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such recording (a .jsonl file written by --record or run)", name)
		}
		if err != nil {
			return nil, err
		}
		h := rec.Header
		twins := Twins(h)
		i := slices.IndexFunc(sets, func(s *Set) bool {
			_, dup := s.runs[h.Mode]
			return s.twins == twins && !dup
		})
		if i < 0 {
			i = len(sets)
			sets = append(sets, newSet())
			sets[i].twins = twins
		}
		sets[i].add(rec)
	}
	for _, s := range sets {
		s.sortModes()
	}
	return sets, nil
}

func newSet() *Set {
	return &Set{Seeds: map[view.Mode]int64{}, runs: map[view.Mode]*record.Recording{}}
}

// add plays rec in its mode.
func (s *Set) add(rec *record.Recording) {
	h := rec.Header
	if s.Scenario == nil {
		s.Scenario = h.Scenario
	}
	s.runs[h.Mode] = rec
	s.Modes = append(s.Modes, h.Mode)
	s.Seeds[h.Mode] = h.Seed
}

// sortModes puts the panes in the usual order of modes, whatever the
// order of files; HUMANS, not among view.Modes, comes last, as in watch
// --humans.
func (s *Set) sortModes() {
	rank := func(m view.Mode) int {
		if i := slices.Index(view.Modes, m); i >= 0 {
			return i
		}
		return len(view.Modes)
	}
	slices.SortStableFunc(s.Modes, func(a, b view.Mode) int { return rank(a) - rank(b) })
}

// Settings are the endpoint and sampling parameters mode's recording was
// made with, so a recorded copy of the replay keeps them.
func (s *Set) Settings(_ *scenario.Scenario, mode view.Mode) map[string]string {
	if rec := s.runs[mode]; rec != nil {
		return rec.Header.Settings
	}
	return nil
}

// Recording returns the recording played in mode: its header and path.
func (s *Set) Recording(mode view.Mode) *record.Recording { return s.runs[mode] }

// Players implements episode.Player: the recorded backends, marked as
// replayed.
func (s *Set) Players(mode view.Mode) ([2]string, error) {
	rec, ok := s.runs[mode]
	if !ok {
		return [2]string{}, fmt.Errorf("no %s recording to replay", mode)
	}
	var names [2]string
	for i, b := range rec.Header.Backends {
		names[i] = "replay:" + strings.TrimPrefix(b, "replay:")
	}
	return names, nil
}

// Backends implements episode.Factory for the sake of episode.Spec: a
// recording has no backends to run, it is played back (Play).
func (s *Set) Backends(_ *scenario.Scenario, mode view.Mode, _ int64) ([2]run.Backend, error) {
	return [2]run.Backend{}, fmt.Errorf("a %s recording is played back as recorded, not run again; fork it to play on", mode)
}
