package mutualfriends

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/jsonw"
)

// Pick is the argument of a selection (event.Action.Arg): a friend's
// name as the selecting side's list spells it. Recordings keep it under
// "friend".
type Pick string

// Key is the member recordings keep a selected name under.
func (Pick) Key() string { return "friend" }

// Label is the name.
func (p Pick) Label() string { return string(p) }

// Said is the name, which a fact may be.
func (p Pick) Said() string { return string(p) }

// AppendJSON writes the name as a JSON string.
func (p Pick) AppendJSON(dst []byte) ([]byte, bool) { return jsonw.String(dst, string(p)), true }

// PickOf returns the name a move selects, or "".
func PickOf(a event.Action) string {
	p, _ := a.Arg.(Pick)
	return string(p)
}

// Picks are what the family's rules settle (event.Outcome.Terms): the
// friend each side selected last. Recordings keep them as "selections",
// in every family's outcome ("" and "" when nobody selected).
type Picks struct {
	Selections [2]string `json:"selections"`
}

// Key: a recorded outcome with a selection holds picks.
func (Picks) Key() string { return "selections" }

// Agreed: picking the same friend is a success, not an agreement.
func (Picks) Agreed() bool { return false }

// Terms is the family's terms: Picks.
func (Family) Terms() event.Terms { return Picks{} }

// Find finds name on a friend list, case-insensitively, by full name or
// by a first name only one friend has, and returns the list's spelling,
// which the referee compares. The error lists the names to pick from.
func Find(name string, list []Friend) (string, error) {
	want := strings.ToLower(strings.TrimSpace(name))
	match := -1
	for i, f := range list {
		full := strings.ToLower(f.Name)
		first, _, _ := strings.Cut(full, " ")
		if want == full {
			return f.Name, nil
		}
		if want == first {
			if match >= 0 {
				return "", fmt.Errorf("%q fits more than one friend; type the full name", name)
			}
			match = i
		}
	}
	if match < 0 {
		names := make([]string, len(list))
		for i, f := range list {
			names[i] = f.Name
		}
		return "", fmt.Errorf("%s is not in your friend list (%s)", name, strings.Join(names, ", "))
	}
	return list[match].Name, nil
}
