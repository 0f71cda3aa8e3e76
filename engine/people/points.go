package people

// Series is one scorer beside the people on one dimension, every unit
// pooled: a point per episode and seat that both scored, the people's
// mean and the scorer's score.
type Series struct {
	Scorer         string
	People, Scores []float64
}

// Points are the dimension's series, one per scorer in ScorerRank's
// order, for a scatter of the people against each scorer.
func (s *Study) Points(dim string) []Series {
	names := map[string]bool{}
	for _, u := range s.units {
		if len(u.people[dim]) == 0 {
			continue
		}
		for name := range u.scores[dim] {
			names[name] = true
		}
	}
	var out []Series
	for _, name := range sortedScorers(names) {
		sr := Series{Scorer: name}
		for _, u := range s.units {
			v, ok := u.scores[dim][name]
			if ok && len(u.people[dim]) > 0 {
				sr.People, sr.Scores = append(sr.People, meanOf(u.people[dim])), append(sr.Scores, v)
			}
		}
		out = append(out, sr)
	}
	return out
}
