package sotopia

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/fact/derive"
	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/fact/secret"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// freeFormSources are the Sotopia sources with no family of their own.
var freeFormSources = map[string]bool{
	"social_chemistry": true, "social_iqa": true, "persuation_for_good": true, "persuasion_for_good": true,
	"normbank": true, "hand-craft": true,
}

// familyOf maps an environment's source to a family.
func familyOf(source string) (scenario.Family, error) {
	switch source {
	case "craigslist", "craigslist_bargains":
		return scenario.Craigslist, nil
	case "mutual_friends", "mutualfriends":
		return scenario.MutualFriends, nil
	}
	if source == "deal-or-no-deal" || source == "dealornodeal" {
		return scenario.DealOrNoDeal, nil
	}
	if freeFormSources[source] {
		return scenario.Sotopia, nil
	}
	return "", fieldError("source", "unknown source %q (want craigslist_bargains, mutual_friends, deal-or-no-deal or one of Sotopia's free-form sources)", source)
}

// relationships are Sotopia's relationship types 0..5.
var relationships = []scenario.Relationship{
	scenario.Strangers, scenario.KnowByName, scenario.Acquaintances, scenario.Friends, scenario.Romantic, scenario.FamilyTie,
}

func relationshipOf(t string) (scenario.Relationship, error) {
	var n int
	if _, err := fmt.Sscanf(t, "%d", &n); err != nil || n < 0 || n >= len(relationships) || fmt.Sprint(n) != t {
		return "", fieldError("relationship", "must be 0 (stranger) to 5 (family) (got %q)", t)
	}
	return relationships[n], nil
}

// Build turns one combo into a validated scenario, or says which record
// and field stop it.
func (d *Data) Build(c *Combo) (*scenario.Scenario, error) {
	env := d.Environments[c.EnvID]
	if env == nil {
		return nil, interop.Problem{At: c.at, Field: "env_id", Msg: fmt.Sprintf("no environment %q in %s", c.EnvID, EnvironmentsFile)}
	}
	if len(c.Agents) != 2 {
		return nil, interop.Problem{At: c.at, Field: "agent_ids", Msg: fmt.Sprintf("must name 2 characters (got %d)", len(c.Agents))}
	}
	var agents [2]*Agent
	for i, id := range c.Agents {
		if agents[i] = d.Agents[id]; agents[i] == nil {
			return nil, interop.Problem{At: c.at, Field: fmt.Sprintf("agent_ids[%d]", i), Msg: fmt.Sprintf("no character %q in %s", id, AgentsFile)}
		}
	}
	sc, err := d.build(env, agents)
	if err != nil {
		if p, ok := err.(interop.Problem); ok {
			return nil, p
		}
		p := interop.ProblemAt(env.at, err)
		return nil, p
	}
	return sc, nil
}

// BuildPair makes the scenario of env played by agents (in Sotopia's
// order), as Build does for a combo: an episode's importer calls it with
// the profiles the episode names, or with profiles made from the
// episode's own text (on a zero Data, which has no export behind it).
func (d *Data) BuildPair(env *Environment, agents [2]*Agent) (*scenario.Scenario, error) {
	return d.build(env, agents)
}

// build makes the scenario of env played by agents (in Sotopia's order).
func (d *Data) build(env *Environment, agents [2]*Agent) (*scenario.Scenario, error) {
	family, err := familyOf(env.Source)
	if err != nil {
		return nil, err
	}
	rel, err := relationshipOf(env.Relationship)
	if err != nil {
		return nil, err
	}
	if len(env.Goals) != 2 {
		return nil, fieldError("agent_goals", "must hold 2 goals (got %d)", len(env.Goals))
	}
	text, err := splitViewers(env.Scenario)
	if err != nil {
		return nil, err
	}
	goals := [2]goal{parseGoal(env.Goals[0]), parseGoal(env.Goals[1])}
	sc := &scenario.Scenario{
		ID:           d.scenarioID(env, agents),
		Title:        fmt.Sprintf("%s: %s and %s", strings.ReplaceAll(env.Codename, "_", " "), fullName(agents[0]), fullName(agents[1])),
		Family:       family,
		Setting:      text.shared,
		Relationship: rel,
		MaxTurns:     scenario.DefaultMaxTurns,
	}
	if r := d.relationship(agents[0].ID, agents[1].ID, env.Relationship); r != nil {
		sc.Background = tidy(r.Background)
	}
	order := [2]int{0, 1}
	switch family {
	case scenario.Craigslist:
		if order, err = listing(sc, text.shared, goals); err != nil {
			return nil, err
		}
	case scenario.MutualFriends:
		if err := friendLists(sc, goals, text.env); err != nil {
			return nil, err
		}
		text.env = nil // the derived mutual-friend fact says it
	case scenario.DealOrNoDeal:
		if err := dealItems(sc, text.shared, goals); err != nil {
			return nil, err
		}
	}
	// Friend lists and item values are family data, shown through it: the
	// goals keep only the task and the hints.
	withExtra := family != scenario.MutualFriends && family != scenario.DealOrNoDeal
	for seat, i := range order {
		sc.Seats = append(sc.Seats, scenario.Seat{Role: roleOf(family, seat), Character: character(agents[i], goals[i], withExtra)})
	}
	if sc.Setting == "" {
		return nil, fieldError("scenario", "has no text every participant reads")
	}
	d.addPrivateFacts(sc, text, order)
	if err := sc.Check(sc.ID); err != nil {
		return nil, err
	}
	return sc, nil
}

