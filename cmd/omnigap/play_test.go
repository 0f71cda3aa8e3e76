package main

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/library"
)

func TestPlayChoosesTheSeatAndNeedsATerminal(t *testing.T) {
	cases := []struct {
		args []string
		err  string
	}{
		{[]string{"play", "--as", "buyer"}, "needs a terminal"},
		{[]string{"play", "--as", "Seller", "--seat", "0"}, "needs a terminal"},
		{[]string{"play", "--seat", "0"}, "needs a terminal"},
		{[]string{"play", "--seat", "2"}, "--seat: must be 0 or 1"},
		{[]string{"play", "--as", "seller", "--seat", "1"}, "--as seller is seat 0, but --seat says 1"},
		{[]string{"play", "--as", "landlord"}, `no role "landlord" (its roles are seller and buyer)`},
		{[]string{"play", "no/such-scenario"}, "not found"},
		{[]string{"play", "sotopia/team-lead", "--as", "engineer"}, "--as engineer: both seats of sotopia/team-lead have the role engineer (Mei Chen in seat 0, Jordan Reyes in seat 1): choose one with --seat 0 or --seat 1"},
	}
	for _, c := range cases {
		_, err := omnigap(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%v: error %v, want %q", c.args, err, c.err)
		}
	}
}

func TestPlayAsNamesTheSeatByRole(t *testing.T) {
	sc, err := library.Resolve(library.DefaultID, 1)
	if err != nil {
		t.Fatal(err)
	}
	for as, want := range map[string]int{"seller": 0, "BUYER": 1, "": 1} {
		o := playOptions{seat: 1, as: as}
		if got, err := o.chooseSeat(sc, false); err != nil || got != want {
			t.Errorf("--as %q: seat %d (%v), want %d", as, got, err, want)
		}
	}
}
