package record_test

import (
	"testing"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/recordtest"
)

// BenchmarkReadTenThousandTurns reads a whole 10,000-turn recording, as
// report does (a replay reads only the header to open it).
func BenchmarkReadTenThousandTurns(b *testing.B) {
	path := recordtest.Long(b, b.TempDir(), 10_000)
	b.ReportAllocs()
	for b.Loop() {
		rec, err := record.Read(path)
		if err != nil || rec.Footer == nil || len(rec.Events) < 50_000 {
			b.Fatalf("%v, %d events", err, len(rec.Events))
		}
	}
}
