package overlay

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/ui"
)

// auditText is the audit of a pane of mode with thoughts, at 80 columns.
func auditText(mode view.Mode, backends [2]string, thoughts []event.Event, unfold bool, st *ui.Styles) []string {
	return AuditLines(tuitest.Scenario(), mode, backends, "", thoughts, unfold, st)(80)
}

func TestAuditShowsReasoningDimmedAndFolded(t *testing.T) {
	st := ui.NewStyles(true)
	long := "First thought.\nSecond.\nThird.\nFourth.\nFifth: my lowest is 520."
	p := pane.New(view.Agents, 20, &st)
	p.Apply(event.Event{Kind: event.Reasoning, Turn: 3, Seat: 0, Speaker: "Alice", Thought: long})
	text := func(unfold bool) string {
		return ansi.Strip(strings.Join(auditText(view.Agents, [2]string{"m", "m"}, p.Thoughts(), unfold, &st), "\n"))
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
	for _, l := range auditText(view.Agents, [2]string{"m", "m"}, p.Thoughts(), false, &st) {
		if strings.Contains(l, "Third.") && !strings.Contains(l, st.Dim.Render("Third.")) {
			t.Errorf("reasoning is not dimmed: %q", l)
		}
	}
	if shown := ansi.Strip(strings.Join(p.Render(80, 20), "\n")); p.Turns() != 0 || strings.Contains(shown, "First thought") {
		t.Errorf("reasoning reached the transcript:\n%s", shown)
	}
}

// In a HUMANS pane the audit shows what each person saw, their own side
// only: neither the partner's private side nor the environment.
func TestAuditOfHumansShowsEachPersonsOwnSide(t *testing.T) {
	st := ui.NewStyles(true)
	sc := tuitest.Scenario()
	text := ansi.Strip(strings.Join(auditText(view.Humans, [2]string{"humans", "humans"}, nil, false, &st), "\n"))
	alice, bob := strings.Index(text, "Alice (seller, seat 0"), strings.Index(text, "Bob (buyer, seat 1")
	if alice < 0 || bob < alice {
		t.Fatalf("no section per person:\n%s", text)
	}
	if s := text[alice:bob]; !strings.Contains(s, sc.Seats[0].Facts[0].Text) || strings.Contains(s, sc.Seats[1].Facts[0].Text) {
		t.Errorf("seat 0's section should hold its own fact and not its partner's:\n%s", s)
	}
	if s := text[bob:]; !strings.Contains(s, sc.Seats[1].Facts[0].Text) || strings.Contains(s, sc.Seats[0].Facts[0].Text) {
		t.Errorf("seat 1's section should hold its own fact and not its partner's:\n%s", s)
	}
	if strings.Contains(text, sc.EnvFacts[0].Text) {
		t.Errorf("a person is shown the environment's fact:\n%s", text)
	}
}
