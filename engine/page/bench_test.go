package page

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/omnigap/omnigap/engine/safefile"
)

// twinsFolder writes n groups of twins in a folder: the shipped
// road-bike runs (SCRIPT, AGENTS, MINDREADERS) played again as seeds 1
// to n, each file the shipped one with its seed and run id changed.
func twinsFolder(b *testing.B, n int) string {
	b.Helper()
	dir := b.TempDir()
	paths, err := filepath.Glob("../../recordings/craigslist_road-bike-*.jsonl")
	if err != nil || len(paths) != 3 {
		b.Fatal(paths, err)
	}
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		base := bytes.TrimSuffix([]byte(filepath.Base(p)), []byte(".jsonl"))
		for seed := 1; seed <= n; seed++ {
			run := bytes.TrimSuffix(base, []byte("1"))
			run = fmt.Appendf(run, "%d", seed)
			out := bytes.ReplaceAll(raw, []byte(`"run":"`+string(base)+`"`), []byte(`"run":"`+string(run)+`"`))
			out = bytes.Replace(out, []byte(`"seed":1,`), fmt.Appendf(nil, `"seed":%d,`, seed), 1)
			if err := os.WriteFile(filepath.Join(dir, string(run)+".jsonl"), out, 0o600); err != nil {
				b.Fatal(err)
			}
		}
	}
	return dir
}

// BenchmarkStudyFiles300 is report --html's own work for a study of 300
// groups of three twins (900 recordings): the index read (engine/browse,
// ListingOf),
// the 300 episode pages (each reading its three recordings whole) and the
// study page written. The report's own reading is not counted
// (docs/PAGES.md).
func BenchmarkStudyFiles300(b *testing.B) {
	dir := twinsFolder(b, 300)
	r, _, _ := shipped(b)
	out := b.TempDir()
	var size int64
	for b.Loop() {
		ix := listFolders(b, dir)
		path := filepath.Join(out, "study.html")
		_, n, err := WriteStudyFiles(context.Background(), path, r, ix, MaxPages, safefile.Policy{Replace: true}, nil)
		if err != nil || n != 300 {
			b.Fatal(n, err)
		}
		st, err := os.Stat(path)
		if err != nil {
			b.Fatal(err)
		}
		size = st.Size()
	}
	b.ReportMetric(float64(size), "page-bytes")
}
