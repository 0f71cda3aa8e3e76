package tui

import (
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/ui"
)

func TestLayoutWideShowsAllPanesSideBySide(t *testing.T) {
	m := syntheticModel(t, view.Modes, 200, 50)
	tm := startTeatest(t, m, 200, 50)
	tm.Send(batchFor(m, 30))
	waitScreen(t, tm, "SCRIPT", "AGENTS", "MINDREADERS", "turn 30/20")
	m = finalModel(t, tm)
	lines := checkScreen(t, m.render(), 200, 50)
	header := ansi.Strip(lines[2])
	for _, label := range []string{"SCRIPT", "AGENTS", "MINDREADERS"} {
		if !strings.Contains(header, label) {
			t.Errorf("pane header line lacks %s: %q", label, header)
		}
	}
	// There is room to say in a line what each mode is, as the demo does.
	for _, caption := range []string{"one writer knows both sides", "each side knows only its own", "each side is told the other's"} {
		if !strings.Contains(ansi.Strip(lines[3]), caption) {
			t.Errorf("the panes lack the caption %q: %q", caption, ansi.Strip(lines[3]))
		}
	}
	counters := ansi.Strip(lines[4])
	if got := strings.Count(counters, "turn 30/20"); got != 3 {
		t.Errorf("want 3 turn counters, got %d in %q", got, counters)
	}
	// Each pane counts the kind its mode's maker makes: SCRIPT leaks,
	// AGENTS guesses, MINDREADERS mind-reads.
	if !strings.Contains(counters, "leak 0  disclosure 0  first mention 0") || !strings.Contains(counters, "guess 0  disclosure 0  first mention 0") ||
		!strings.Contains(counters, "mind-read 0  disclosure 0  first mention 0") {
		t.Errorf("wide panes should name the counters in full: %q", counters)
	}
	footer := ansi.Strip(strings.Join(lines[48:], "\n"))
	for _, want := range []string{"!leak", "+disclosure", "~mind-read", "?guess", "*first mention", "space pause", "quit"} {
		if !strings.Contains(footer, want) {
			t.Errorf("footer lacks %q:\n%s", want, footer)
		}
	}
	// Following the newest turn: the last turn's end is on screen.
	if !strings.Contains(ansi.Strip(strings.Join(lines, "\n")), "30 Bob") {
		t.Error("the newest turn is not in view")
	}
}

func TestLayoutNarrowUsesTabs(t *testing.T) {
	m := syntheticModel(t, view.Modes, 80, 24)
	tm := startTeatest(t, m, 80, 24)
	tm.Send(batchFor(m, 12))
	waitScreen(t, tm, "turn 12/20")
	tm.Send(press("tab"))
	waitScreen(t, tm, "▶AGENTS running ")
	m = finalModel(t, tm)
	lines := checkScreen(t, m.render(), 80, 24)
	tabs := ansi.Strip(lines[1])
	for _, label := range []string{"SCRIPT", "AGENTS", "MINDREADERS"} {
		if !strings.Contains(tabs, label) {
			t.Errorf("tab bar lacks %s: %q", label, tabs)
		}
	}
	// Two panes fit: SCRIPT and the focused AGENTS stand side by side,
	// MINDREADERS waits in the tab bar until the focus reaches it.
	if head := ansi.Strip(lines[2]); !strings.HasPrefix(head, " SCRIPT ") || !strings.Contains(head, "│▶AGENTS ") || strings.Contains(head, "MINDREADERS") {
		t.Errorf("SCRIPT and AGENTS should stand side by side, header %q", head)
	}
	if c := ansi.Strip(lines[3]); !strings.Contains(c, "turn 12/20  leak 0  disc 0  1st 0") || !strings.Contains(c, "turn 12/20  guess 0  disc 0  1st 0") {
		t.Errorf("counters at 80 columns: %q", ansi.Strip(lines[3]))
	}
	m.Update(press("tab"))
	lines = checkScreen(t, m.render(), 80, 24)
	if head := ansi.Strip(lines[2]); !strings.HasPrefix(head, " AGENTS ") || !strings.Contains(head, "│▶MINDREADERS ") {
		t.Errorf("focusing MINDREADERS should bring it beside AGENTS, header %q", head)
	}
	m.Update(press("tab"))
	if head := ansi.Strip(checkScreen(t, m.render(), 80, 24)[2]); !strings.HasPrefix(head, "▶SCRIPT ") {
		t.Errorf("focusing SCRIPT again should show it first, header %q", head)
	}
}

