package human_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

func TestParseMoves(t *testing.T) {
	cl := generate.Craigslist(4)
	buyer := view.For(cl, view.Agents, craigslist.BuyerSeat)
	offerBySeller := []event.Turn{{Seat: craigslist.SellerSeat, Action: event.Action{Type: event.Offer, Arg: craigslist.Price(300)}}}
	offerByBuyer := []event.Turn{{Seat: craigslist.BuyerSeat, Action: event.Action{Type: event.Offer, Arg: craigslist.Price(250)}}}
	mf := generate.MutualFriends(4)
	player := view.For(mf, view.Agents, 0)
	friend := mutualfriends.ListsOf(mf).Lists[0][1].Name
	first, _, _ := strings.Cut(friend, " ")

	cases := []struct {
		input   string
		v       view.View
		history []event.Turn
		want    event.Action
		err     string
	}{
		{"How about 250?", buyer, nil, event.Action{Type: event.Speak, Text: "How about 250?"}, ""},
		{"  /offer 120 ", buyer, nil, event.Action{Type: event.Offer, Text: "My offer is $120.", Arg: craigslist.Price(120)}, ""},
		{"/offer $1,200", buyer, nil, event.Action{Type: event.Offer, Text: "My offer is $1,200.", Arg: craigslist.Price(1200)}, ""},
		{"/offer two fifty", buyer, nil, event.Action{Type: event.Offer, Text: "My offer is $250.", Arg: craigslist.Price(250)}, ""},
		{"/offer", buyer, nil, event.Action{}, "needs a price"},
		{"/offer lots", buyer, nil, event.Action{}, "needs a price"},
		{"/accept", buyer, offerBySeller, event.Action{Type: event.Accept, Text: "I accept $300."}, ""},
		{"/REJECT", buyer, offerBySeller, event.Action{Type: event.Reject, Text: "I can't accept $300."}, ""},
		{"/accept", buyer, nil, event.Action{}, "no formal offer from"},
		{"/accept", buyer, offerByBuyer, event.Action{}, "no formal offer from"},
		{"/act shrugs", buyer, nil, event.Action{Type: event.NonVerbal, Text: "shrugs"}, ""},
		{"/act", buyer, nil, event.Action{}, "needs a description"},
		{"/leave", buyer, nil, event.Action{Type: event.Leave, Text: "I'm going to leave it here."}, ""},
		{"/leave not worth it", buyer, nil, event.Action{Type: event.Leave, Text: "not worth it"}, ""},
		{"/select " + friend, buyer, nil, event.Action{}, "mutual friends game"},
		{"/offer 100", player, nil, event.Action{}, "offers are for Craigslist"},
		{"/select " + strings.ToUpper(friend), player, nil, event.Action{Type: event.Select, Text: "I think it's " + friend + ".", Arg: mutualfriends.Pick(friend)}, ""},
		{"/select " + first, player, nil, event.Action{Type: event.Select, Text: "I think it's " + friend + ".", Arg: mutualfriends.Pick(friend)}, ""},
		{"/select Nobody Atall", player, nil, event.Action{}, "not in your friend list"},
		{"/select", player, nil, event.Action{}, "needs a name"},
		{"/dance", buyer, nil, event.Action{}, "unknown command /dance"},
		{"   ", buyer, nil, event.Action{}, "type something"},
	}
	for _, c := range cases {
		got, err := human.Parse(c.input, c.v, c.history)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.input, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %+v (%v), want %+v", c.input, got, err, c.want)
		}
	}
	if _, err := human.Parse("/help", buyer, nil); !errors.Is(err, human.ErrHelp) {
		t.Errorf("/help: %v", err)
	}
	if h := human.Help(scenario.Craigslist); !strings.Contains(h, "/offer PRICE") || strings.Contains(h, "/select") {
		t.Errorf("craigslist help:\n%s", h)
	}
}
