package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/card"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
	"github.com/omnigap/omnigap/tui/scoreboard"
	"github.com/omnigap/omnigap/tui/ui"
)

// echo is an annotation kind made in this file only, as the recipe in
// docs/ARCHITECTURE.md adds one: its row in event.Kinds and its look in
// ui.Looks (the rule that makes it in engine/leak is stood in for by the
// annotations the test hands the screen).
const echo event.AnnotationKind = "echo"

var (
	echoRow  = event.KindInfo{Kind: echo, Word: "echo", Plural: "echoes", Short: "echo", Marker: "=", Meaning: "repeated what the partner said", Metric: "echoes", Row: "echoes per episode"}
	echoLook = ui.Look{Light: "#00838f", Dark: "#4dd0e1", Bold: true, Italic: true}
)

// addEcho adds the echo kind for the rest of the test. The tables are
// read when a screen is made, so it comes before the model.
func addEcho(t *testing.T) {
	saved := event.Kinds
	event.Kinds = append(slices.Clone(event.Kinds), echoRow)
	ui.Looks[echo] = echoLook
	t.Cleanup(func() {
		event.Kinds = saved
		delete(ui.Looks, echo)
	})
}

// TestANewKindIsOneRowAndOneLook: with only its row and its look, a new
// kind is highlighted in its own look (in colour and, for NO_COLOR, in
// attributes) and opened by its marker, counted in the pane's header, named in the legend,
// given a row on the presenter's scoreboard, counted by the episode's
// metrics and given a column in the card, and it does not take the
// place of the model check's or a denial's highlight.
func TestANewKindIsOneRowAndOneLook(t *testing.T) {
	addEcho(t)
	m := syntheticModel(t, []view.Mode{view.Script, view.Agents}, 160, 40)
	text := "So the frame has a hairline crack, you say."
	start := strings.Index(text, "hairline crack")
	repeat := event.Annotation{Kind: echo, FactID: "frame-crack", Start: start, End: start + len("hairline crack")}
	denied := event.Annotation{Kind: event.Guess, FactID: "buyer-cap", Start: 0, End: 2, Negated: true}
	for _, p := range m.panes {
		m.Update(runBatch(p.RunID(), tuitest.Turn(p.RunID(), 1, text, repeat, denied)))
	}

	screen := m.render()
	plain := ansi.Strip(screen)
	for _, want := range []string{"echo 1", "=echo", "=hairline crack"} {
		if !strings.Contains(plain, want) {
			t.Errorf("the screen lacks %q:\n%s", want, plain)
		}
	}
	if styled := m.styles.Highlight[echo].Render("=hairline crack"); !strings.Contains(screen, styled) {
		t.Errorf("the echo is not drawn in its look %q", styled)
	}
	if styled := m.styles.Denied.Render("So"); !strings.Contains(screen, styled) {
		t.Errorf("a denial after the new kind lost its look %q", styled)
	}
	if err := ui.CheckLooks(); err != nil {
		t.Error(err)
	}
	for _, st := range []ui.Styles{ui.NewStyles(true), ui.NewStyles(false)} {
		look := st.Highlight[echo].Render("x")
		if look == "x" {
			t.Error("the echo has no look")
		}
		for _, other := range append([]string{st.Model.Render("x"), st.Denied.Render("x")}, lookOfKinds(st, echo)...) {
			if other == look {
				t.Error("the echo looks like another highlight")
			}
		}
	}

	board := scoreboard.New(m.common(), m.scenario, "comparison 1 of 1", m.panes, nil)
	if rows := ansi.Strip(strings.Join(board.Render(160, 40), "\n")); !strings.Contains(rows, "echoes") {
		t.Errorf("the scoreboard has no row of echoes:\n%s", rows)
	}

	var marks []metrics.Mark
	for _, ev := range m.panes[0].Events() {
		if ev.Kind == event.Annotated {
			marks = append(marks, metrics.Mark{Turn: 0, Annotation: *ev.Annotation})
		}
	}
	if got := metrics.Compute(m.scenario, nil, marks, &event.Ending{})[echoRow.Metric]; got != 1 {
		t.Errorf("the episode's metrics count %v echoes, want 1", got)
	}

	var b strings.Builder
	if err := card.Write(&b, m.recordings()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), " echo |") {
		t.Errorf("the card has no column of echoes:\n%s", b.String())
	}
}

// lookOfKinds are the looks of every kind but k.
func lookOfKinds(st ui.Styles, k event.AnnotationKind) []string {
	var out []string
	for _, info := range event.Kinds {
		if info.Kind != k {
			out = append(out, st.Highlight[info.Kind].Render("x"))
		}
	}
	return out
}