func fullName(a *Agent) string { return strings.TrimSpace(a.First + " " + a.Last) }

func character(a *Agent, g goal, withExtra bool) scenario.Character {
	return scenario.Character{
		Name: fullName(a), Public: tidy(a.Public), Age: a.Age, Gender: tidy(a.Gender), Pronouns: tidy(a.Pronouns),
		Occupation: tidy(a.Occupation), Personality: tidy(a.Personality), Secret: tidy(a.Secret), Goal: g.text(withExtra),
	}
}

func roleOf(f scenario.Family, seat int) string {
	switch f {
	case scenario.Craigslist:
		return []string{"seller", "buyer"}[seat]
	case scenario.MutualFriends:
		return "guest"
	case scenario.DealOrNoDeal:
		return "negotiator"
	}
	return "participant"
}

// scenarioID names an imported scenario after the environment's codename
// and the two characters: sotopia/mutual-friend-00009/amara-hartley-leo-williams,
// capped (interop.Capped). A codename that several environments bear gets
// a short hash of the environment's id, so that every scenario has an id
// of its own: recordings are named and studies resumed by it.
func (d *Data) scenarioID(env *Environment, agents [2]*Agent) string {
	code := scenario.Slug(env.Codename)
	switch {
	case code == "":
		code = scenario.Slug(env.ID)
	case d.sharedCodes[code]:
		sum := sha256.Sum256([]byte(env.ID))
		code += "-" + hex.EncodeToString(sum[:3])
	}
	return interop.Capped("sotopia/" + code + "/" + scenario.Slug(fullName(agents[0])) + "-" + scenario.Slug(fullName(agents[1])))
}

// addPrivateFacts makes owned facts of what only one side (or only the
// environment) is told: the marked scenario parts, each secret by its key
// phrases, and the amounts and names in a free-form goal. A phrase or
// number the other side can read anyway is not made a fact of this one.
func (d *Data) addPrivateFacts(sc *scenario.Scenario, text marked, order [2]int) {
	sc.Normalize()
	if d.Words != nil {
		// Weighed against the export's texts too, which say the words
		// Sotopia's scenarios share ("support", "together").
		derive.WeighTold(sc, d.Words)
	}
	var visible [2]string // what each seat reads in AGENTS
	for seat := 0; seat < 2; seat++ {
		visible[seat] = view.For(sc, view.Agents, seat).Render()
	}
	// The amounts and names in a goal that the family derives become the
	// seat's own listed facts, unless the partner reads them too.
	for seat := 0; seat < 2; seat++ {
		facts := sc.Seats[seat].Facts
		for i, f := range facts {
			if !f.Derived || f.Attribute != scenario.GoalAttribute {
				continue
			}
			if len(match.Compile([]scenario.Fact{f}).Find(visible[scenario.Partner(seat)])) > 0 {
				continue // the partner reads it too: not this side's alone
			}
			facts[i].Derived = false // listed in the file; the goal carries it (Attribute)
		}
	}
	for seat, i := range order {
		partner := visible[scenario.Partner(seat)]
		for k, t := range text.seat[i] {
			f := scenario.Fact{ID: fmt.Sprintf("seat%d-told-%d", seat, k+1), Kind: scenario.FactPhrase, Text: t}
			f.Phrases, f.Paraphrases = d.secretKeys(t).Split(partner, sc.Setting)
			addFact(sc, seat, f)
		}
		if s := sc.Seats[seat].Character.Secret; s != "" {
			f := scenario.Fact{ID: fmt.Sprintf("seat%d-secret", seat), Kind: scenario.FactPhrase, Text: sc.Seats[seat].Character.Name + "'s secret: " + s}
			f.Phrases, f.Paraphrases = d.secretKeys(s).Split(partner, sc.Setting)
			addFact(sc, seat, f)
		}
	}
	for k, t := range text.env {
		f := scenario.Fact{ID: fmt.Sprintf("environment-%d", k+1), Owner: scenario.OwnerEnv, Kind: scenario.FactPhrase, Text: t}
		f.Phrases, f.Paraphrases = d.secretKeys(t).Split(visible[0]+"\n"+visible[1], sc.Setting)
		sc.EnvFacts = append(sc.EnvFacts, f)
	}
}

func addFact(sc *scenario.Scenario, seat int, f scenario.Fact) {
	if len(f.Phrases) == 0 && f.Kind != scenario.FactPrice {
		return
	}
	f.Owner = scenario.Owner(seat)
	sc.Seats[seat].Facts = append(sc.Seats[seat].Facts, f)
}

// secretKeys compiles a secret's candidate phrases once per export: the
// 40 characters' secrets serve 450 combos.
func (d *Data) secretKeys(text string) *secret.Keys {
	if d.keys == nil {
		d.keys = map[string]*secret.Keys{}
	}
	k := d.keys[text]
	if k == nil {
		k = secret.NewKeys(text)
		d.keys[text] = k
	}
	return k
}
