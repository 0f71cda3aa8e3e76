package cocoa

import (
	"testing"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/scenario"
)

func mustYAML(t *testing.T, sc *scenario.Scenario) []byte {
	t.Helper()
	data, err := interop.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
