package batch

import "testing"

// TestJobWindowWaitsForTheEarliestJob: while the first job runs, no job
// a window's size after it may start, however many later ones finish;
// once it finishes, the window moves past every job finished since.
func TestJobWindowWaitsForTheEarliestJob(t *testing.T) {
	w := newJobWindow(4)
	for i := 1; i < 4; i++ {
		if !w.admits(i) {
			t.Fatalf("job %d refused with job 0 running", i)
		}
		w.finish(i)
	}
	if w.admits(4) {
		t.Fatal("job 4 admitted while job 0 runs: results would pile up behind it")
	}
	w.finish(0)
	if !w.admits(7) || w.admits(8) {
		t.Errorf("after job 0 the window starts at %d, want 4", w.earliest)
	}
	if len(w.finished) != 0 {
		t.Errorf("%d finished jobs still kept", len(w.finished))
	}
}
