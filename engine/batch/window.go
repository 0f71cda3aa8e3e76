package batch

// jobWindow bounds how far ahead of the earliest unfinished job a study
// may start one, so the results that wait to be counted in job order are
// never more than its size.
type jobWindow struct {
	size     int
	earliest int          // the lowest index not finished
	finished map[int]bool // finished indexes above earliest
}

func newJobWindow(size int) *jobWindow {
	return &jobWindow{size: size, finished: map[int]bool{}}
}

// admits says whether the job of index may start now.
func (w *jobWindow) admits(index int) bool { return index-w.earliest < w.size }

// finish marks a job done, whether it succeeded or not.
func (w *jobWindow) finish(index int) {
	w.finished[index] = true
	for w.finished[w.earliest] {
		delete(w.finished, w.earliest)
		w.earliest++
	}
}
