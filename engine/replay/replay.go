// Package replay plays recordings back through the normal run path: a
// recorded run becomes a pair of backends that repeat its turns, so the
// runner, the annotator and every front end treat a replay exactly like a
// live run.
package replay

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
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

// Open reads recordings of the same scenario, one per mode. A recording
// that ends early (a torn line, no footer) is played up to where it ends.
func Open(paths []string) (*Set, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("name at least one recording")
	}
	s := &Set{Seeds: map[view.Mode]int64{}, runs: map[view.Mode]*record.Recording{}}
	for _, p := range paths {
		rec, err := record.Read(p)
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

// Recording returns the recording played in mode.
func (s *Set) Recording(mode view.Mode) *record.Recording { return s.runs[mode] }

// Backends implements episode.Factory: both seats repeat the recording of
// mode. The scenario and seed are the recording's own.
func (s *Set) Backends(_ *scenario.Scenario, mode view.Mode, _ int64) ([2]run.Backend, error) {
	rec, ok := s.runs[mode]
	if !ok {
		return [2]run.Backend{}, fmt.Errorf("no %s recording to replay", mode)
	}
	t := newTape(rec)
	return [2]run.Backend{&player{tape: t, seat: 0, speed: &s.speed}, &player{tape: t, seat: 1, speed: &s.speed}}, nil
}

// tape is a recording's turns by number.
type tape struct {
	rec      *record.Recording
	turns    map[int]event.Action
	errors   map[int]string
	timing   map[int]*turnTiming
	backends [2]string
	last     int
}

func newTape(rec *record.Recording) *tape {
	t := &tape{rec: rec, turns: map[int]event.Action{}, errors: map[int]string{}, timing: map[int]*turnTiming{}, backends: rec.Header.Backends}
	t.time(rec.Events)
	for _, ev := range rec.Events {
		switch ev.Kind {
		case event.TurnCompleted:
			if ev.Action != nil {
				t.turns[ev.Turn] = *ev.Action
				t.last = max(t.last, ev.Turn)
			}
		case event.Error:
			t.errors[ev.Turn] = ev.Error
		}
	}
	return t
}

// player repeats one seat's recorded turns.
type player struct {
	tape  *tape
	seat  int
	speed *speed
}

func (p *player) Name() string {
	return "replay:" + strings.TrimPrefix(p.tape.backends[p.seat], "replay:")
}

// Turn repeats the recorded turn, streaming its text at the run's pace; a
// recorded error is raised again, and a turn past the recording's end is an
// error that says where it ended.
func (p *player) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	if msg, failed := p.tape.errors[req.Turn]; failed {
		return run.Result{}, fmt.Errorf("%s", msg)
	}
	a, ok := p.tape.turns[req.Turn]
	if !ok {
		return run.Result{}, fmt.Errorf("nothing recorded for turn %d: %s", req.Turn, p.tape.rec.EndNote())
	}
	if p.speed.get() > 0 {
		if err := p.tape.replayTimed(ctx, req, p.speed); err != nil {
			return run.Result{}, err
		}
		return run.Result{Action: a}, nil
	}
	if err := req.Stream(ctx, a.Text); err != nil {
		return run.Result{}, err
	}
	return run.Result{Action: a}, nil
}
