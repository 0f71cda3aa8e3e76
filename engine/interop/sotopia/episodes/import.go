package episodes

import (
	"crypto/sha256"
	"fmt"
	"hash/fnv"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/fact/derive"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/recent"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Importer makes omnigap runs of Sotopia episodes.
type Importer struct {
	// Profiles, when set, are the Sotopia export an episode's environment
	// and characters are joined from, by pk (the environment by codename
	// and characters by name where the episode gives no pks). Without them, or for an environment they
	// lack, the scenario is made from the episode's own text.
	Profiles *sotopia.Data
	// Mode, when set, is every episode's mode; else the tag's (ModeOf).
	Mode view.Mode
	// ModelName, when set, names every placeholder model (agentModels).
	ModelName string
	// Again imports an episode whose recording is in the folder already
	// again, in that recording's place (--force); else it is kept.
	Again bool
	// Words, when set, is what the words of what each side was told are
	// weighed against in a scenario made from an episode's own text
	// (derive.ToldFactsIn); else the profiles' (Profiles.Words), else the
	// library's. An import without profiles weighs them against every
	// episode it imports (Texts), so the result does not depend on the
	// order the episodes come in.
	Words *derive.Background
	// Known finds a scenario omnigap knows by id (nil: none): an episode
	// that omnigap exported names its scenario as its environment, and
	// is played on it again.
	Known func(id string) *scenario.Scenario

	byName map[string]*sotopia.Agent
	text   sotopia.Data // builds scenarios from episodes' own text
	// built keeps the scenarios last made, with their annotators'
	// prepared part, by what they were made of: the episodes of one pair
	// share them.
	built *recent.Memo[[sha256.Size]byte, *built]
	// said holds the notes of model names already given, each said once
	// an import.
	said map[string]bool
}

// built is a scenario made for episodes, shared read-only by them.
type built struct {
	sc       *scenario.Scenario
	prepared *leak.Prepared
	notes    []string
}

// keptScenarios bounds the scenarios an import keeps made.
const keptScenarios = 128

// Imported is an episode made ready to play as an omnigap run.
type Imported struct {
	Episode    *Episode
	Transcript *interop.Transcript
	// Seed tells apart the runs of one scenario and mode (several
	// episodes of one pair): a hash of the episode's pk, or of where it
	// sits when it has none.
	Seed int64
	// Notes say what the import made do with (profiles that lack the
	// environment, so it was made from the episode's text) and, the
	// first time in an import, how a placeholder model was named.
	Notes []string
	// Annotate makes the rules' annotator of the transcript's run, its
	// costly part prepared once for the episodes that share a scenario.
	Annotate func(*scenario.Scenario, view.Mode) run.Annotator
}

// Import turns one episode into a transcript of its mode on its
// scenario: the turns as recorded (seats as the scenario seats the
// characters, whoever opened), the ending as recorded, the models as
// backends and the evaluator's scores as imported judge figures.
func (im *Importer) Import(e *Episode) (*Imported, error) {
	out := &Imported{Episode: e, Seed: seedOf(e)}
	b, err := im.scenarioOf(e)
	if err != nil {
		return nil, err
	}
	sc := b.sc
	out.Annotate = func(_ *scenario.Scenario, mode view.Mode) run.Annotator { return b.prepared.New(mode) }
	var seatOf [2]int
	for i, a := range e.Agents {
		seatOf[i] = -1
		for s, seat := range sc.Seats {
			if seat.Character.Name == a.Name {
				seatOf[i] = s
			}
		}
		if seatOf[i] < 0 {
			return nil, interop.Fieldf("agents", "the scenario %s seats no %q", sc.ID, a.Name)
		}
	}
	mode := im.Mode
	if mode == "" {
		mode = ModeOf(e.Tag)
	}
	models, named := agentModels(e, im.ModelName)
	t := &interop.Transcript{Scenario: sc, Mode: mode, Source: sourceOf(e, slices.Concat(tagNotes(e.Tag), named))}
	for i := range 2 {
		t.Players[seatOf[i]] = models[i]
	}
	out.Notes = slices.Concat(b.notes, im.unsaid(named))
	for n, tr := range e.Turns {
		seat := seatOf[tr.Agent]
		t.Turns = append(t.Turns, event.Turn{Number: n + 1, Seat: seat, Speaker: sc.Seats[seat].Character.Name,
			Backend: t.Players[seat], Action: familyMove(sc, mode, seat, actionOf(tr))})
	}
	t.Ending = endingOf(e)
	t.ReadWords()
	t.Metrics, t.Notes = judgeFigures(e, seatOf)
	out.Transcript = t
	return out, nil
}

// unsaid are the notes not yet given in this import.
func (im *Importer) unsaid(notes []string) []string {
	if im.said == nil {
		im.said = map[string]bool{}
	}
	var out []string
	for _, n := range notes {
		if !im.said[n] {
			im.said[n] = true
			out = append(out, n)
		}
	}
	return out
}

// actionOf is a turn as omnigap's action of the same kind.
func actionOf(t Turn) event.Action {
	switch t.Kind {
	case NonVerbal:
		return event.Action{Type: event.NonVerbal, Text: t.Text}
	case Action:
		return event.Action{Type: event.Act, Text: t.Text}
	case Leave:
		return event.Action{Type: event.Leave}
	case DidNothing:
		return event.Action{Type: event.None}
	}
	return event.Action{Type: event.Speak, Text: t.Text}
}

// endingOf is how the episode ended, from the environment's comment
// (Sotopia's evaluator writes "terminated: Agent 1 is leaving", "The
// conversation stales for too long", "The conversation is too long"),
// else from its last turn.
func endingOf(e *Episode) *event.Ending {
	c := strings.ToLower(e.EnvironmentComment)
	last := e.Turns[len(e.Turns)-1]
	summary := "ended as recorded"
	// The evaluator's comments end in "; " when it joined several; the
	// summary may have more after it.
	if comment := strings.TrimRight(e.EnvironmentComment, "; "); comment != "" {
		summary += ": " + comment
	}
	reason := event.TurnLimit
	switch {
	case strings.Contains(c, "leaving") || (c == "" && last.Kind == Leave):
		reason = event.SeatLeft
	case strings.Contains(c, "stale") || (c == "" && last.Kind == DidNothing):
		reason = event.EmptyTurns
	}
	return &event.Ending{Reason: reason, Outcome: event.Outcome{Summary: summary}}
}

// judgeFigures are the evaluator's scores and reasoning as imported judge
// metrics and notes, by seat, with a note naming their source, and the
// note that says where the episode came from.
func judgeFigures(e *Episode, seatOf [2]int) (map[string]float64, map[string]string) {
	origin := e.PK
	if origin == "" {
		origin = e.At.String()
	}
	notes := map[string]string{metrics.ImportedNote: "Sotopia episode " + origin + " (" + string(e.Form) + ")"}
	if len(e.Evaluations) == 0 {
		return nil, notes
	}
	m := map[string]float64{}
	notes[metrics.ImportedJudgeNote] = "imported, " + e.EvaluatorModel()
	for i, ev := range e.Evaluations {
		seat := seatOf[i]
		m[metrics.ImportedJudgeSeatKey(seat, "overall")] = ev.Overall
		for dim, v := range ev.Scores {
			m[metrics.ImportedJudgeSeatKey(seat, dim)] = v
		}
		for dim, why := range ev.Reasoning {
			notes[metrics.ImportedJudgeSeatKey(seat, dim)] = why
		}
	}
	return m, notes
}

func seedOf(e *Episode) int64 {
	h := fnv.New32a()
	if e.PK != "" {
		h.Write([]byte(e.PK))
	} else {
		fmt.Fprint(h, e.At.String(), e.At.Record)
	}
	return int64(h.Sum32())
}

// scenarioOf finds or makes the episode's scenario, long enough for its
// turns, kept for the next episodes made of the same (scenarioKey).
func (im *Importer) scenarioOf(e *Episode) (*built, error) {
	if im.built == nil {
		im.built = recent.New[[sha256.Size]byte, *built](keptScenarios)
	}
	return im.built.Get(scenarioKey(e), func() (*built, error) {
		b := &built{}
		sc, err := im.scenario(e, b)
		if err != nil {
			return nil, err
		}
		sc.MaxTurns = max(sc.MaxTurns, len(e.Turns))
		b.sc, b.prepared = sc, leak.Prepare(sc)
		return b, nil
	})
}

// scenarioKey is what an episode's scenario is made of: its environment,
// scenario text and characters, and its turns beyond the usual limit.
func scenarioKey(e *Episode) [sha256.Size]byte {
	h := sha256.New()
	for _, s := range []string{e.Environment, e.Codename, e.Scenario, strconv.Itoa(max(len(e.Turns), scenario.DefaultMaxTurns))} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	for _, a := range e.Agents {
		for _, s := range []string{a.Name, a.PK, a.Background, a.Goal} {
			h.Write([]byte(s))
			h.Write([]byte{0})
		}
	}
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

// scenario finds or makes the episode's scenario: one omnigap knows by
// the environment's name, else from the profiles, else from the
// episode's own text, through the same builder.
func (im *Importer) scenario(e *Episode, b *built) (*scenario.Scenario, error) {
	if im.Known != nil && e.Environment != "" {
		if sc := im.Known(e.Environment); sc != nil && seats(sc, e) {
			return sc.Clone(), nil
		}
	}
	if d := im.Profiles; d != nil {
		sc, note := im.fromProfiles(e)
		if sc != nil {
			return sc, nil
		}
		b.notes = append(b.notes, note+"; the scenario is made from the episode's own text")
	}
	return im.fromText(e)
}

// seats reports whether sc seats the episode's two characters.
func seats(sc *scenario.Scenario, e *Episode) bool {
	if len(sc.Seats) != 2 {
		return false
	}
	names := map[string]bool{sc.Seats[0].Character.Name: true, sc.Seats[1].Character.Name: true}
	return names[e.Agents[0].Name] && names[e.Agents[1].Name]
}

// fromProfiles builds the scenario from the profiles, or says which file
// lacks what.
func (im *Importer) fromProfiles(e *Episode) (*scenario.Scenario, string) {
	d := im.Profiles
	var env *sotopia.Environment
	switch {
	case e.Environment != "":
		if env = d.Environments[e.Environment]; env == nil {
			return nil, fmt.Sprintf("environment %q is not in %s", e.Environment, filepath.Join(d.Dir, sotopia.EnvironmentsFile))
		}
	case e.Codename != "":
		if env = im.envCoded(e.Codename); env == nil {
			return nil, fmt.Sprintf("no one environment with codename %q in %s", e.Codename, filepath.Join(d.Dir, sotopia.EnvironmentsFile))
		}
	default:
		return nil, "the episode names no environment to find in the profiles"
	}
	var agents [2]*sotopia.Agent
	for i, a := range e.Agents {
		if a.PK != "" {
			agents[i] = d.Agents[a.PK]
		}
		if agents[i] == nil {
			agents[i] = im.agentNamed(a.Name)
		}
		if agents[i] == nil {
			what := fmt.Sprintf("character %q", a.Name)
			if a.PK != "" {
				what = fmt.Sprintf("character %q (%s)", a.PK, a.Name)
			}
			return nil, what + " is not in " + filepath.Join(d.Dir, sotopia.AgentsFile)
		}
	}
	sc, err := d.BuildPair(env, agents)
	if err != nil {
		return nil, fmt.Sprintf("environment %q of %s cannot be built (%v)", e.Environment, filepath.Join(d.Dir, sotopia.EnvironmentsFile), err)
	}
	return sc, ""
}

// envCoded is the one environment of the profiles with codename, or nil
// (none, or several share it).
func (im *Importer) envCoded(codename string) *sotopia.Environment {
	var found *sotopia.Environment
	for _, env := range im.Profiles.Environments {
		if env.Codename == codename {
			if found != nil {
				return nil
			}
			found = env
		}
	}
	return found
}

func (im *Importer) agentNamed(name string) *sotopia.Agent {
	if im.byName == nil {
		im.byName = map[string]*sotopia.Agent{}
		for _, a := range im.Profiles.Agents {
			im.byName[strings.TrimSpace(a.First+" "+a.Last)] = a
		}
	}
	return im.byName[name]
}

// fromText makes the profiles the episode tells (its scenario, both
// characters' backgrounds and goals) and builds its scenario from them,
// in the family its text says (sotopiaSource: a Craigslist bargain, so that
// its deal is read as the profiles' would be), else Sotopia's free-form
// one. Its id is the environment's codename, else its pk, and the two
// names: episodes of one pair share it.
func (im *Importer) fromText(e *Episode) (*scenario.Scenario, error) {
	env := &sotopia.Environment{ID: e.Environment, Codename: e.Codename, Source: sotopiaSource(e), Scenario: e.Scenario,
		Goals: []string{e.Agents[0].Goal, e.Agents[1].Goal}, Relationship: "0"}
	if env.ID == "" && env.Codename == "" {
		env.Codename = "episode"
	}
	for _, a := range e.Agents {
		if a.Goal == "" {
			return nil, interop.Fieldf("goal", "the episode gives no goal for %q (a raw EpisodeLog without a readable rewards_prompt); give --profiles", a.Name)
		}
	}
	if e.Scenario == "" {
		return nil, interop.Fieldf("scenario", "the episode gives no scenario text; give --profiles")
	}
	switch {
	case im.Words != nil:
		im.text.Words = im.Words
	case im.Profiles != nil:
		im.text.Words = im.Profiles.Words // the export's scenarios weigh the words of this one too
	}
	agents := [2]*sotopia.Agent{agentOf(e.Agents[0]), agentOf(e.Agents[1])}
	sc, err := im.text.BuildPair(env, agents)
	if err != nil && env.Source != freeForm {
		env.Source = freeForm // the text looked like a family's but does not hold its data
		sc, err = im.text.BuildPair(env, agents)
	}
	if err != nil {
		return nil, err
	}
	if e.Codename == "" {
		// The builder titles a scenario by its codename, which only
		// the episodes_to_jsonl export gives.
		sc.Title = sc.Seats[0].Character.Name + " and " + sc.Seats[1].Character.Name
	}
	return sc, nil
}

// freeForm is the Sotopia source of a scenario with no family of its own.
const freeForm = "hand-craft"

// sotopiaSource is the Sotopia source an episode's own text says it is of,
// where no profiles say: its codename's ("craigslist_bargains_00008"),
// else a bargain's goals (the seller's and the buyer's, each with a
// target price: Sotopia's Craigslist tasks), else free-form.
func sotopiaSource(e *Episode) string {
	code := strings.ToLower(e.Codename)
	switch {
	case strings.HasPrefix(code, "craigslist"):
		return "craigslist_bargains"
	case strings.HasPrefix(code, "mutual_friend"):
		return "mutual_friends"
	case strings.HasPrefix(code, "deal_or_no_deal"), strings.HasPrefix(code, "dealornodeal"):
		return "deal-or-no-deal"
	}
	roles := map[string]bool{}
	for _, a := range e.Agents {
		goal := strings.ToLower(a.Goal)
		if !strings.Contains(goal, "target price") || !strings.Contains(goal, "$") {
			return freeForm
		}
		for _, role := range []string{"seller", "buyer"} {
			if strings.Contains(goal, role) {
				roles[role] = true
			}
		}
	}
	if roles["seller"] && roles["buyer"] {
		return "craigslist_bargains"
	}
	return freeForm
}
