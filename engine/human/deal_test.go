package human_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family/dealornodeal"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

func dealView(t *testing.T, seat int) view.View {
	t.Helper()
	sc, err := scenario.Parse("d.yaml", []byte(`id: dealornodeal/t
title: t
family: dealornodeal
setting: Two people divide things.
relationship: strangers
seats:
  - {role: negotiator, character: {name: Ann, goal: Points.}}
  - {role: negotiator, character: {name: Bo, goal: Points.}}
dealornodeal:
  items: [{name: book, count: 3}, {name: hat, count: 1}, {name: ball, count: 2}]
  values: [{book: 1, hat: 5, ball: 1}, {book: 2, hat: 2, ball: 1}]
`))
	if err != nil {
		t.Fatal(err)
	}
	return view.For(sc, view.Agents, seat)
}

func TestDealMoves(t *testing.T) {
	v := dealView(t, 0)
	a, err := human.Parse("/propose book=2 hat=0 balls=1", v, nil)
	if err != nil || a.Type != event.Offer || !reflect.DeepEqual(a.Arg, dealornodeal.Split{"book": 2, "hat": 0, "ball": 1}) {
		t.Fatalf("%+v %v", a, err)
	}
	if a.Text != "I propose I take 2 books, no hat and 1 ball, and you get 1 book, the hat and 1 ball." {
		t.Errorf("text %q", a.Text)
	}
	for input, want := range map[string]string{
		"/propose book=4":         "there are 3 books, not 4",
		"/propose cup=1":          "there is no cup on the table",
		"/propose book=two":       `"book=two": write item=count, e.g. /propose book=1 hat=0 ball=1`,
		"/propose book=1 books=2": "book is named twice",
		"/select":                 "/select needs what you take, e.g. /select book=1 hat=0 ball=1",
		"/accept":                 "there is no proposal from Bo to accept",
		"/offer 20":               "offers are for Craigslist negotiations",
	} {
		if _, err := human.Parse(input, v, nil); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", input, err, want)
		}
	}
	history := []event.Turn{{Seat: 1, Action: event.Action{Type: event.Offer, Arg: dealornodeal.Split{"book": 3, "hat": 0, "ball": 0}}}}
	if a, err := human.Parse("/accept", v, history); err != nil || a.Type != event.Accept || a.Text != "Agreed: I take no books, the hat and 2 balls." {
		t.Errorf("%+v %v", a, err)
	}
	if a, err := human.Parse("/select book=0 hat=1 ball=2", v, history); err != nil || a.Type != event.Select || dealornodeal.SplitOf(a)["ball"] != 2 {
		t.Errorf("%+v %v", a, err)
	}
}
