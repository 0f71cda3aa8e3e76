package main

import (
	"strings"
	"testing"
)

// TestErrorsANewcomerCanActOn: each mistake a first-time user makes gets
// one line that says what to do, and a non-zero exit (an error here).
func TestErrorsANewcomerCanActOn(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"watch", "craigslist/roadbike"}, "did you mean craigslist/road-bike?"},
		{[]string{"play", "mutualfriends/alumni"}, "did you mean mutualfriends/alumni-mixer?"},
		{[]string{"scenarios", "show", "road-bike"}, "did you mean craigslist/road-bike?"},
		{[]string{"watch", "../../recordings/craigslist_road-bike-agents-s1.jsonl"}, "is a recording, not a scenario: play it with 'omnigap replay "},
		{[]string{"scenarios", "lst"}, `unknown command "lst" for "omnigap scenarios"; did you mean list?`},
		{[]string{"scenarios", "import", "sotopa"}, `did you mean sotopia?`},
		{[]string{"plya"}, `unknown command "plya" for "omnigap"; did you mean play?`},
		{[]string{"serv"}, "did you mean serve?"},
		{[]string{"rep"}, "replay or report?"},
		{[]string{"demo", "extra"}, "extra: no such recording (a .jsonl file written by --record or run); with no argument demo plays the comparisons built into omnigap"},
		{[]string{"watch", "--seed", "abc"}, "--seed abc: want a whole number"},
		{[]string{"run", "--episodes", "2.5", "--out", "x"}, "--episodes 2.5: want a whole number"},
		{[]string{"watch", "--pace", "5"}, "--pace 5: want a duration such as 60ms or 2s"},
		{[]string{"watch", "--pace", "-5ms"}, "--pace -5ms: want 0 or a positive duration"},
		{[]string{"play", "--pace", "-1s"}, "--pace -1s: want 0 or a positive duration"},
		{[]string{"run", "--episodes", "0", "--out", "x"}, "--episodes 0: want 1 or more"},
		{[]string{"run", "--concurrency", "-2", "--out", "x"}, "--concurrency -2: want 1 or more"},
		{[]string{"replay", "--speed", "0", "../../recordings/craigslist_road-bike-agents-s1.jsonl"}, "--speed 0: want 0.25 to 8"},
		{[]string{"replay", "--speed", "9", "../../recordings/craigslist_road-bike-agents-s1.jsonl"}, "--speed 9: want 0.25 to 8"},
	}
	for _, c := range cases {
		out, err := omnigap(t, c.args...)
		if err == nil {
			t.Errorf("%v: no error; printed:\n%s", c.args, out)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v:\n got %v\nwant %q", c.args, err, c.want)
		}
		if strings.Contains(err.Error(), "\n") || strings.Contains(err.Error(), "strconv.") {
			t.Errorf("%v: not one plain line: %q", c.args, err)
		}
	}
}

// TestAGroupWithoutASubcommandShowsItsHelp: `omnigap scenarios` alone is
// a request for help, not a mistake.
func TestAGroupWithoutASubcommandShowsItsHelp(t *testing.T) {
	out, err := omnigap(t, "scenarios")
	if err != nil || !strings.Contains(out, "Available Commands") {
		t.Errorf("err %v, out:\n%s", err, out)
	}
}