func TestLayoutTwoPanesFitSideBySideAt80(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, 80, 24)
	feedTurns(m, 5)
	lines := checkScreen(t, m.render(), 80, 24)
	if m.tabbed() {
		t.Fatal("two panes should fit side by side at 80 columns")
	}
	if h := ansi.Strip(lines[1]); !strings.Contains(h, "SCRIPT") || !strings.Contains(h, "AGENTS") {
		t.Errorf("both headers should show: %q", h)
	}
	if c := ansi.Strip(lines[2]); !strings.Contains(c, "leak 0  disc 0  1st 0") || !strings.Contains(c, "guess 0  disc 0  1st 0") {
		t.Errorf("40-column panes abbreviate the counters: %q", c)
	}
}

func TestLayoutSurvivesResizeAndTinyScreens(t *testing.T) {
	m := syntheticModel(t, view.Modes, 120, 40)
	feedTurns(m, 40)
	for _, size := range [][2]int{{200, 50}, {80, 24}, {111, 33}, {40, 12}, {20, 5}, {240, 60}} {
		m.Update(resize(size[0], size[1]))
		checkScreen(t, m.render(), size[0], size[1])
	}
}

func TestLightBackgroundSwitchesPalette(t *testing.T) {
	m := syntheticModel(t, view.Modes, 200, 50)
	feedTurns(m, 3)
	dark := m.render()
	m.Update(tea.BackgroundColorMsg{Color: color.White})
	light := m.render()
	if dark == light {
		t.Fatal("a light background should change the colours")
	}
	if want := ui.NewStyles(false).Seat[0].Render("Alice"); !strings.Contains(light, want) {
		t.Errorf("after a light background the names should use the light palette")
	}
	if strings.Contains(light, ui.NewStyles(true).Seat[0].Render("Alice")) {
		t.Error("the dark palette's cached lines survived the switch")
	}
}

// A pane's header names its backend whole, or leaves it out when the pane
// is too narrow, never cut mid-name.
func TestPaneHeaderNamesTheBackendWholeOrNotAtAll(t *testing.T) {
	const backend = "replay:builtin-writer"
	for _, c := range []struct {
		width int
		shown bool
	}{{200, true}, {74, false}} {
		// two panes side by side: 36 cells each at 74 columns
		m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, c.width, 24)
		for _, p := range m.panes {
			p.Show(p.RunID(), [2]string{backend, backend})
		}
		m.Update(resize(c.width, 24))
		p := m.panes[0]
		first := ansi.Strip(p.HeaderLines()[0])
		if !strings.Contains(first, "SCRIPT") || strings.Contains(first, "…") {
			t.Errorf("%d columns: header %q", c.width, first)
		}
		if got := strings.Contains(first, backend); got != c.shown {
			t.Errorf("%d columns (pane %d wide): backend shown %v, want %v: %q", c.width, p.Width(), got, c.shown, first)
		}
	}
}

// The title bar shortens the scenario's setting at a word, never inside
// one.
func TestTitleBarCutsTheSettingAtAWord(t *testing.T) {
	if got := ui.CutAtWord("one two three", 9); got != "one two…" {
		t.Errorf("cutAtWord: %q", got)
	}
	m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, 80, 24)
	first := ansi.Strip(strings.Split(m.render(), "\n")[0])
	setting := m.scenario.Setting
	i := strings.Index(first, "  ")
	j := strings.Index(first, "…")
	if i < 0 || j < 0 {
		t.Fatalf("title bar %q: want the title, then the setting cut short", first)
	}
	shown := strings.TrimSpace(first[i:j])
	if !strings.HasPrefix(setting, shown) || setting[len(shown)] != ' ' {
		t.Errorf("title bar %q cuts the setting %q inside a word", first, setting)
	}
}

// At 80x24 there is no room for the captions: the panes' headers stay as
// they are, and a screen made taller gets them.
func TestCaptionsOnlyWhereThereIsRoom(t *testing.T) {
	m := syntheticModel(t, view.Modes, 80, 24)
	if screen := ansi.Strip(m.render()); strings.Contains(screen, "one writer knows both sides") || strings.Contains(screen, "one writer, both sides") {
		t.Errorf("a caption at 80x24:\n%s", screen)
	}
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	if screen := ansi.Strip(m.render()); !strings.Contains(screen, "one writer knows both sides") {
		t.Errorf("no caption at 120x40:\n%s", screen)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if screen := ansi.Strip(m.render()); strings.Contains(screen, "one writer") {
		t.Errorf("the caption stays at 80x24 again:\n%s", screen)
	}
}
