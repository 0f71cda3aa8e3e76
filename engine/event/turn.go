package event

// Turn is one completed turn of the dialogue so far.
type Turn struct {
	Number  int // 1-based
	Seat    int
	Speaker string
	Backend string // what made the turn: its maker (human for a person)
	// Person is what a person playing in this run was shown (run.Config.Person);
	// the annotator reads it for a person's turns.
	Person Person
	Action Action
}

// Person is what a person who plays a seat is shown, besides their own
// seat's View. It decides whether a partner's fact they say was known to
// them (a leak) or not (a guess).
type Person string

const (
	// PersonSeesAll is every side: in watch the other panes and the info
	// panel show them to a person who takes a seat over. The zero value.
	PersonSeesAll Person = ""
	// PersonSeesOwn is the seat's own side only, as in play, where the
	// partner's side waits for the reveal.
	PersonSeesOwn Person = "own-side"
)
