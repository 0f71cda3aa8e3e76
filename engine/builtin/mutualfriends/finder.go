package mutualfriends

import (
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
)

// friendFinder plays the mutual friends game: it keeps a candidate set from
// what it has heard, asks about the value that splits its candidates best,
// answers the partner's questions truthfully from its own list, and selects
// when one candidate is left.
type friendFinder struct {
	mine []mf.Friend
	// onBoth marks the friends also on the partner's list, when the view
	// shows that list (MINDREADERS, SCRIPT); nil otherwise. It is where the
	// partner's information enters: it starts the candidate set.
	onBoth []bool
	values []valueRef // the distinct values of my list
	names  []nameRef  // one per friend
	// theirsOnly are values only the partner's list has, when the view
	// shows that list: what a mind reader lets slip.
	theirsOnly []valueRef
}

type valueRef struct {
	attr, value, lower string
}

type nameRef struct {
	full, first string // lower-case
}

func newFriendFinder(k builtin.Knowledge, attributes []string) *friendFinder {
	f := &friendFinder{mine: mf.FriendsOf(k.Self)}
	seen := map[string]bool{}
	for _, fr := range f.mine {
		for _, a := range attributes {
			v := fr.Values[a]
			if v != "" && !seen[a+"\x00"+v] {
				seen[a+"\x00"+v] = true
				f.values = append(f.values, valueRef{attr: a, value: v, lower: strings.ToLower(v)})
			}
		}
		full := strings.ToLower(fr.Name)
		first, _, _ := strings.Cut(full, " ")
		f.names = append(f.names, nameRef{full: full, first: first})
	}
	if k.PartnerKnown {
		for _, o := range mf.FriendsOf(k.Partner) {
			for _, a := range attributes {
				if v := o.Values[a]; v != "" && !seen[a+"\x00"+v] {
					seen[a+"\x00"+v] = true
					f.theirsOnly = append(f.theirsOnly, valueRef{attr: a, value: v, lower: strings.ToLower(v)})
				}
			}
		}
		f.onBoth = make([]bool, len(f.mine))
		for i, fr := range f.mine {
			for _, o := range mf.FriendsOf(k.Partner) {
				if fr.Same(o, attributes) {
					f.onBoth[i] = true
				}
			}
		}
	}
	return f
}

// friendState is the game rebuilt from the history from one seat's side.
type friendState struct {
	denied     []bool // per value: the partner has nobody with it
	confirmed  []int  // values the partner has, in the order heard
	deniedName []bool // per friend: the partner does not know them
	named      int    // a friend of mine the partner named or selected, or -1
	myAsked    []bool // per value: I have asked about it already
	// From the partner's latest turn, which this turn answers.
	asked        []int        // my values the partner asked about
	askedForm    questionForm // how the first question about them was put
	askedUnknown bool         // a question that names none of my values
	unknownForm  questionForm // how the first such question was put
	unknownName  string       // the partner selected someone not on my list
	// askedName is someone not on my list whom the partner's latest
	// turn asked me about ("Do you know Caleb Ross?").
	askedName string
	// nameAsked marks, per friend, that I asked the partner about them
	// by name.
	nameAsked []bool
}

func (f *friendFinder) read(history []event.Turn, seat int) friendState {
	st := friendState{
		denied: make([]bool, len(f.values)), deniedName: make([]bool, len(f.mine)),
		myAsked: make([]bool, len(f.values)), named: -1, nameAsked: make([]bool, len(f.mine)),
	}
	var lastAsked []int      // what my latest turn asked, for bare yes and no answers
	var lastAskedNames []int // whom my latest turn asked about by name
	for i, t := range history {
		latest := i == len(history)-1
		if t.Seat == seat {
			lastAsked, lastAskedNames = lastAsked[:0], lastAskedNames[:0]
			f.scan(t.Action.Text, func(s talk.Sentence, vals, names []int, prev []int) {
				if s.Question {
					if len(vals) == 0 && followUp(s.Text) {
						vals = prev
					}
					for _, v := range vals {
						st.myAsked[v] = true
						lastAsked = append(lastAsked, v)
					}
					for _, n := range names {
						st.nameAsked[n] = true
						lastAskedNames = append(lastAskedNames, n)
					}
				}
			})
			continue
		}
		if latest {
			st.askedName = f.strangerAsked(t.Action.Text)
		}
		f.scan(t.Action.Text, func(s talk.Sentence, vals, names []int, prev []int) {
			switch {
			case s.Question:
				f.nameFriends(&st, names)
				if len(vals) == 0 && followUp(s.Text) {
					vals = prev
				}
				// People ask about values their own friends have.
				st.confirmed = append(st.confirmed, vals...)
				if !latest {
					return
				}
				unknown := len(vals) == 0 && len(names) == 0
				switch {
				case len(vals) > 0 && len(st.asked) == 0:
					st.askedForm = formOf(s.Text)
				case unknown && !st.askedUnknown:
					st.unknownForm = formOf(s.Text)
				}
				st.asked = append(st.asked, vals...)
				st.askedUnknown = st.askedUnknown || unknown
			case talk.Negated(s.Text):
				if len(vals) == 0 && len(names) == 0 {
					names = lastAskedNames
				}
				for _, n := range names {
					st.deniedName[n] = true
				}
				if len(vals) == 0 && len(names) == 0 {
					vals = lastAsked
				}
				for _, v := range vals {
					st.denied[v] = true
				}
			default:
				f.nameFriends(&st, names)
				if len(vals) == 0 && len(names) == 0 && talk.StartsWithAny(s.Text, yesCues) {
					vals = lastAsked
					f.nameFriends(&st, lastAskedNames)
				}
				st.confirmed = append(st.confirmed, vals...)
			}
		})
		if name := mf.PickOf(t.Action); t.Action.Type == event.Select && name != "" {
			if n := f.friendNamed(name); n >= 0 {
				f.nameFriends(&st, []int{n})
			} else if latest {
				st.unknownName = name
			}
		}
	}
	return st
}

