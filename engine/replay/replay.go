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
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Set is recordings of one scenario, at most one per mode.
type Set struct {
	Scenario *scenario.Scenario
	Modes    []view.Mode
	Seeds    map[view.Mode]int64
	runs     map[view.Mode]*record.Recording
	speed    speed
}

// Open reads the headers of recordings of the same scenario, one per
// mode. The events are read as they are played, so opening a long
// recording costs no more than a short one; a line that cannot be read
// ends its replay there with an error naming it, and a recording that
// ends early (a torn line, no footer) plays up to where it ends.
func Open(ctx context.Context, paths []string) (*Set, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("name at least one recording")
	}
	s := &Set{Seeds: map[view.Mode]int64{}, runs: map[view.Mode]*record.Recording{}}
	for _, p := range paths {
		rec, err := record.ReadHeader(ctx, p)
		if err != nil {
			return nil, err
		}
		h := rec.Header
		if s.Scenario == nil {
			s.Scenario = h.Scenario
		} else if h.Scenario.ID != s.Scenario.ID {
			return nil, fmt.Errorf("%s: scenario %s differs from %s in %s; replay recordings of one scenario together", p, h.Scenario.ID, s.Scenario.ID, paths[0])
		}
		if prev, dup := s.runs[h.Mode]; dup {
			return nil, fmt.Errorf("%s: a second %s recording (the first is %s)", p, h.Mode, prev.Path)
		}
		s.runs[h.Mode] = rec
		s.Modes = append(s.Modes, h.Mode)
		s.Seeds[h.Mode] = h.Seed
	}
	// Panes follow the usual order of modes, whatever the order of files;
	// HUMANS, not among view.Modes, comes last, as in watch --humans.
	rank := func(m view.Mode) int {
		if i := slices.Index(view.Modes, m); i >= 0 {
			return i
		}
		return len(view.Modes)
	}
	slices.SortStableFunc(s.Modes, func(a, b view.Mode) int { return rank(a) - rank(b) })
	return s, nil
}

// Settings are the endpoint and sampling parameters mode's recording was
// made with, so a recorded copy of the replay keeps them.
func (s *Set) Settings(mode view.Mode) map[string]string {
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
