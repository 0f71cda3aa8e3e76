package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// promptFactory is a model factory whose runs' headers name the writer's
// instruction, as engine/llm's do.
type promptFactory struct {
	factoryFunc
	prompt string
}

func (f promptFactory) Settings(*scenario.Scenario, view.Mode) map[string]string {
	return map[string]string{"model.writer": "m", record.SettingWriterPrompt: f.prompt}
}

// The prompt audit (p) of a SCRIPT pane names the instruction its model
// writer was given.
func TestAuditNamesTheWritersInstruction(t *testing.T) {
	m := liveSession(t, Options{
		Scenario: tuitest.Scenario(), Modes: []view.Mode{view.Script}, Seed: 1,
		Factory: promptFactory{factoryFunc(func(view.Mode) run.Backend {
			return scriptedBackend{name: "openai:m", lines: []string{"Hello there.", "Hi."}}
		}), "careful"},
	})
	m.Update(resize(100, 30))
	m.Update(press("p"))
	text := ansi.Strip(strings.Join(m.stack.Body().Component.Render(100, 400), "\n"))
	if !strings.Contains(text, "The writer (openai:m; instruction: careful, see --writer-prompt)") {
		t.Errorf("the audit does not name the writer's instruction:\n%s", text)
	}
}
