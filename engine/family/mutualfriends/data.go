package mutualfriends

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// FriendLists is the family's data (scenario.Data, under the key
// "mutualfriends"): the attributes in play and each seat's list of
// friends.
type FriendLists struct {
	Attributes []string    `yaml:"attributes" json:"attributes"`
	Lists      [2][]Friend `yaml:"lists" json:"lists"`
}

// Friend is one row of a friend list: a name plus one value per attribute.
type Friend struct {
	Name   string            `yaml:"name" json:"name"`
	Values map[string]string `yaml:"values" json:"values"`
}

// Section: the lists are written under "mutualfriends".
func (Family) Section() scenario.Section {
	return scenario.Section{Key: "mutualfriends", New: func() scenario.Data { return &FriendLists{} }}
}

// ListsOf returns the scenario's friend lists, or nil when it has none.
func ListsOf(sc *scenario.Scenario) *FriendLists {
	f, _ := sc.Data.(*FriendLists)
	return f
}

// Clone returns a deep copy of the lists.
func (f *FriendLists) Clone() scenario.Data {
	c := FriendLists{Attributes: slices.Clone(f.Attributes)}
	for side, list := range f.Lists {
		c.Lists[side] = make([]Friend, len(list))
		for j, fr := range list {
			c.Lists[side][j] = Friend{Name: fr.Name, Values: maps.Clone(fr.Values)}
		}
	}
	return &c
}

// Mutual returns the index of the mutual friend in each list, or -1s when
// the lists share no identical row.
func (f *FriendLists) Mutual() (int, int) {
	for i, a := range f.Lists[0] {
		for j, b := range f.Lists[1] {
			if a.Same(b, f.Attributes) {
				return i, j
			}
		}
	}
	return -1, -1
}

// MutualCount counts identical rows shared by the two lists.
func (f *FriendLists) MutualCount() int {
	n := 0
	for _, a := range f.Lists[0] {
		for _, b := range f.Lists[1] {
			if a.Same(b, f.Attributes) {
				n++
			}
		}
	}
	return n
}

// Same reports whether two rows describe the same person.
func (f Friend) Same(o Friend, attrs []string) bool {
	if f.Name != o.Name {
		return false
	}
	for _, a := range attrs {
		if f.Values[a] != o.Values[a] {
			return false
		}
	}
	return true
}

// Scene: the attributes are shown with each list, nothing to everyone.
func (f *FriendLists) Scene() view.Scene { return nil }

// Holding is a seat's own list.
func (f *FriendLists) Holding(seat int) view.Holding {
	return &List{Attributes: f.Attributes, Friends: f.Lists[seat]}
}

// List is one seat's friend list as a view holds it
// (view.SeatView.Holding), with the attributes its rows give.
type List struct {
	Attributes []string
	Friends    []Friend
}

// Render writes the list, a friend per line.
func (l *List) Render(b *strings.Builder, whose string) {
	if len(l.Friends) == 0 {
		return
	}
	fmt.Fprintf(b, "%s friends (name; %s):\n", whose, strings.Join(l.Attributes, "; "))
	for _, fr := range l.Friends {
		parts := []string{fr.Name}
		for _, a := range l.Attributes {
			parts = append(parts, fr.Values[a])
		}
		fmt.Fprintf(b, "- %s\n", strings.Join(parts, "; "))
	}
}

// Summary counts the friends.
func (l *List) Summary() string {
	if len(l.Friends) == 0 {
		return ""
	}
	return fmt.Sprintf("a list of %d friends", len(l.Friends))
}

// Label names the list in the card.
func (l *List) Label() string { return "friend list" }

// ListOf returns the friend list a seat view holds, or nil.
func ListOf(sv view.SeatView) *List {
	l, _ := sv.Holding.(*List)
	return l
}

// FriendsOf returns the friends a seat view holds, or nil.
func FriendsOf(sv view.SeatView) []Friend {
	if l := ListOf(sv); l != nil {
		return l.Friends
	}
	return nil
}

// AttributesOf returns the attributes of the friend lists a view holds,
// or nil.
func AttributesOf(v view.View) []string {
	for _, sv := range v.Seats {
		if l := ListOf(sv); l != nil {
			return l.Attributes
		}
	}
	return nil
}

// Clues are what gives the mutual friend away: their name and values,
// said by a seat's partner (leak.Evidenced).
func (f *FriendLists) Clues(fact scenario.Fact) []string {
	i, _ := f.Mutual()
	if fact.ID != MutualFriendFact || i < 0 {
		return nil
	}
	row := f.Lists[0][i]
	out := []string{row.Name}
	for _, a := range f.Attributes {
		if v := row.Values[a]; v != "" {
			out = append(out, v)
		}
	}
	return out
}

// Deducible: the mutual friend is plain to whoever sees both lists.
func (f *FriendLists) Deducible(v view.View, fact scenario.Fact) bool {
	return fact.ID == MutualFriendFact && FriendsOf(v.Seats[0]) != nil && FriendsOf(v.Seats[1]) != nil
}
