package rejudge

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
)

// Write writes the judged copy at path: the recording's header with
// settings added (the judge's), its events numbered again, the judge's
// usage events (run-level, as a live judge's) and the run's end with
// the judge's scores. It is written under a temporary name beside path
// and renamed into place, so a copy that exists is whole; an existing
// file at path is replaced only when replace is set.
func (j *Scored) Write(path string, settings map[string]string, replace bool) error {
	if _, err := os.Lstat(path); err == nil && !replace {
		return fmt.Errorf("%s exists: kept (--force replaces it)", path)
	}
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".judging")
	os.Remove(tmp) // a copy an interrupted judge left half written
	h := j.Rec.Header
	h.Settings = maps.Clone(h.Settings)
	if h.Settings == nil {
		h.Settings = map[string]string{}
	}
	maps.Copy(h.Settings, settings)
	w, err := record.Create(tmp, h)
	if err != nil {
		return err
	}
	err = j.events(w)
	err = errors.Join(err, w.Close(j.Ending))
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// events writes the recording's events, the judge's usage events before
// the run's end, and the end with the judge's scores.
func (j *Scored) events(w *record.Writer) error {
	seq := 0
	last := event.Event{RunID: j.Rec.Header.RunID, Seat: -1}
	for _, ev := range j.Rec.Events {
		last.At = ev.At
		if ev.Kind == event.RunEnded {
			last = ev
			continue
		}
		seq++
		ev.Seq = seq
		if err := w.Event(ev); err != nil {
			return err
		}
	}
	for _, u := range j.Usage {
		seq++
		u := u
		if err := w.Event(event.Event{RunID: last.RunID, Seq: seq, At: last.At, Kind: event.UsageReported, Seat: -1, Usage: &u}); err != nil {
			return err
		}
	}
	seq++
	last.Seq, last.Kind, last.Seat, last.Ending = seq, event.RunEnded, -1, j.Ending
	return w.Event(last)
}
