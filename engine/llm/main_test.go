package llm

import (
	"os"
	"testing"

	"github.com/omnigap/omnigap/internal/testmain"
)

func TestMain(m *testing.M) { os.Exit(testmain.CollectingLess(m)) }
