package page

import (
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/view"
)

// A HUMANS run has its column beside the models', named as its mode.
func TestAHumansRunHasItsColumn(t *testing.T) {
	recs := roadBike(t)
	recs[1].Header.Mode = view.Humans
	ep, err := episodeOf(recs)
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
