// Package scenario holds the scenario model: seats, characters, facts and
// the family's own data, and loads it from YAML with positioned
// validation errors.
package scenario

// Family names the kind of social task a scenario poses.
type Family string

// The built-in families' names, under which their packages register
// (engine/family/all); makers of their data and tests name them too.
// No code tells families apart by them (engine/family/names_test.go).
const (
	Craigslist    Family = "craigslist"
	MutualFriends Family = "mutualfriends"
	DealOrNoDeal  Family = "dealornodeal"
	Sotopia       Family = "sotopia"
)

// Owner says who holds a fact: a seat index (0 or 1), the environment only,
// or everybody from the start.
type Owner int

const (
	OwnerEnv    Owner = -1
	OwnerPublic Owner = -2
)

// FactKind tells matchers how to recognise a fact in text.
type FactKind string

const (
	FactPrice  FactKind = "price"  // a number, matched with tolerance
	FactName   FactKind = "name"   // a person's name, whole words, with aliases
	FactValue  FactKind = "value"  // an attribute value such as a school
	FactPhrase FactKind = "phrase" // a free-form secret, matched by key phrases
)

// FactType says what kind of private information a fact is.
type FactType string

const (
	TypeAmount    FactType = "amount"     // a private figure: a target price, a budget
	TypeExtra     FactType = "extra"      // a piece of the extra information a side was told
	TypeSecret    FactType = "secret"     // a character's secret
	TypeItemValue FactType = "item-value" // a side's value for one item
	TypeGoal      FactType = "goal"       // a side's social goal
)

// FactTypes are the fact types in the order figures list them.
var FactTypes = []FactType{TypeAmount, TypeExtra, TypeSecret, TypeItemValue, TypeGoal}

// Fact is one unit of information with an owner and the data needed to
// recognise it when someone says it.
type Fact struct {
	ID    string   `yaml:"id" json:"id"`
	Owner Owner    `yaml:"-" json:"owner"`
	Kind  FactKind `yaml:"kind" json:"kind"`
	// Type says what the owner was told (docs/SCENARIOS.md): figures are
	// given per type, and a partner stating a goal is counted apart.
	// Loading fills it in when a file leaves it out (TypeOf).
	Type    FactType `yaml:"type,omitempty" json:"type,omitempty"`
	Text    string   `yaml:"text" json:"text"`
	Phrases []string `yaml:"phrases,omitempty" json:"phrases,omitempty"`
	// Paraphrases are other ways to say a name, value or phrase fact,
	// matched as key phrases ("relocating" for "moving out"). They are as
	// private as the fact.
	Paraphrases []string `yaml:"paraphrases,omitempty" json:"paraphrases,omitempty"`
	// Together are the words of what a seat was told (a piece of its
	// extra information, its goal) that state it only beside another of
	// its words in one clause: common words, where its phrases and
	// paraphrases are the rare ones that state it alone
	// (docs/METRICS.md).
	Together  []string `yaml:"together,omitempty" json:"together,omitempty"`
	Aliases   []string `yaml:"aliases,omitempty" json:"aliases,omitempty"`
	Number    *float64 `yaml:"number,omitempty" json:"number,omitempty"`
	Tolerance float64  `yaml:"tolerance,omitempty" json:"tolerance,omitempty"`
	// Attribute names what carries a fact: a MutualFriends attribute,
	// "value" for a Deal-or-No-Deal item value, GoalAttribute for what a
	// seat's goal or secret says. Views show such facts through what
	// carries them, not as a list.
	Attribute string `yaml:"attribute,omitempty" json:"attribute,omitempty"`
	// Derived facts come from family data rather than the file's fact lists.
	Derived bool `yaml:"-" json:"derived,omitempty"`
}

// GoalAttribute marks a fact found in its owner's goal or secret.
const GoalAttribute = "goal"

