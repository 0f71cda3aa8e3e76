package llm

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// A SCRIPT writer whose turns are longer than the runner keeps (they are
// cut and marked) still reads the dialogue as its own: one script, one
// call, not a new script for every turn.
func TestTheWriterKnowsItsOwnLongTurns(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	line := regexp.MustCompile(`(?m)^(\d+\. [^:\n]+: )(.*)$`)
	srv.Respond = func(r *llmtest.Request) string {
		return line.ReplaceAllString(llmtest.Default(r), "${1}${2}"+strings.Repeat(" and so on", 300))
	}
	p := play(t, context.Background(), testFactory(testConfig(srv)), resolve(t, "craigslist/road-bike"), view.Script)
	acts := p.actions()
	if len(acts) == 0 || !strings.Contains(acts[0].Text, "[cut: ") {
		t.Fatalf("%d turns, the first not cut: %+v", len(acts), acts)
	}
	if srv.Count() != 1 {
		t.Errorf("%d calls for one script of %d long turns", srv.Count(), len(acts))
	}
}
