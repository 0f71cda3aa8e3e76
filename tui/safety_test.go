package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// hostile is model output that tries to write the clipboard (OSC 52), set
// the window title, clear the screen, and reverse the text direction.
const hostile = "copy\x1b]52;c;cm0gLXJmIH4=\x07this AA\x1b[2JBB \x1b]0;owned\x07title \u202eexe.gnp\u202c and C1\u009b31mred"

func TestHostileTextNeverReachesTheTerminalRaw(t *testing.T) {
	sc := tuitest.Scenario()
	sc.Title = "Bike\x1b]0;evil title\x07 sale"
	sc.Setting = "A street.\x1b[2J\u202e"
	sc.Seats[0].Character.Name = "Ali\x1b[5mce"
	sc.Seats[0].Character.Goal = "Sell\x1b]52;c;Zm9v\x07 high."
	m := liveSession(t, Options{
		Scenario: sc, Modes: []view.Mode{view.Script, view.Agents}, Seed: 1,
		Factory: factoryFunc(func(view.Mode) run.Backend {
			return scriptedBackend{name: "evil\x1b[2J", lines: []string{hostile}}
		}),
	})
	tm := startTeatest(t, m, 160, 45)
	waitScreen(t, tm, "turn 20/20", "ended")
	var early string
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		early = string(b)
		return strings.Contains(early, "AABB")
	}, teatest.WithDuration(5*time.Second))
	var screens []string
	screens = append(screens, screen(t, tm))
	tm.Send(press("i"))
	waitScreen(t, tm, "Who knows what")
	screens = append(screens, screen(t, tm))
	tm.Send(press("p"))
	waitScreen(t, tm, "Prompt audit")
	screens = append(screens, screen(t, tm))
	m = finalModel(t, tm)
	out := early + readAll(t, tm)

	for i, s := range screens {
		plain := ansi.Strip(s)
		for _, bad := range []string{"\x1b]", "\x1b[2J", "\x1b[5m", "\u202e", "\u202c", "\u009b", "\a"} {
			if strings.Contains(s, bad) {
				t.Errorf("screen %d contains %q", i, bad)
			}
		}
		if strings.ContainsFunc(plain, func(r rune) bool { return r < 0x20 && r != '\n' }) {
			t.Errorf("screen %d keeps a control character after its styles are stripped", i)
		}
	}
	if !strings.Contains(ansi.Strip(screens[0]), "AABB") || !strings.Contains(ansi.Strip(screens[0]), "Alice") {
		t.Errorf("the text around the removed sequences should remain:\n%s", ansi.Strip(screens[0]))
	}
	// The program's own output: no clipboard write, no foreign title, no
	// bidi override, no screen clear inside the text.
	for _, bad := range []string{"\x1b]52", "owned", "evil title", "\u202e", "AA\x1b[2J"} {
		if strings.Contains(out, bad) {
			t.Errorf("terminal output contains %q", bad)
		}
	}
	if !strings.Contains(out, "AABB") {
		t.Errorf("terminal output should show the cleaned text AABB: %q", out)
	}
	if m.panes[0].Completed() != 20 {
		t.Errorf("the run should have completed 20 turns, got %d", m.panes[0].Completed())
	}
}