// Character is who sits in a seat.
type Character struct {
	Name   string `yaml:"name" json:"name"`
	Public string `yaml:"public" json:"public"`
	// Age, Gender, Pronouns and Occupation are profile fields an
	// acquaintance or closer sees (Sotopia's characters carry them).
	Age         int    `yaml:"age,omitempty" json:"age,omitempty"`
	Gender      string `yaml:"gender,omitempty" json:"gender,omitempty"`
	Pronouns    string `yaml:"pronouns,omitempty" json:"pronouns,omitempty"`
	Occupation  string `yaml:"occupation,omitempty" json:"occupation,omitempty"`
	Personality string `yaml:"personality,omitempty" json:"personality,omitempty"`
	Secret      string `yaml:"secret,omitempty" json:"secret,omitempty"`
	Goal        string `yaml:"goal" json:"goal"`
}

// Seat is one side of the conversation.
type Seat struct {
	Role      string    `yaml:"role" json:"role"`
	Character Character `yaml:"character" json:"character"`
	Facts     []Fact    `yaml:"facts,omitempty" json:"facts,omitempty"`
}

// Relationship says how well the two characters know each other; it decides
// how much of the partner's profile a seat sees, in Sotopia's four tiers:
// strangers see nothing, know-by-name the name, acquaintances also the
// public profile fields, friends and closer also the personality.
type Relationship string

const (
	Strangers     Relationship = "strangers"
	KnowByName    Relationship = "know-by-name"
	Acquaintances Relationship = "acquaintances"
	Friends       Relationship = "friends"
	Romantic      Relationship = "romantic"
	FamilyTie     Relationship = "family"
)

// Scenario is one social task for two seats.
type Scenario struct {
	ID           string       `yaml:"id" json:"id"`
	Title        string       `yaml:"title" json:"title"`
	Family       Family       `yaml:"family" json:"family"`
	Setting      string       `yaml:"setting" json:"setting"`
	Relationship Relationship `yaml:"relationship" json:"relationship"`
	// Background is the pair's shared history as the narrator knows it; it
	// may hint at either side's secret, so only omniscient views carry it.
	Background  string `yaml:"background,omitempty" json:"background,omitempty"`
	MaxTurns    int    `yaml:"max_turns,omitempty" json:"max_turns"`
	Seats       []Seat `yaml:"seats" json:"seats"`
	EnvFacts    []Fact `yaml:"environment_facts,omitempty" json:"environment_facts,omitempty"`
	PublicFacts []Fact `yaml:"public_facts,omitempty" json:"public_facts,omitempty"`
	// Data is the family's own part of the scenario (a Craigslist
	// listing, the MutualFriends lists, the items on a Deal-or-No-Deal
	// table), in the family's type; nil for a family without one. Files
	// and recordings keep it under the family's key (Section), here
	// between the public facts and the source.
	Data Data `yaml:"-" json:"-"`
	// others are more family data, decoded beside Data, for Validate to
	// refuse (a scenario holds one family's).
	others []Data
	Source string `yaml:"-" json:"source,omitempty"`
}

// DefaultMaxTurns is the turn limit when a file does not set one.
const DefaultMaxTurns = 20

// Facts returns every fact of the scenario: both seats', the environment's
// and the public ones, in a stable order.
func (s *Scenario) Facts() []Fact {
	var all []Fact
	all = append(all, s.Seats[0].Facts...)
	all = append(all, s.Seats[1].Facts...)
	all = append(all, s.EnvFacts...)
	all = append(all, s.PublicFacts...)
	return all
}

// OwnerName names who holds a fact: a seat's role, "env" or "public".
func (s *Scenario) OwnerName(o Owner) string {
	switch {
	case o == OwnerEnv:
		return "env"
	case o == OwnerPublic:
		return "public"
	case int(o) >= 0 && int(o) < len(s.Seats):
		return s.Seats[o].Role
	}
	return "?"
}

// Partner returns the other seat's index.
func Partner(seat int) int { return 1 - seat }
