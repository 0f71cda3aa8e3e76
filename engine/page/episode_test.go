package page

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
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
