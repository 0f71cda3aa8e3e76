package serve

import (
	"os"
	"testing"

	"github.com/omnigap/omnigap/internal/termtest"
)

// TestMain lets the parallel tests, which mostly wait on idle timers and
// their clients, run four at once on a machine of fewer cores.
func TestMain(m *testing.M) {
	termtest.ManyAtOnce()
	os.Exit(m.Run())
}
