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

// In a HUMANS pane the audit shows what each person saw, their own side
// only: neither the partner's private side nor the environment.
func TestAuditOfHumansShowsEachPersonsOwnSide(t *testing.T) {
	st := newStyles(true)
	sc := testScenario()
	d := auditDoc(sc, view.Humans, [2]string{"humans", "humans"}, nil, false, &st)
	text := ansi.Strip(strings.Join(d.Render(80, 200, &st), "\n"))
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
