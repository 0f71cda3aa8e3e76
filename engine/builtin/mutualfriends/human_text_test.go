package mutualfriends

import (
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/view"
)

// The utterances below are what a person playing a seat might type. The
// built-in players must read them: questions, negations, and the names
// and values of their own friend list, names with one typo.

// testFriends is a friend list the utterances below are written against.
func testFriends() *friendFinder {
	row := func(name, school, company, hobby string) mf.Friend {
		return mf.Friend{Name: name, Values: map[string]string{"school": school, "company": company, "hobby": hobby}}
	}
	mine := []mf.Friend{
		row("Jacob Miller", "Stanford", "Google", "chess"),
		row("Maria Lopez", "MIT", "Apple", "hiking"),
		row("Priya Natarajan", "Stanford", "Nimbus Cloud", "surfing"),
		row("Owen Blake", "Yale", "Apple", "chess"),
		row("Deborah Kim", "UCLA", "Google", "pottery"),
	}
	return newFriendFinder(builtin.Knowledge{Self: view.SeatView{Holding: &mf.List{Friends: mine}}}, []string{"school", "company", "hobby"})
}

func TestReadsHumanFriendTalk(t *testing.T) {
	f := testFriends()
	type reading struct {
		names, values     string // first names and values found, comma-separated, in list order
		negated, question bool
	}
	cases := []struct {
		text string
		want reading
	}{
		// Values and questions.
		{"Do you know anyone who went to Stanford?", reading{values: "Stanford", question: true}},
		{"any friends at google?", reading{values: "Google", question: true}},
		{"Anyone into chess?", reading{values: "chess", question: true}},
		{"do any of yours work at nimbus cloud", reading{values: "Nimbus Cloud"}},
		{"Two of my friends went to MIT.", reading{values: "MIT"}},
		{"I know a couple of people at Apple", reading{values: "Apple"}},
		{"Most of mine like hiking or surfing.", reading{values: "hiking,surfing"}},
		{"mine are mostly stanford and yale people", reading{values: "Stanford,Yale"}},
		{"Someone who does pottery?", reading{values: "pottery", question: true}},
		{"I have one friend from UCLA. Do you?", reading{values: "UCLA", question: true}},
		{"What companies do your friends work at?", reading{question: true}},
		{"Hi! Let's find our mutual friend.", reading{}},
		{"Stanford?", reading{values: "Stanford", question: true}},
		{"chess players?", reading{values: "chess", question: true}},
		{"Google, Apple, or something else?", reading{values: "Google,Apple", question: true}},
		// Negations.
		{"No, none of my friends went to Stanford.", reading{values: "Stanford", negated: true}},
		{"I don't know anyone at Google.", reading{values: "Google", negated: true}},
		{"nobody into chess", reading{values: "chess", negated: true}},
		{"Nope, no MIT people.", reading{values: "MIT", negated: true}},
		{"None of mine surf... I mean no surfing.", reading{values: "surfing", negated: true}},
		{"We have no one from Yale.", reading{values: "Yale", negated: true}},
		{"I've never met anyone who works at Apple", reading{values: "Apple", negated: true}},
		{"not at UCLA, sorry", reading{values: "UCLA", negated: true}},
		{"no", reading{negated: true}},
		{"No hikers here.", reading{negated: true}},
		// Not negations.
		{"Yes, two of them went to Stanford.", reading{values: "Stanford"}},
		{"yeah, one at Google", reading{values: "Google"}},
		{"I know someone who hikes", reading{}},
		{"yes", reading{}},
		{"Sure, I have an Apple friend.", reading{values: "Apple"}},
		// Names, exact.
		{"Do you know Jacob?", reading{names: "Jacob", question: true}},
		{"Is it Maria Lopez?", reading{names: "Maria", question: true}},
		{"I think it's Priya Natarajan.", reading{names: "Priya"}},
		{"owen blake from yale", reading{names: "Owen", values: "Yale"}},
		{"Deborah? She does pottery.", reading{names: "Deborah", values: "pottery", question: true}},
		{"Jacob's at Google, right?", reading{names: "Jacob", values: "Google", question: true}},
		{"I don't know Owen.", reading{names: "Owen", negated: true}},
		// Names with one typo.
		{"Do you know Jakob?", reading{names: "Jacob", question: true}},
		{"Is it Mraia?", reading{names: "Maria", question: true}},
		{"priyaa natarajan", reading{names: "Priya"}},
		{"Owne Blake", reading{names: "Owen"}},
		{"Debora Kim from UCLA", reading{names: "Deborah", values: "UCLA"}},
		{"jacobb", reading{names: "Jacob"}},
		{"Marai went to MIT", reading{names: "Maria", values: "MIT"}},
		{"Pryia?", reading{names: "Priya", question: true}},
		// Near misses that are not names.
		{"I like hiking", reading{values: "hiking"}},
		{"Jacobson is my cousin", reading{}},
		{"Debra from accounting", reading{}},
		{"Maximilian", reading{}},
		{"Oven mitts", reading{}},
		{"I'm a mariachi fan", reading{}},
	}
	for _, c := range cases {
		var got reading
		var names, values []string
		f.scan(c.text, func(s talk.Sentence, vals, ns, _ []int) {
			got.negated = got.negated || talk.Negated(s.Text)
			got.question = got.question || s.Question
			for _, v := range vals {
				if w := f.values[v].value; !slices.Contains(values, w) {
					values = append(values, w)
				}
			}
			for _, n := range ns {
				first, _, _ := strings.Cut(f.mine[n].Name, " ")
				if !slices.Contains(names, first) {
					names = append(names, first)
				}
			}
		})
		got.names, got.values = strings.Join(names, ","), strings.Join(values, ",")
		if got != c.want {
			t.Errorf("%q read as %+v, want %+v", c.text, got, c.want)
		}
	}
	t.Logf("%d friend-talk utterances", len(cases))
}

func TestSelectionWithOneTypo(t *testing.T) {
	f := testFriends()
	for name, want := range map[string]int{"Jacob Miller": 0, "jakob": 0, "Mraia Lopez": 1, "Priya": 2, "Deb": -1, "Olga": -1, "owne": 3} {
		if got := f.friendNamed(name); got != want {
			t.Errorf("friendNamed(%q) = %d, want %d", name, got, want)
		}
	}
}

func TestOneEditAway(t *testing.T) {
	for _, c := range []struct {
		word, name string
		want       bool
	}{
		{"jacob", "jacob", true}, {"jakob", "jacob", true}, {"jacb", "jacob", true}, {"jacobb", "jacob", true},
		{"jcaob", "jacob", true}, {"jacobs", "jacob", true}, {"jacobson", "jacob", false}, {"kacob", "jacob", false},
		{"like", "mike", false}, {"mkie", "mike", true}, {"oven", "owen", false}, {"mule", "mike", false}, {"marai", "maria", true}, {"jo", "jon", false}, {"jaocbb", "jacob", false},
	} {
		if got := oneEditAway(c.word, c.name); got != c.want {
			t.Errorf("oneEditAway(%q, %q) = %v", c.word, c.name, got)
		}
	}
}
