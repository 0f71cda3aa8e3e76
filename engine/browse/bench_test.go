package browse

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/view"
)

// tenThousand is a folder of 10,002 recordings: 334 built-in episodes of
// craigslist/gen-* in the three modes, each copied under ten seeds of its
// own (the first 10,002 of 10,020 copies: 3,334 episodes), as a study of
// thousands of episodes leaves them.
func tenThousand(b *testing.B) string {
	b.Helper()
	dir := b.TempDir()
	played := filepath.Join(dir, "played")
	_, err := batch.Study(context.Background(), batch.Options{Refs: []string{"craigslist/gen-*"}, Modes: view.Modes, Episodes: 334, Seed: 1,
		Concurrency: runtime.GOMAXPROCS(0), OutDir: played, Resolve: library.Resolve, Factory: builtin.Factory{}, Annotate: leak.Annotate})
	if err != nil {
		b.Fatal(err)
	}
	runs, _ := filepath.Glob(filepath.Join(played, "*.jsonl"))
	out := filepath.Join(dir, "study")
	os.Mkdir(out, 0o755)
	n := 0
	for copyN := range 10 {
		for _, p := range runs {
			if n == 10002 {
				break
			}
			data, err := os.ReadFile(p)
			if err != nil {
				b.Fatal(err)
			}
			// A copy is the episode under another seed: its header's
			// seed and run id, and its file's name, say so.
			head, rest, _ := bytes.Cut(data, []byte("\n"))
			name := filepath.Base(p)
			seed := bytes.Index(head, []byte(`"seed":`))
			end := seed + bytes.IndexByte(head[seed:], ',')
			head = bytes.Join([][]byte{head[:seed], fmt.Appendf(nil, `"seed":%d`, 100000*(copyN+1)), head[end:]}, nil)
			head = bytes.Replace(head, []byte(`"run":"`), fmt.Appendf(nil, `"run":"c%d-`, copyN), 1)
			if err := os.WriteFile(filepath.Join(out, fmt.Sprintf("c%d-%s", copyN, name)), append(append(head, '\n'), rest...), 0o644); err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	return out
}

// BenchmarkIndex10000 is what `omnigap browse DIR` does before its first
// screen, for 10,002 recordings: read each one's header and ending, group
// the twins and sort every group by its gap. The target, with the files
// in the page cache: the first screen within 1.5 s of launch on 2 cores
// (docs/PERFORMANCE.md measures the launch itself).
//
//	go test ./engine/browse -run '^$' -bench Index10000 -benchtime 5x
func BenchmarkIndex10000(b *testing.B) {
	dir := tenThousand(b)
	b.ResetTimer()
	for range b.N {
		ix, err := Read(context.Background(), []string{dir}, io.Discard, nil)
		if err != nil {
			b.Fatal(err)
		}
		gap, _ := ColumnByKey(ix.Columns(), Gap)
		Sort(ix.Groups, gap, true)
		if ix.Runs != 10002 || len(ix.Groups) != 3334 {
			b.Fatalf("%d runs in %d groups", ix.Runs, len(ix.Groups))
		}
	}
}

// BenchmarkSearch10000 is a search of every turn of 10,002 recordings
// once their text is read: the target is 300 ms. It reports how long the
// reading took (texts-s, in the background in the app) and the heap the
// index and the text hold (heap-MB; the target for the whole app is
// 300 MB).
//
//	go test ./engine/browse -run '^$' -bench Search10000 -benchtime 20x
func BenchmarkSearch10000(b *testing.B) {
	dir := tenThousand(b)
	ix, err := Read(context.Background(), []string{dir}, io.Discard, nil)
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	ix.LoadTexts(context.Background())
	<-ix.TextsDone()
	reading := time.Since(start)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ResetTimer()
	for i := range b.N {
		// A phrase in some turns, another in none: every turn is read.
		for _, q := range []string{"final offer", fmt.Sprintf("no turn says %d", i)} {
			if _, n := ix.Search(q, ix.Groups, 1000); n == 0 && q == "final offer" {
				b.Fatalf("no turn says %q", q)
			}
		}
	}
	b.StopTimer()
	// Reported after the timer's reset, which drops what was reported.
	b.ReportMetric(reading.Seconds(), "texts-s")
	b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MB")
	runtime.KeepAlive(ix)
}
