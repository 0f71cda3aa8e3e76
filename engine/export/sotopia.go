package export

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/sotopiawire"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// Sotopia writes one EpisodeLog line per recording, of any mode. Each
// agent's background is the View it was given in the run's mode.
func Sotopia(w io.Writer, recs []*record.Recording, o Options) (Stats, error) {
	var st Stats
	enc := json.NewEncoder(textsafe.JSONWriter(w))
	enc.SetEscapeHTML(false)
	for _, rec := range recs {
		log := episodeLog(rec)
		if o.Redact {
			r := NewRedactor(rec.Header.Scenario)
			for _, turn := range log.Messages {
				for i := range turn {
					turn[i][2] = r.Text(turn[i][2])
				}
			}
			log.Reasoning = r.Text(log.Reasoning)
		}
		if err := enc.Encode(log); err != nil {
			return st, err
		}
		st.Written++
	}
	return st, nil
}

func episodeLog(rec *record.Recording) sotopiawire.EpisodeLog {
	h := rec.Header
	sc := h.Scenario
	names := []string{sc.Seats[0].Character.Name, sc.Seats[1].Character.Name}
	log := sotopiawire.EpisodeLog{
		Environment: sc.ID, Agents: names, Tag: "omnigap-" + string(h.Mode),
		Models: []string{"omnigap", h.Backends[0], h.Backends[1]},
	}
	first := make([][3]string, 2)
	for seat := range 2 {
		first[seat] = [3]string{sotopiawire.Environment, names[seat], view.For(sc, h.Mode, seat).Render()}
	}
	log.Messages = append(log.Messages, first)
	for _, ev := range rec.Events {
		if ev.Kind != event.TurnCompleted || ev.Action == nil {
			continue
		}
		other := 1 - ev.Seat
		log.Messages = append(log.Messages, [][3]string{
			{names[ev.Seat], sotopiawire.Environment, sotopiaLine(*ev.Action)},
			{names[other], sotopiawire.Environment, "did nothing"},
		})
	}
	end := rec.Ending()
	if end != nil {
		if src, ok := strings.CutPrefix(end.Notes[metrics.ImportedJudgeNote], "imported, "); ok {
			log.Models[0] = src
		}
	}
	var notes []string
	for seat := range 2 {
		scores := map[string]float64{}
		overall := 0.0
		if end != nil {
			if g, ok := end.Metrics[[2]string{metrics.GoalCompletionSeat0, metrics.GoalCompletionSeat1}[seat]]; ok {
				scores["goal"], overall = g, g
			}
			for _, d := range metrics.JudgeDimensions {
				if v, ok := end.Metrics[metrics.JudgeSeatKey(seat, d.Key)]; ok {
					scores[d.Key] = v
				}
			}
			if v, ok := end.Metrics[metrics.JudgeSeatKey(seat, "overall")]; ok {
				overall = v
			}
			overall = importedScores(end, seat, scores, overall)
		}
		log.Rewards = append(log.Rewards, sotopiawire.Reward{Overall: overall, Dimensions: scores})
	}
	if end != nil {
		for _, k := range slices.Sorted(maps.Keys(end.Notes)) {
			notes = append(notes, k+": "+end.Notes[k])
		}
		notes = append(notes, "ended: "+string(end.Reason)+", "+end.Outcome.Summary)
	}
	log.Reasoning = strings.Join(notes, "\n")
	return log
}

// importedScores adds to scores another judge's scores of seat, imported
// with the episode, on the dimensions omnigap's own judge did not score,
// and returns the overall: the own judge's when it scored the seat, else
// the imported one, else overall as it was.
func importedScores(end *event.Ending, seat int, scores map[string]float64, overall float64) float64 {
	_, own := end.Metrics[metrics.JudgeSeatKey(seat, "overall")]
	for _, d := range metrics.JudgeDimensions {
		if _, ok := end.Metrics[metrics.JudgeSeatKey(seat, d.Key)]; ok {
			continue
		}
		if v, ok := end.Metrics[metrics.ImportedJudgeSeatKey(seat, d.Key)]; ok {
			scores[d.Key] = v
		}
	}
	if v, ok := end.Metrics[metrics.ImportedJudgeSeatKey(seat, "overall")]; ok && !own {
		return v
	}
	return overall
}

// sotopiaLine renders an action the way Sotopia's logs word it.
func sotopiaLine(a event.Action) string {
	switch a.Type {
	case event.None:
		return "did nothing"
	case event.Leave:
		return "left the conversation"
	case event.NonVerbal:
		return "[non-verbal communication] " + a.Text
	case event.Act:
		return "[action] " + a.Text
	}
	return fmt.Sprintf("said: %q", scenario.Tagged(a))
}
