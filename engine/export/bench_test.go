package export

import (
	"context"
	"io"
	"testing"

	"github.com/omnigap/omnigap/internal/recordtest"
)

// BenchmarkRedactedCopy copies a 10,000-turn recording (about 51,000
// lines) redacted.
func BenchmarkRedactedCopy(b *testing.B) {
	path := recordtest.Long(b, b.TempDir(), 10_000)
	for b.Loop() {
		if err := Recording(context.Background(), io.Discard, path); err != nil {
			b.Fatal(err)
		}
	}
}
