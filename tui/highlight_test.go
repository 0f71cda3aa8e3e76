package tui

import (
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
	"github.com/omnigap/omnigap/tui/ui"
)

func TestHighlightStylesByKindAndCounters(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, 160, 40)
	tm := startTeatest(t, m, 160, 40)
	run := m.panes[0].RunID()
	text := "I need $400 at least, Bob can pay $450, and the frame is cracked, Jacob."
	//       0         1         2         3         4         5         6         7
	anns := []event.Annotation{
		{Kind: event.Disclosure, FactID: "seller-floor", Start: 7, End: 11},
		{Kind: event.Leak, FactID: "buyer-cap", Start: 22, End: 38},
		{Kind: event.MindRead, FactID: "frame-crack", Start: 48, End: 64},
		{Kind: event.FirstMention, FactID: "friend", Start: 66, End: 71},
	}
	tm.Send(runBatch(run, tuitest.Turn(run, 1, text, anns...)))
	waitScreen(t, tm, "leak 1", "disclosure 1", "mind-read 1", "first mention 1")
	screen := screen(t, tm)
	for i, want := range []string{"$400", "Bob can pay $450", "frame is cracked", "Jacob"} {
		info, _ := event.InfoOf(anns[i].Kind)
		styled := m.styles.Highlight[anns[i].Kind].Render(info.Marker + want)
		if !strings.Contains(screen, styled) {
			t.Errorf("%s span %q is not drawn in its style %q", anns[i].Kind, want, styled)
		}
	}
	// The counters are per pane: the other pane saw nothing.
	if s := ansi.Strip(screen); !strings.Contains(s, "guess 0  disclosure 0") {
		t.Error("the AGENTS pane should still count zero")
	}
	// Every kind (and a denial) looks different from the others and from
	// plain text, in the app's styles and the presenter's.
	for _, st := range []ui.Styles{m.styles, ui.Presenter(m.styles)} {
		seen := map[string]bool{"x": true}
		for _, k := range event.Kinds {
			sgr := st.Highlight[k.Kind].Render("x")
			if seen[sgr] {
				t.Errorf("%s has no style of its own: %q", k.Kind, sgr)
			}
			seen[sgr] = true
		}
		if seen[st.Denied.Render("x")] {
			t.Error("a denial should look different from every kind")
		}
	}
	finalModel(t, tm)
}

// sgrColour matches SGR sequences that set a colour.
var sgrColour = regexp.MustCompile(`\x1b\[[0-9;:]*?(3[0-9]|4[0-9]|9[0-7]|10[0-7])(;[0-9:;]*)?m`)

func TestNoColorKeepsHighlightsDistinctWithoutColour(t *testing.T) {
	m := syntheticModel(t, []view.Mode{view.Script}, 100, 30)
	// TTY_FORCE: the test's output is a buffer, which would otherwise get
	// no styling at all.
	tm := startTeatest(t, m, 100, 30, tea.WithEnvironment([]string{"NO_COLOR=1", "TTY_FORCE=1", "TERM=xterm-256color"}))
	run := m.panes[0].RunID()
	anns := []event.Annotation{{Kind: event.Leak, Start: 0, End: 4}, {Kind: event.MindRead, Start: 5, End: 9}}
	tm.Send(runBatch(run, tuitest.Turn(run, 1, "leak mind plain", anns...)))
	tm.Send(press("q"))
	tm.WaitFinished(t)
	out := readAll(t, tm)
	if loc := sgrColour.FindString(out); loc != "" {
		t.Errorf("NO_COLOR output sets a colour: %q", loc)
	}
	for _, attr := range []string{"\x1b[1;4m", "\x1b[3m"} { // leak: bold underline; mind-read: italic
		if !strings.Contains(out, attr) {
			t.Errorf("NO_COLOR output lacks the attribute %q:\n%q", attr, out)
		}
	}
}
