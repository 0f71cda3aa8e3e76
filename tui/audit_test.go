package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// At 80x24 the audit's header says z unfolds the reasoning, which lies
// below the Views out of sight; z elsewhere, or on a pane without
// reasoning, says why nothing unfolds.
func TestAuditReasoningKeyAt80x24(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, 80, 24)
	m.Update(press("z"))
	if !strings.Contains(ansi.Strip(m.render()), "p opens it") {
		t.Errorf("z outside the audit says nothing:\n%s", ansi.Strip(m.render()))
	}
	m.Update(press("p"))
	m.Update(press("z"))
	if s := ansi.Strip(m.render()); !strings.Contains(s, "no reasoning in this pane") || strings.Contains(s, "z unfolds") {
		t.Errorf("z on a pane without reasoning:\n%s", s)
	}
	m.Update(press("esc"))
	m.Update(runBatch("run-script", []event.Event{{Kind: event.Reasoning, RunID: "run-script", Turn: 1, Speaker: "writer", Thought: "one\ntwo\nthree\nfour\nfive"}}))
	m.Update(press("p"))
	lines := checkScreen(t, m.render(), 80, 24)
	if head := ansi.Strip(lines[1]); !strings.Contains(head, "Prompt audit · SCRIPT") || !strings.Contains(head, "z unfolds reasoning") {
		t.Errorf("the audit's header does not offer z: %q", head)
	}
	m.Update(press("z"))
	lines = checkScreen(t, m.render(), 80, 24)
	if head := ansi.Strip(lines[1]); !strings.Contains(head, "z folds reasoning") {
		t.Errorf("the unfolded audit's header does not offer to fold: %q", head)
	}
}
