package tui

import (
	"image/color"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// settingsFactory is a factory that reports sampling parameters, as a
// model endpoint's does.
type settingsFactory struct{ factoryFunc }

func (settingsFactory) Settings(*scenario.Scenario, view.Mode) map[string]string {
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
	if !strings.Contains(text, "Endpoint and sampling") || !regexp.MustCompile(`temperature\s*│\s*0\.3`).MatchString(text) {
		t.Errorf("the card does not state the run's settings:\n%s", text)
	}
}

// The card in the app is drawn from its Markdown, in colour and without:
// headings, emphasis and tables rendered, nothing of the Markdown's own
// marks left, every line as wide as the screen.
func TestCardInTheAppIsRenderedMarkdown(t *testing.T) {
	for _, colourless := range []bool{false, true} {
		m := goldenModel(t, builtinEvents(t), 100, 40)
		m.Update(tea.ColorProfileMsg{Profile: map[bool]colorprofile.Profile{false: colorprofile.TrueColor, true: colorprofile.ASCII}[colourless]})
		m.Update(press("c"))
		lines := m.stack.Body().Component.Render(100, 400)
		text := ansi.Strip(strings.Join(lines, "\n"))
		for _, want := range []string{"Who knew what", "Ending rule", "SCRIPT writer"} {
			if !strings.Contains(text, want) {
				t.Errorf("colourless %v: the card lacks %q:\n%s", colourless, want, text)
			}
		}
		for _, raw := range []string{"|---|", "## ", "**", "| mode |"} {
			if strings.Contains(text, raw) {
				t.Errorf("colourless %v: the card shows Markdown's %q:\n%s", colourless, raw, text)
			}
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w != 100 {
				t.Fatalf("colourless %v: line %d is %d cells wide: %q", colourless, i, w, ansi.Strip(l))
			}
		}
	}
}

// The card at 80 columns, as a terminal holds its cells (colours and
// attributes), on a dark and a light background and without colour: the
// way the card looks is kept whatever draws its Markdown.
func TestCardGolden(t *testing.T) {
	for _, look := range []struct {
		name    string
		dark    bool
		profile colorprofile.Profile
	}{{"dark", true, colorprofile.TrueColor}, {"light", false, colorprofile.TrueColor}, {"nocolor", true, colorprofile.ASCII}} {
		t.Run(look.name, func(t *testing.T) {
			m := goldenModel(t, builtinEvents(t), 80, 24)
			m.Update(tea.BackgroundColorMsg{Color: map[bool]color.Color{true: color.Black, false: color.White}[look.dark]})
			m.Update(tea.ColorProfileMsg{Profile: look.profile})
			m.Update(press("c"))
			lines := m.stack.Body().Component.Render(80, 400)
			golden.RequireEqual(t, cells(strings.Join(lines, "\n"), 80, len(lines), look.profile)+"\n")
		})
	}
}
