package serve

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// dondScenario is a small Deal-or-No-Deal scenario file (the shipped ones
// come with cocoa's transcripts).
const dondScenario = `id: dealornodeal/serve-test
title: Three books, a hat and two balls
family: dealornodeal
setting: Two people divide a few things between them.
relationship: strangers
seats:
  - {role: negotiator, character: {name: Ann, goal: Get as many points as you can.}}
  - {role: negotiator, character: {name: Bo, goal: Get as many points as you can.}}
dealornodeal:
  items: [{name: book, count: 3}, {name: hat, count: 1}, {name: ball, count: 2}]
  values: [{book: 1, hat: 5, ball: 1}, {book: 2, hat: 2, ball: 1}]
`

// TestEveryFamilyIsServed: a MutualFriends, a Deal-or-No-Deal and a
// free-form game are served like a Craigslist one: the welcome, a turn
// of the player's, and on hanging up a valid recording that ends
// disconnected and is counted in the room's PEOPLE column of its family.
func TestEveryFamilyIsServed(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	dond := filepath.Join(t.TempDir(), "dond.yaml")
	if err := os.WriteFile(dond, []byte(dondScenario), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{"mutualfriends/alumni-mixer", dond, "sotopia/broken-lamp"} {
		t.Run(filepath.Base(ref), func(t *testing.T) {
			game := testGame(t, ref, 0, filepath.Join(t.TempDir(), "rec"))
			srv := startServer(t, Config{Game: game})
			p := join(t, srv.Addr().String(), 100, 30)
			if err := p.waitFor("enter starts", 30*time.Second); err != nil {
				t.Fatal(err)
			}
			if err := p.press("\r"); err != nil {
				t.Fatal(err)
			}
			if err := p.say("Hello! Let us work this out together."); err != nil {
				t.Fatal(err)
			}
			p.close()
			waitGone(t, srv)
			srv.shutdown(t)
			_, recs := folderReport(t, game.RecordDir)
			if len(recs) != 1 {
				t.Fatalf("want one recording, got %d", len(recs))
			}
			rec := recs[0]
			if end := rec.Ending(); end == nil || rec.Footer == nil || rec.Torn {
				t.Fatalf("an unfinished recording: %s", rec.EndNote())
			}
			turns := 0
			for _, ev := range rec.Events {
				if ev.Kind == event.TurnCompleted && ev.Backend == "human" {
					turns++
				}
			}
			if turns == 0 {
				t.Error("the player's turn was not recorded")
			}
			g := groupOf(srv.room.Report(), view.People)
			if g.Episodes != 1 || g.Family != game.Scenario.Family {
				t.Errorf("the room counts %+v", g)
			}
		})
	}
}
