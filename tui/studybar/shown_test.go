package studybar

import (
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/batch"
)

// While no episode ends (a run held back by --rpm), the elapsed time, the
// rate and the time left still move; once the study has ended they stay.
func TestProgressKeepsMovingBetweenEpisodes(t *testing.T) {
	clock := time.Unix(1000, 0)
	d := newShown(batch.Progress{Total: 100}, func() time.Time { return clock })
	d.Update(batch.Progress{Total: 100, Done: 10, Elapsed: 10 * time.Second})
	clock = clock.Add(10 * time.Second)
	rate, left := d.latest().Pace()
	clock = clock.Add(30 * time.Second)
	later, leftLater := d.latest().Pace()
	if rate != 1 || later != 0.25 || leftLater <= left {
		t.Fatalf("the pace froze between episodes: %.2f/s (%v left), then %.2f/s (%v left)", rate, left, later, leftLater)
	}
	close(d.done) // no display was started
	d.Finish(batch.Progress{Total: 100, Done: 100, Elapsed: 50 * time.Second})
	clock = clock.Add(time.Hour)
	if got := d.latest().Elapsed; got != 50*time.Second {
		t.Fatalf("after the end the elapsed time moved on to %v", got)
	}
}