// strangerAsked is the first person a question of text asks about by
// name who is not on my list, or "".
func (f *friendFinder) strangerAsked(text string) string {
	for _, q := range questionsOf(text) {
		for _, name := range namesAsked(q) {
			if f.friendNamed(name) < 0 {
				return name
			}
		}
	}
	return ""
}

// unaskedName is a friend of focus I have not asked about by name, or -1.
func (f *friendFinder) unaskedName(focus []int, st friendState) int {
	for _, i := range focus {
		if !st.nameAsked[i] {
			return i
		}
	}
	return -1
}

func (f *friendFinder) nameFriends(st *friendState, names []int) {
	for _, n := range names {
		if !st.deniedName[n] {
			st.named = n
		}
	}
}

// scan calls fn for each sentence of text with the values and friends of my
// list it mentions, and the values of the sentence before it ("A few of my
// friends like chess. Any of yours?").
func (f *friendFinder) scan(text string, fn func(s talk.Sentence, vals, names, prev []int)) {
	var prev []int
	for _, s := range talk.Sentences(strings.ToLower(text)) {
		var vals, names []int
		for i, v := range f.values {
			if talk.HasPhrase(s.Text, v.lower) {
				vals = append(vals, i)
			}
		}
		words := nameWords(s.Text)
		for i, n := range f.names {
			if mentionsName(s.Text, words, n) {
				names = append(names, i)
			}
		}
		fn(s, vals, names, prev)
		prev = vals
	}
}

// followUp reports whether a question is a short follow-up such as "Any of
// yours?", which asks about what the sentence before it said.
func followUp(q string) bool { return len(strings.Fields(q)) <= 5 }

// friendNamed finds the friend a selection names, allowing one typo.
func (f *friendFinder) friendNamed(name string) int {
	l := strings.ToLower(strings.TrimSpace(name))
	for i, n := range f.names {
		if l == n.full || l == n.first {
			return i
		}
	}
	found, words := -1, nameWords(l)
	for i, n := range f.names {
		if mentionsName(l, words, n) {
			if found >= 0 {
				return -1 // ambiguous
			}
			found = i
		}
	}
	return found
}

// candidates returns my friends who can still be the mutual friend, and
// the focus: those of them that also have every value the partner said it
// has, as far as some candidate does. A friend the partner named is the
// whole focus.
func (f *friendFinder) candidates(st friendState) (possible, focus []int) {
	for i, fr := range f.mine {
		if st.deniedName[i] || f.onBoth != nil && !f.onBoth[i] || f.hasDenied(fr, st) {
			continue
		}
		possible = append(possible, i)
	}
	if st.named >= 0 {
		return possible, []int{st.named}
	}
	focus = possible
	for _, v := range st.confirmed {
		var kept []int
		for _, i := range focus {
			if f.has(i, v) {
				kept = append(kept, i)
			}
		}
		if len(kept) > 0 {
			focus = kept
		}
	}
	return possible, focus
}

// unconfirmed is a value of friend i the partner has not said it has and I
// have not asked about, or -1.
func (f *friendFinder) unconfirmed(i int, st friendState) int {
	for v := range f.values {
		if f.has(i, v) && !st.myAsked[v] && !slices.Contains(st.confirmed, v) {
			return v
		}
	}
	return -1
}

// checked reports whether the partner has said it has one of friend i's
// values.
func (f *friendFinder) checked(i int, st friendState) bool {
	for _, v := range st.confirmed {
		if f.has(i, v) {
			return true
		}
	}
	return false
}

func (f *friendFinder) hasDenied(fr mf.Friend, st friendState) bool {
	for v, d := range st.denied {
		if d && fr.Values[f.values[v].attr] == f.values[v].value {
			return true
		}
	}
	return false
}

func (f *friendFinder) has(friend, v int) bool {
	return f.mine[friend].Values[f.values[v].attr] == f.values[v].value
}

// count is how many friends on my whole list have value v.
func (f *friendFinder) count(v int) int {
	n := 0
	for i := range f.mine {
		if f.has(i, v) {
			n++
		}
	}
	return n
}

// bestSplit is the value not yet asked about that divides the focus most
// evenly, or -1 when no value divides it.
func (f *friendFinder) bestSplit(focus []int, st friendState, d *talk.Dice) int {
	best, score, ties := -1, 0, 0
	for v := range f.values {
		if st.myAsked[v] || st.denied[v] || slices.Contains(st.confirmed, v) {
			continue
		}
		c := 0
		for _, i := range focus {
			if f.has(i, v) {
				c++
			}
		}
		s := min(c, len(focus)-c)
		switch {
		case s > score:
			best, score, ties = v, s, 1
		case s == score && s > 0:
			// Reservoir choice among equally good values, from the dice.
			ties++
			if d.Intn(ties) == 0 {
				best = v
			}
		}
	}
	return best
}
