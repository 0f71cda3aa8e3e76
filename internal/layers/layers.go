// Package layers names the layer of every package under engine/ and
// tui/, lowest first, as docs/ARCHITECTURE.md ("Layers") draws them; its
// test holds the imports to them.
package layers

// Set is one tree's layers: their names, lowest first, and each
// package's layer by its path under the tree's root ("" is the root
// itself).
type Set struct {
	Root  string
	Names []string
	Of    map[string]int
	// Strict sets import only packages of lower layers: siblings of one
	// layer do not import each other. Otherwise a package imports its own
	// layer or lower ones.
	Strict bool
	// Up are the imports allowed to run from a lower layer to a higher
	// one, "from → to", each with its reason in docs/ARCHITECTURE.md. At
	// most two.
	Up []string
}

// Engine is engine/: everything that is not drawing.
var Engine = Set{
	Root:  "github.com/omnigap/omnigap/engine",
	Names: []string{"readers", "core", "domain", "play", "sources", "results", "services"},
	Of: map[string]int{
		// readers: leaves that read or write text and files, knowing nothing of a run.
		"": 0, "textsafe": 0, "wrap": 0, "safefile": 0, "shape": 0, "recent": 0, "jsonw": 0,
		"words": 0, "amount": 0, "sotopiawire": 0,
		// core: what a scenario, a turn, an event, a fact and a recording are.
		"event": 1, "scenario": 1, "view": 1, "palette": 1, "highlight": 1, "record": 1,
		"fact/match": 1, "fact/secret": 1, "fact/derive": 1,
		// domain: the families, their metrics and generators.
		"family": 2, "family/all": 2, "family/craigslist": 2, "family/dealornodeal": 2,
		"family/freeform": 2, "family/mutualfriends": 2, "metrics": 2, "generate": 2, "agree": 2,
		// play: running an episode, its backends and annotators.
		"run": 3, "episode": 3, "human": 3, "replay": 3, "leak": 3, "leak/check": 3,
		"builtin": 3, "builtin/all": 3, "builtin/talk": 3, "builtin/craigslist": 3,
		"builtin/dealornodeal": 3, "builtin/freeform": 3, "builtin/mutualfriends": 3,
		// sources: where scenarios and turns come from besides the built-in engine.
		"library": 4, "interop": 4, "interop/cocoa": 4, "interop/importer": 4,
		"interop/sotopia": 4, "interop/sotopia/episodes": 4, "interop/sotopia/origin": 4,
		"llm": 4, "llm/chat": 4, "llm/config": 4, "llm/estimate": 4, "llm/openaiapi": 4,
		"llm/provider": 4, "llm/replycache": 4, "llm/transport": 4,
		// results: studies, reports, cards, exports and pages.
		"batch": 5, "batch/dryrun": 5, "study": 5, "report": 5, "report/slide": 5, "card": 5, "export": 5, "page": 5,
		"browse": 5, "people": 5, "rejudge": 5,
		// services: what runs for people while the program serves them.
		"room": 6, "room/web": 6,
	},
}

// TUI is tui/: the Bubble Tea app and its parts. Each part imports only
// the layers below it, so a widget never reaches into a pane, nor a pane
// into the app.
var TUI = Set{
	Root:   "github.com/omnigap/omnigap/tui",
	Names:  []string{"kit", "widgets", "views", "panels", "app", "doors"},
	Strict: true,
	Of: map[string]int{
		// kit: what every part shares (styles, keys, the component stack).
		"ui": 0,
		// widgets: one thing each, knowing no run's pane.
		"input": 1, "panel": 1, "chooser": 1, "prompt": 1, "side": 1, "plain": 1, "studybar": 1, "console": 1,
		"browser": 1,
		// views: one run's pane.
		"pane": 2,
		// panels: what shows panes and their runs whole.
		"overlay": 3, "scoreboard": 3,
		// app: the root model.
		"": 4,
		// doors: how people reach the app besides a terminal of their own
		// (the room's SSH door and its terminal game), and the real binary
		// driven in tmux (tests only).
		"serve": 5, "e2e": 5,
	},
}

// Sets are every tree held to its layers.
var Sets = []Set{Engine, TUI}

// Doorless are the engine packages that know no door: they import none
// of Doors directly, so a door (SSH, the web) hands them people and never
// the other way round.
var Doorless = []string{"room"}

// Doors are the import paths of the transports and front ends (a path
// and everything under it).
var Doors = []string{
	"net/http", "github.com/coder/websocket", "golang.org/x/crypto/ssh", "charm.land/ssh",
	"charm.land/wish", "github.com/omnigap/omnigap/tui",
}
