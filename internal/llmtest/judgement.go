package llmtest

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/omnigap/omnigap/engine/metrics"
)

// VariedJudgement scores the character asked about on every dimension
// with a whole number in its range drawn from a hash of the request's
// last message (the conversation and whom to score): the same request
// gets the same scores, different ones differ, as a judge's would, so
// that figures set beside other scores (their correlation) can be
// measured on a loopback server.
func VariedJudgement(r *Request) string {
	var parts []string
	for _, d := range metrics.JudgeDimensions {
		h := fnv.New32a()
		fmt.Fprint(h, d.Key, "\x00", r.Last())
		span := uint32(d.Max-d.Min) + 1
		score := int(d.Min) + int(h.Sum32()%span)
		parts = append(parts, fmt.Sprintf(`"%s": {"reasoning": "Scored %d on %s from the transcript.", "score": %d}`, d.Key, score, d.Key, score))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
