//go:build unix

package episodes

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/safefile"
)

// BenchmarkImport10000 imports 10,000 episodes (the shared ones, every
// form, repeated in one .jsonl file) into recordings, as `episodes import
// sotopia` does, and reports the time per 10,000 and the process's peak
// resident memory. Targets: 30 s and 100 MB on the team's machine.
//
//	go test -run XXX -bench Import10000 -benchtime 1x ./engine/interop/sotopia/episodes
func BenchmarkImport10000(b *testing.B) {
	var records [][]byte
	err := filepath.WalkDir(sharedData(b), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		switch {
		case strings.HasSuffix(path, ".jsonl"):
			records = append(records, bytes.Split(bytes.TrimSpace(data), []byte("\n"))...)
		case strings.HasSuffix(path, ".json"):
			var compact bytes.Buffer
			if err := json.Compact(&compact, data); err != nil {
				return err
			}
			records = append(records, compact.Bytes())
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	in := filepath.Join(b.TempDir(), "episodes.jsonl")
	f, err := os.Create(in)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	const n = 10000
	for i := range n {
		// Each copy is an episode of its own: an id found twice is
		// imported once.
		rec := records[i%len(records)]
		if e, err := Decode(rec); err == nil && e.PK != "" {
			rec = bytes.ReplaceAll(rec, []byte(e.PK), fmt.Appendf(nil, "%s-%d", e.PK, i))
		}
		w.Write(rec)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	records = nil
	b.ResetTimer()
	for range b.N {
		out := b.TempDir()
		dir, err := safefile.OpenDir(out, safefile.Policy{})
		if err != nil {
			b.Fatal(err)
		}
		a := interop.NewAccount(io.Discard, out, interop.Recordings)
		err = (&Importer{}).Write(context.Background(), []string{in}, dir, a)
		dir.Close()
		if err != nil || len(a.Files()) != n || len(a.Repeats()) != 0 {
			b.Fatalf("%d written, %d found again: %v", len(a.Files()), len(a.Repeats()), err)
		}
	}
	b.StopTimer()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		b.ReportMetric(float64(ru.Maxrss)/1024, "peak-RSS-MB")
	}
}
