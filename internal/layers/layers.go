// Package layers names the layer of every package under engine/, lowest
// first, as docs/ARCHITECTURE.md ("Layers") draws them; its test holds
// the imports to them.
package layers

// Names are the layers, lowest first.
var Names = []string{"readers", "core", "domain", "play", "sources", "results"}

// Of is each engine package's layer (an index into Names), by its path
// under engine/ ("" is engine itself). A package imports packages of its
// own layer or lower ones.
var Of = map[string]int{
	// readers: leaves that read or write text and files, knowing nothing of a run.
	"": 0, "textsafe": 0, "safefile": 0, "shape": 0, "recent": 0, "record/jsonw": 0,
	"leak/words": 0, "leak/amount": 0, "interop/sotopia/wire": 0,
	// core: what a scenario, a turn, an event and a recording are.
	"event": 1, "scenario": 1, "view": 1, "palette": 1, "highlight": 1, "record": 1,
	"leak/match": 1, "leak/secret": 1, "leak/derive": 1,
	// domain: the families, their metrics and generators.
	"family": 2, "family/all": 2, "family/craigslist": 2, "family/dealornodeal": 2,
	"family/freeform": 2, "family/mutualfriends": 2, "metrics": 2, "generate": 2,
	// play: running an episode, its backends and annotators.
	"run": 3, "episode": 3, "human": 3, "replay": 3, "leak": 3, "leak/check": 3,
	"builtin": 3, "builtin/all": 3, "builtin/talk": 3, "builtin/craigslist": 3,
	"builtin/dealornodeal": 3, "builtin/freeform": 3, "builtin/mutualfriends": 3,
	// sources: where scenarios and turns come from besides the built-in engine.
	"library": 4, "interop": 4, "interop/cocoa": 4, "interop/importer": 4,
	"interop/sotopia": 4, "interop/sotopia/episodes": 4,
	"llm": 4, "llm/chat": 4, "llm/config": 4, "llm/estimate": 4, "llm/llmtest": 4,
	"llm/llmtest/cmd/fakeopenai": 4, "llm/openaiapi": 4, "llm/provider": 4,
	"llm/replycache": 4, "llm/transport": 4, "builtin/builtintest": 4, "record/recordtest": 4,
	// results: studies, reports, cards, exports and pages.
	"batch": 5, "batch/dryrun": 5, "study": 5, "report": 5, "report/slide": 5, "card": 5, "export": 5, "page": 5,
	"browse": 5,
}

// Up are the imports allowed to run from a lower layer to a higher one,
// "from → to", each with its reason in docs/ARCHITECTURE.md. At most two.
var Up = []string{}
