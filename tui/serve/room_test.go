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
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
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

// TestConsoleCountsOnlyGamesWithATurn: a player who starts and leaves
// before their first turn is counted apart, as abandoned, not as a
// failed negotiation; a player reading the reveal is not under way; the
// console's counts say games in the singular for one.
func TestConsoleCountsOnlyGamesWithATurn(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	srv := startServer(t, Config{})
	addr := srv.Addr().String()
	left := join(t, addr, 100, 30)
	if err := left.waitFor("enter starts", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := left.press("\r"); err != nil {
		t.Fatal(err)
	}
	if err := left.waitFor("your turn", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	left.close()
	waitGone(t, srv)

	p := join(t, addr, 100, 30)
	if err := p.waitFor("enter starts", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := p.press("\r"); err != nil {
		t.Fatal(err)
	}
	for _, move := range buyerMoves {
		if err := p.say(move); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.waitFor("How it went", 60*time.Second); err != nil {
		t.Fatal(err)
	}
	// The game is over and its player reads the reveal.
	deadline := time.Now().Add(10 * time.Second)
	for srv.room.Playing() > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	st := srv.room.Standing()
	if got, want := st.Lines[0], "0 under way, 1 on the reveal · 2 games started"; got != want {
		t.Errorf("counts %q, want %q", got, want)
	}
	for _, r := range st.Rows {
		if r.Label == "games played" && r.Cells[0] != "1, 1 abandoned" {
			t.Errorf("games played %q, want %q", r.Cells[0], "1, 1 abandoned")
		}
		if r.Label == "deal rate" && strings.HasPrefix(r.Cells[0], "0.50") {
			t.Errorf("the abandoned game counts in the deal rate: %q", r.Cells[0])
		}
	}
	if !strings.Contains(strings.Join(st.Notes, "\n"), "abandoned: 1 game in which the player left before their first turn") {
		t.Errorf("notes %q", st.Notes)
	}
	p.close()
}
