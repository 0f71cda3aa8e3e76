package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/tuitest"
)

// settingsFactory is a factory that reports sampling parameters, as a
// model endpoint's does.
type settingsFactory struct{ factoryFunc }

func (settingsFactory) Settings(view.Mode) map[string]string {
	return map[string]string{"endpoint": "http://127.0.0.1:1/v1", "temperature": "0.3"}
}

// The card in the app (c) states the endpoint and sampling parameters of
// the runs on screen, as omnigap card does from their recordings.
func TestCardInTheAppStatesTheSettings(t *testing.T) {
	lines := []string{"Hello there.", "Hi."}
	m := liveSession(t, Options{
		Scenario: tuitest.Scenario(), Modes: []view.Mode{view.Agents}, Seed: 1,
		Factory: settingsFactory{func(view.Mode) run.Backend { return scriptedBackend{name: "openai:m", lines: lines} }},
	})
	m.Update(resize(80, 24))
	m.Update(press("c"))
	text := ansi.Strip(strings.Join(m.stack.Body().Component.Render(80, 400), "\n"))
	if !strings.Contains(text, "Endpoint and sampling") || !strings.Contains(text, "| temperature | 0.3 |") {
		t.Errorf("the card does not state the run's settings:\n%s", text)
	}
}
