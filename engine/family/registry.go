package family

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

var registry = map[scenario.Family]Family{}

// Register makes f known to Of, its data and its rules for it to the
// scenario loader, and its moves' arguments and its terms to recordings.
// Family packages call it from init; registering a name twice panics.
func Register(f Family) {
	if _, dup := registry[f.Name()]; dup {
		panic(fmt.Sprintf("family: %q registered twice", f.Name()))
	}
	registry[f.Name()] = f
	scenario.RegisterRules(f.Name(), f)
	for _, m := range f.Moves() {
		if m.Arg != nil {
			event.RegisterArg(m.Arg.Kind)
		}
	}
	if t := f.Terms(); t != nil {
		event.RegisterTerms(t)
	}
}

// Of returns the registered family of that name, or nil.
func Of(name scenario.Family) Family { return registry[name] }

// All lists the registered families in name order.
func All() []Family {
	out := make([]Family, 0, len(registry))
	for _, f := range registry {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b Family) int { return cmp.Compare(a.Name(), b.Name()) })
	return out
}
