// Package study is a study's folders as `run` writes them and `report`
// reads them: the plan each folder's study.json holds, and the files of
// the folders a report is given, with the study (or shard of one) each
// belongs to.
package study

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/view"
)

// File is the file in a study's folder (or a shard's) that says what
// the study plays.
const File = "study.json"

// Plan is DIR/study.json: what a study in DIR plays, so that --resume
// cannot mix in episodes of another study, and `report` can tell the
// folders of one study (its shards) from those of others.
type Plan struct {
	Refs  []string `json:"scenarios"`
	Modes []string `json:"modes"`
	Seed  int64    `json:"seed"`
	// Plays is what played the seats: the backend, or the provider,
	// models and sampling (cmd/omnigap's backendOptions.plays); absent in the folders
	// of older versions.
	Plays map[string]string `json:"plays,omitempty"`
	// Shard is the folder's share of the study, "K/N"; absent for a
	// whole study.
	Shard string `json:"shard,omitempty"`
}

// Same says whether two plans are of one study (shards apart). A plan
// written before Plays was recorded is taken to play the same.
func (p Plan) Same(q Plan) bool {
	if p.Plays == nil || q.Plays == nil {
		p.Plays, q.Plays = nil, nil
	}
	p.Shard, q.Shard = "", ""
	return reflect.DeepEqual(p, q)
}

// Read reads a study.json. A model study planned before the SCRIPT
// writer's instruction was named played the careful one, and says so
// once read, so that it resumes, and reads beside its shards, with
// --writer-prompt careful.
func Read(path string) (Plan, error) {
	var plan Plan
	data, err := safefile.ReadCapped(path, 1<<20)
	if err != nil {
		return plan, err
	}
	if err := json.Unmarshal(data, &plan); err != nil {
		return plan, fmt.Errorf("%s: %w", path, err)
	}
	if _, model := plan.Plays["model.writer"]; model && plan.Plays[record.SettingWriterPrompt] == "" {
		plan.Plays[record.SettingWriterPrompt] = record.WriterPromptBefore
	}
	return plan, nil
}

// PlaysText names what a plan's seats were played by, for an error.
func PlaysText(plays map[string]string) string {
	if len(plays) == 0 {
		return ""
	}
	keys := slices.Sorted(maps.Keys(plays))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + plays[k]
	}
	return " played by " + strings.Join(parts, " ")
}

// Text sums a plan up for a message.
func (p Plan) Text() string {
	return fmt.Sprintf("--scenario %s --modes %s --seed %d%s", strings.Join(p.Refs, " --scenario "), strings.Join(p.Modes, ","), p.Seed, PlaysText(p.Plays))
}

// Differences names what two plans differ in.
func (p Plan) Differences(q Plan) string {
	var out []string
	if !slices.Equal(p.Refs, q.Refs) {
		out = append(out, "scenarios")
	}
	if !slices.Equal(p.Modes, q.Modes) {
		out = append(out, "modes")
	}
	if p.Seed != q.Seed {
		out = append(out, "seed")
	}
	keys := slices.Sorted(maps.Keys(p.Plays))
	for k := range q.Plays {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		if p.Plays[k] != q.Plays[k] {
			out = append(out, fmt.Sprintf("%s %s and %s", k, orDash(p.Plays[k]), orDash(q.Plays[k])))
		}
	}
	if len(out) == 0 {
		return "the same options"
	}
	return "they differ in " + strings.Join(out, ", ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// Plays is what plays the seats of factory, for a study's plan:
// "backend": "builtin", or the provider, the models and the sampling that a recording's header
// gives, less what only says how calls are sent (the endpoints, the
// timeouts, the rate limits), which may differ between the shards of one
// study; judged and checked say whether the judge and the leak check
// are on.
func Plays(factory episode.Factory, judged, checked bool) map[string]string {
	s, ok := factory.(episode.SettingsReporter)
	if !ok {
		return map[string]string{"backend": "builtin"}
	}
	out := s.Settings(nil, view.Script)
	for _, sent := range []string{"endpoint", "timeout", "idle", "rpm", "tpm"} {
		delete(out, sent)
	}
	if judged {
		out["judge"] = "on"
	}
	if checked {
		out["leak_check"] = "on"
	}
	return out
}
