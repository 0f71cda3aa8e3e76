package page

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/view"
)

// A HUMANS run has its column beside the models', named as its mode.
func TestAHumansRunHasItsColumn(t *testing.T) {
	recs := roadBike(t)
	recs[1].Header.Mode = view.Humans
	ep, err := episodeOf(recs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, r := range ep.Runs {
		labels = append(labels, r.Label)
	}
	if strings.Join(labels, " ") != "SCRIPT AGENTS HUMANS" || !slices.Contains(ep.Viewers, "HUMANS Dana") {
		t.Errorf("columns %v, viewers %v", labels, ep.Viewers)
	}
}

// A turn's parts: a mark opens with its marker before the signs that
// open its word, as in the panes, and each annotation's note is referred
// to where its span ends, a covered one's too.
func TestPartsMarkAndReferToEveryAnnotation(t *testing.T) {
	ep := &episode{Notes: []note{{N: 1}}}
	raw := "Go as high as $580, it is (stolen)."
	anns := []event.Annotation{
		{Kind: event.Leak, Start: 15, End: 18},
		{Kind: event.Guess, Start: 15, End: 17},
		{Kind: event.Disclosure, Start: 27, End: 33, Negated: true},
	}
	var got []string
	for _, p := range ep.parts(0, 4, raw, anns, func(event.Annotation) note { return note{} }) {
		s := p.Text
		if p.Marked {
			s = fmt.Sprintf("<%s%s:%d %s>", p.Marker, p.Text, p.Note, p.Kind)
		}
		got = append(got, fmt.Sprintf("%s%v", s, p.Refs))
	}
	want := "Go as high as []|<!$580:2 leak>[2 3]|, it is ([]|<stolen:4 disclosure>[4]|).[]"
	if strings.Join(got, "|") != want {
		t.Errorf("parts\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
	if len(ep.Notes) != 4 || ep.Notes[2].Back != "t0-4" || ep.Notes[1].Back != "m2" {
		t.Errorf("notes %+v", ep.Notes)
	}
}

// Two runs of one mode are told apart in their tabs, headings and notes:
// by their models when those differ, else by their seeds.
func TestTwoRunsOfAModeToldApart(t *testing.T) {
	for _, c := range []struct {
		name       string
		change     func(*record.Recording)
		tell, them string
	}{
		{"seeds", func(r *record.Recording) { r.Header.Seed = 7 }, "seed 1", "seed 7"},
		{"models", func(r *record.Recording) { r.Header.Seed = 7; r.Header.Backends = [2]string{"gpt-4o", "gpt-4o"} }, "builtin · builtin", "gpt-4o · gpt-4o"},
	} {
		recs := roadBike(t)
		var again *record.Recording
		for _, r := range recs {
			if r.Header.Mode == view.Agents {
				twin := *r
				twin.Path = r.Path + ".again.jsonl"
				c.change(&twin)
				again = &twin
			}
		}
		ep, err := episodeOf(append(recs, again), nil)
		if err != nil {
			t.Fatal(err)
		}
		var tells []string
		for _, r := range ep.Runs {
			tells = append(tells, r.Label+"|"+r.Tell)
		}
		if want := "SCRIPT| AGENTS|" + c.tell + " AGENTS|" + c.them + " MINDREADERS|"; strings.Join(tells, " ") != want {
			t.Errorf("%s: runs %q, want %q", c.name, strings.Join(tells, " "), want)
		}
		var b strings.Builder
		if err := WriteEpisode(&b, append(recs, again), nil); err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{`<span class="mode">AGENTS</span><span class="tell">` + c.them + `</span></button>`, `data-run="AGENTS (` + c.tell + `)"`} {
			if !strings.Contains(b.String(), s) {
				t.Errorf("%s: the page has no %s", c.name, s)
			}
		}
	}
}
