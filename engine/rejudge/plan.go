package rejudge

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/omnigap/omnigap/engine/record"
)

// Job is one recording to judge and where its copy goes.
type Job struct {
	Path, Copy string
}

// Plan lists the recordings args name (files, or every .jsonl in a
// folder, in name order) with their copies' paths in out, refusing two
// recordings of one base name (their copies would meet) and a copy that
// would be a recording it reads (out among the inputs' folders).
func Plan(args []string, out string) ([]Job, error) {
	var paths []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			paths = append(paths, a)
			continue
		}
		files, err := record.Files(a)
		if err != nil {
			return nil, err
		}
		paths = append(paths, files...)
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no recordings (.jsonl) in %v", args)
	}
	var jobs []Job
	named := map[string]string{}
	for _, p := range paths {
		base := filepath.Base(p)
		if was, ok := named[base]; ok {
			return nil, fmt.Errorf("%s and %s have one name: their judged copies would meet; judge them into two folders", was, p)
		}
		named[base] = p
		j := Job{Path: p, Copy: filepath.Join(out, base)}
		if same(j.Path, j.Copy) {
			return nil, fmt.Errorf("--out %s holds %s itself: a judged copy never replaces its original; give another folder", out, p)
		}
		jobs = append(jobs, j)
	}
	return jobs, nil
}

// same reports whether two paths are one file.
func same(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
