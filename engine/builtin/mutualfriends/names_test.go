package mutualfriends

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/event"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

// A person who asks the built-in partner about someone by name is
// answered about that person, from the partner's own list: "no" for a
// stranger, naming them; the friend itself when it is on the list. Ben
// Adler of alumni-mixer knows Gwen Ito and not Caleb Ross.
func TestPartnerAnswersAboutAName(t *testing.T) {
	sc, err := library.Resolve("mutualfriends/alumni-mixer", 1)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		question string
		want     string // in the reply
		selects  string // the friend selected, "" for none
	}{
		{"Do you know Caleb Ross?", "Caleb Ross", ""},
		{"Is Dmitri Volkov on your list?", "Dmitri Volkov", ""},
		{"what about Esther Park?", "Esther Park", ""},
		{"Do you know Gwen Ito?", "Gwen Ito", "Gwen Ito"},
	}
	for _, c := range cases {
		for seed := int64(1); seed <= 8; seed++ {
			backends, err := builtin.Factory{}.Backends(sc, view.Agents, seed)
			if err != nil {
				t.Fatal(err)
			}
			history := []event.Turn{{Number: 1, Seat: 0, Speaker: sc.Seats[0].Character.Name, Action: event.Action{Type: event.Speak, Text: c.question}}}
			res, err := backends[1].Turn(t.Context(), run.Request{Seat: 1, Turn: 2, History: history})
			if err != nil {
				t.Fatal(err)
			}
			a := res.Action
			if !strings.Contains(a.Text, c.want) {
				t.Errorf("seed %d: %q is answered %q, not about %s", seed, c.question, a.Text, c.want)
			}
			if picked := mf.PickOf(a); picked != c.selects {
				t.Errorf("seed %d: %q: selected %q, want %q", seed, c.question, picked, c.selects)
			}
		}
	}
}

// A partner that has asked about one of its friends by name takes a bare
// "no" as that friend ruled out, and never selects them.
func TestPartnerRulesOutANameDenied(t *testing.T) {
	f := testFriends()
	history := []event.Turn{
		{Number: 1, Seat: 1, Action: event.Action{Type: event.Speak, Text: "Do you happen to know Owen Blake?"}},
		{Number: 2, Seat: 0, Action: event.Action{Type: event.Speak, Text: "No, sorry."}},
	}
	st := f.read(history, 1)
	if !st.deniedName[3] || !st.nameAsked[3] {
		t.Fatalf("Owen Blake denied %v, asked %v", st.deniedName, st.nameAsked)
	}
	possible, _ := f.candidates(st)
	for _, i := range possible {
		if f.mine[i].Name == "Owen Blake" {
			t.Errorf("Owen Blake is still a candidate after a no")
		}
	}
}
