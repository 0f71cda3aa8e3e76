package people

// Summary is what a study read and joined.
type Summary struct {
	// Files and Rows are the rating files and their rows (lines) read;
	// Ratings the ratings kept, by Raters raters; Skipped the cells left
	// empty; Problems the rows and cells left out.
	Files    int `json:"files"`
	Rows     int `json:"rows"`
	Ratings  int `json:"ratings"`
	Raters   int `json:"raters"`
	Skipped  int `json:"skipped_cells"`
	Problems int `json:"problems"`
	// Rated are the episodes rated, Joined those a recording named,
	// Units their seats that people rated; NotFound the rated episodes no recording named,
	// holding NotFoundRatings ratings; Unseated the ratings whose agent
	// found no seat.
	Rated           int      `json:"episodes_rated"`
	Joined          int      `json:"episodes_joined"`
	Units           int      `json:"units"`
	NotFound        []string `json:"episodes_not_found"`
	NotFoundRatings int      `json:"ratings_not_found"`
	Unseated        int      `json:"ratings_unseated"`
}

// Summary says what the study read and joined.
func (s *Study) Summary() Summary {
	rs := s.Ratings
	out := Summary{Files: rs.Files, Rows: rs.Rows, Ratings: rs.Len(), Raters: len(rs.Raters()), Skipped: rs.Skipped,
		Problems: len(rs.Problems), Rated: len(rs.Episodes())}
	for _, u := range s.units {
		if len(u.people) > 0 {
			out.Units++
		}
	}
	out.Joined = len(s.Episodes) - len(s.Repeated)
	seen := map[string]bool{}
	for _, ep := range s.Episodes {
		if !seen[ep.ID] {
			seen[ep.ID] = true
			out.Unseated += ep.Unseated
		}
	}
	out.NotFound, out.NotFoundRatings = s.Unjoined()
	if out.NotFound == nil {
		out.NotFound = []string{}
	}
	return out
}
