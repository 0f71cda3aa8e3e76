package plain

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	_ "github.com/omnigap/omnigap/engine/builtin/all"
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/view"
)

// Every mode's run is printed in turn: who plays, one line a turn with
// the speaker and role, the annotations under it, and how it ended.
func TestPlayPrintsEachModesRunAsLines(t *testing.T) {
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	modes := []view.Mode{view.Script, view.Agents}
	err = Play(context.Background(), &out, sc, modes, func(mode view.Mode) episode.Spec {
		return episode.Spec{Scenario: sc, Mode: mode, Seed: 1, Factory: builtin.Factory{}, Annotate: leak.Annotate}
	})
	if err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.HasPrefix(text, sc.Title+"\n") {
		t.Fatalf("no title first:\n%s", text)
	}
	for _, mode := range modes {
		tag := "[" + mode.Label() + "] "
		for _, want := range []string{tag + "builtin", " plays seat 0, ", tag + "ended after "} {
			if !strings.Contains(text, want) {
				t.Fatalf("no %q in:\n%s", want, text)
			}
		}
		if !strings.Contains(text, tag+sc.Seats[0].Character.Name+" ("+sc.Seats[0].Role+"): ") {
			t.Fatalf("no turn of seat 0 in %s:\n%s", mode, text)
		}
	}
	if !strings.Contains(text, "   ^ ") {
		t.Fatalf("no annotation line:\n%s", text)
	}
}

// A model check's annotation says its turn; an annotation pointing out of
// its turn's text quotes nothing rather than failing; model text loses
// its control characters and line breaks.
func TestQualifierAndSpan(t *testing.T) {
	if got := qualifier(event.Annotation{Source: event.ByModel}, 4); got != " (model check "+event.ModelMarker+", turn 4)" {
		t.Fatalf("model check: %q", got)
	}
	if span("héllo", 1, 3) != "él" || span("hi", 1, 5) != "" || span("hi", 2, 1) != "" {
		t.Fatal("span out of range")
	}
	if got := describe(event.Action{Text: "hi\x1b[2J\nthere"}); strings.ContainsAny(got, "\x1b\n") || !strings.HasPrefix(got, "hi") {
		t.Fatalf("control characters kept: %q", got)
	}
}
