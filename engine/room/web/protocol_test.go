package web

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/engine/view"
)

// A program speaking the documented protocol joins, plays a Craigslist
// buyer's whole game with input messages (a refusal on the way), gets
// ended and the reveal, and its game is recorded in the folder, counted
// by report as the people's.
func TestAWholeGameThroughTheProtocol(t *testing.T) {
	d := startDoor(t, room0(), Config{})
	c := connect(t, d)
	if err := c.join("Ada <b>", ""); err != nil {
		t.Fatal(err)
	}
	if c.seat.Role != "buyer" || c.seat.Token == "" || len(c.seat.Facts) == 0 || c.seat.Goal == "" || c.seat.Version != Version {
		t.Fatalf("seat %+v: want the buyer's side with a token", c.seat)
	}
	if !strings.HasPrefix(c.seat.Player, "p-") || strings.Contains(c.seat.Welcome, "Ada") {
		t.Errorf("recorded name %q, welcome %q: a salted hash, never the name typed", c.seat.Player, c.seat.Welcome)
	}
	// The seller's price is not the buyer's to see before the reveal.
	var ends bool
	for _, m := range c.seat.Moves {
		ends = ends || strings.HasPrefix(m.Usage, "/offer") && m.Ends != ""
	}
	if !ends {
		t.Errorf("moves %+v: /offer should say that it ends the game", c.seat.Moves)
	}
	if _, err := c.until("your_turn", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := c.send(inbound{Type: "input", Text: "/frobnicate"}); err != nil {
		t.Fatal(err)
	}
	raw, err := c.until("refused", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var ref refusedMsg
	json.Unmarshal(raw, &ref)
	if !strings.Contains(ref.Reason, "unknown command") {
		t.Errorf("refused %+v", ref)
	}
	for i, move := range buyerMoves {
		if i == 0 {
			err = c.send(inbound{Type: "input", Text: move}) // the turn that the refusal left waiting
		} else {
			err = c.say(move)
		}
		if err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
	}
	raw, err = c.until("ended", 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var end endedMsg
	json.Unmarshal(raw, &end)
	if end.Reason != "turn-limit" || end.Turns != 10 {
		t.Errorf("ended %+v: want the turn limit after 10 turns", end)
	}
	raw, err = c.until("reveal", 40*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var rev revealMsg
	json.Unmarshal(raw, &rev)
	if rev.Partner.Role != "seller" || !strings.Contains(rev.Partner.Told, "$") || rev.Script == nil || rev.Script.Turns == 0 {
		t.Errorf("reveal %s: want the seller's side and the SCRIPT run", raw)
	}
	if n := len(c.got["turn"]); n != 10 {
		t.Errorf("%d turns, want 10", n)
	}
	if len(c.got["delta"]) == 0 {
		t.Error("no delta: the seller's turns should stream")
	}
	d.shutdown(t)

	paths, err := record.Files(d.dir)
	if err != nil || len(paths) != 1 {
		t.Fatalf("recordings %v (%v): want the one game", paths, err)
	}
	rec, err := record.Read(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	if rec.Header.Player != c.seat.Player || rec.Header.Backends[1] != "human" || rec.Footer == nil {
		t.Errorf("header player %q backends %v footer %v", rec.Header.Player, rec.Header.Backends, rec.Footer)
	}
	var agg report.Aggregator
	agg.Add(report.FromRecording(rec))
	found := false
	for _, g := range agg.Report().Groups {
		found = found || g.Mode == view.People && g.Episodes == 1
	}
	if !found {
		t.Errorf("report does not count the game as the people's: %+v", agg.Report().Groups)
	}
}

// A socket that drops mid-game leaves its game waiting: a resume with the
// game's token gets the side and the turns so far again and plays on to
// the end.
func TestAResumeGoesOnWhereTheGameWas(t *testing.T) {
	d := startDoor(t, room0(), Config{})
	c := connect(t, d)
	if err := c.join("Bo", ""); err != nil {
		t.Fatal(err)
	}
	token := c.seat.Token
	for _, move := range buyerMoves[:2] {
		if err := c.say(move); err != nil {
			t.Fatal(err)
		}
	}
	c.c.CloseNow() // a phone that slept
	time.Sleep(200 * time.Millisecond)

	c2 := connect(t, d)
	if err := c2.send(inbound{Type: "resume", Version: Version, Token: token}); err != nil {
		t.Fatal(err)
	}
	if _, err := c2.until("seat", 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if c2.seat.Token != token {
		t.Errorf("resumed seat's token %q, want %q", c2.seat.Token, token)
	}
	for _, move := range buyerMoves[2:] {
		if err := c2.say(move); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c2.until("reveal", 60*time.Second); err != nil {
		t.Fatal(err)
	}
	var firsts []int
	for _, raw := range c2.got["turn"] {
		var m turnMsg
		json.Unmarshal(raw, &m)
		firsts = append(firsts, m.Turn)
	}
	if len(firsts) != 10 || firsts[0] != 1 || firsts[9] != 10 {
		t.Errorf("the resumed socket got turns %v, want 1 to 10 (those before the drop said again)", firsts)
	}
	// The game is over: its token resumes nothing, whether the game is
	// still being put away ("has ended") or gone ("no game under way").
	c3 := connect(t, d)
	c3.send(inbound{Type: "resume", Version: Version, Token: token})
	raw, err := c3.until("error", 10*time.Second)
	if err != nil || !strings.Contains(string(raw), "No game under way") && !strings.Contains(string(raw), "This game has ended") {
		t.Errorf("resuming an ended game: %s %v", raw, err)
	}
}

// A player who types is not ended at --idle; one whose socket dropped is
// ended --idle after the drop, and the seat frees.
func TestIdleCountsTheWebPlayersInput(t *testing.T) {
	const idle = 600 * time.Millisecond
	d := startDoorOf(t, 100, room.Limits{Idle: idle}, Config{})
	c := connect(t, d)
	if err := c.join("Fay", ""); err != nil {
		t.Fatal(err)
	}
	for range 8 {
		time.Sleep(idle / 3)
		if err := c.send(inbound{Type: "input", Text: "/help"}); err != nil {
			t.Fatal(err)
		}
	}
	if d.room.Seated() != 1 {
		t.Fatalf("a player typing every %v was ended at an idle limit of %v", idle/3, idle)
	}
	c.c.CloseNow()
	start := time.Now()
	for d.room.Seated() > 0 && time.Since(start) < 10*time.Second {
		time.Sleep(20 * time.Millisecond)
	}
	if took := time.Since(start); d.room.Seated() != 0 || took < idle/2 {
		t.Errorf("the seat of a dropped socket freed after %v (seated %d), want about %v", took, d.room.Seated(), idle)
	}
}
