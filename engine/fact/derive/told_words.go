package derive

import "github.com/omnigap/omnigap/engine/words"

// The words of what a seat was told (told.go): which are too common to
// say a piece alone, which only frame it, and the other words people use
// for the telling ones. Precision first: a synonym is listed only where
// it says the same thing about the speaker in nearly every sentence.

// commonWords say a piece of information only beside another of its
// words: "other plans", "sleeping well", not "other" or "well" alone.
var commonWords = words.WordSet(`need needs want wants feel feels think thinks believe believes know knows make
	makes take takes get gets go goes come comes more most other another some few lot lots well good bad better
	way thing things time times moment person people quite just only also still actually even back already
	initially really able willing try trying help set put give done sure whole own new old one two three
	deep keep warm each every much many long little big great share shares hurt else anything something risk resolved
	around away lately today tonight tomorrow recently soon often usually important support together fun friendly
	problem problems plan plans day days found feeling feel feelings respect owner mutual early late causes cause
	talk talking friend friends person partner other situation work life home`)

// toldFraming words only frame a piece ("you are aware that ...", "you
// found out that ...") or stand for someone or something it names
// elsewhere.
var toldFraming = words.WordSet(`extra information aware fact hint what which who whom whose when where why how
	because since while if than then there here now yet though although whether but too yours mine ours theirs
	yourself myself ourselves themselves someone somebody anyone anybody everyone everybody something everything
	anything found find finds learned learnt realized realised noticed notice heard discovered out up`)

// goalVerbs say that a goal is pursued, not what it is about ("convince
// them to lend the car"): the object says the goal. Listed by stem
// (words.Stem), so every form is one.
var goalVerbs = func() map[string]bool {
	out := map[string]bool{}
	for w := range words.WordSet(`convince persuade maintain get ask want wish help express reveal avoid try attempt make
		support minimize maximize prevent stop seek ensure encourage keep remain stay find achieve obtain reach gain
		show let figure manage handle assure tell understand learn discuss resolve agree accept decide refuse
		continue start begin use`) {
		out[words.Stem(w)] = true
	}
	return out
}()

// toldSynonyms are other words for a telling word of extra information
// or a goal; a synonym of several words is a phrase of its own.
var toldSynonyms = map[string][]string{
	"hatred":     {"hate", "hateful", "loathe", "despise", "detest", "can't stand", "cannot stand", "blood boil", "intense dislike", "infuriating", "irks"},
	"violence":   {"violent", "peaceful", "peacefully", "civil"},
	"expensive":  {"valuable", "costly", "pricey", "monetary", "lot of money", "cost a lot"},
	"damaged":    {"damage", "broken", "break", "ruined", "scratched"},
	"lost":       {"lose", "losing", "misplaced"},
	"forgot":     {"forgotten", "forget", "left my"},
	"fun":        {"enjoyable", "merrier"},
	"expenses":   {"costs", "split the cost", "cheaper", "affordable", "split the bill"},
	"extremely":  {"freezing", "frozen", "shivering", "shivers", "shiver"},
	"tolerance":  {"tolerate", "feel the cold more", "sensitive to cold"},
	"tired":      {"exhausted", "exhaustion", "sleepy", "worn out", "lost steam", "need rest", "need some rest", "eyes", "yawning", "drained"},
	"early":      {"bedtime", "get some sleep"},
	"minutes":    {"minute"},
	"pain":       {"painful", "aches", "sore"},
	"mattress":   {"topper"},
	"firmer":     {"firm", "harder", "sturdy", "support"},
	"trouble":    {"mess", "messy", "disruptive", "disrespectful"},
	"respecting": {"respect", "disrespect"},
	"rules":      {"rule"},
	"nowhere":    {"no other place", "no place to go", "nowhere else"},
	"belongs":    {"belong", "owner", "owns"},
	"mistakenly": {"mistake", "mistaken", "thought it was mine"},
	"afford":     {"affordable", "can afford"},
	"budget":     {"within my means", "within our means", "stay within"},
	"exceeding":  {"beyond", "go over", "over budget", "overspend"},
	"share":      {"split"},
	"upset":      {"hurt your feelings", "disappoint"},
	"cry":        {"tears", "crying"},
	"worried":    {"worry", "afraid", "nervous", "scared"},
}
