package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

func TestAuditShowsReasoningDimmedAndFolded(t *testing.T) {
	st := newStyles(true)
	long := "First thought.\nSecond.\nThird.\nFourth.\nFifth: my lowest is 520."
	p := newPane(view.Agents, 20, &st)
	p.apply(event.Event{Kind: event.Reasoning, Turn: 3, Seat: 0, Speaker: "Alice", Thought: long})
	text := func(unfold bool) string {
		d := auditDoc(testScenario(), view.Agents, [2]string{"m", "m"}, p.thoughts, unfold, &st)
		return ansi.Strip(strings.Join(d.Render(80, 200, &st), "\n"))
	}
	folded := text(false)
	if !strings.Contains(folded, "turn 3, Alice:") || !strings.Contains(folded, "Third.") || !strings.Contains(folded, "… 2 more lines") {
		t.Fatalf("folded audit:\n%s", folded)
	}
	if strings.Contains(folded, "my lowest is 520") {
		t.Error("the folded audit shows the whole thought")
	}
	if !strings.Contains(text(true), "Fifth: my lowest is 520.") {
		t.Error("unfolding does not show the whole thought")
	}
	d := auditDoc(testScenario(), view.Agents, [2]string{"m", "m"}, p.thoughts, false, &st)
	for _, l := range d.Render(80, 200, &st) {
		if strings.Contains(l, "Third.") && !strings.Contains(l, st.dim.Render("Third.")) {
			t.Errorf("reasoning is not dimmed: %q", l)
		}
	}
	if len(p.entries) != 0 {
		t.Error("reasoning became a transcript entry")
	}
}
