package serve

import (
	"strings"
	"testing"
	"time"
)

// TestConsoleShowsWhereTheLimitWentAway: a player who states the most
// they will pay in their first turn (turn 2) shows in the console's limit
// row, in the PEOPLE column; SCRIPT and AGENTS have no such row.
func TestConsoleShowsWhereTheLimitWentAway(t *testing.T) {
	srv := startServer(t, Config{})
	p := join(t, srv.Addr().String(), 100, 30)
	if err := p.waitFor("enter starts", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := p.press("\r"); err != nil {
		t.Fatal(err)
	}
	if err := p.say("Honestly, the most I will pay is 580 dollars."); err != nil {
		t.Fatal(err)
	}
	p.close()
	waitGone(t, srv)
	srv.shutdown(t)
	st := srv.room.Standing()
	if strings.Join(st.Heads, " ") != "PEOPLE SCRIPT AGENTS" {
		t.Fatalf("columns %v", st.Heads)
	}
	var found bool
	labels := map[string]bool{}
	for _, r := range st.Rows {
		labels[r.Label] = true
		if r.Label == "limit given away at" {
			found = true
			if want := []string{"turn 2 (1 of 1)", "-", "-"}; strings.Join(r.Cells, "|") != strings.Join(want, "|") {
				t.Errorf("limit row %v, want %v", r.Cells, want)
			}
		}
		if r.Label == "games played" && r.Cells[0] != "1" {
			t.Errorf("games played %v", r.Cells)
		}
	}
	if !found {
		t.Errorf("no limit row in %+v", st.Rows)
	}
	for _, want := range []string{"leaks per game", "guesses per game", "disclosures per game"} {
		if !labels[want] {
			t.Errorf("no %q row in %+v", want, st.Rows)
		}
	}
}
