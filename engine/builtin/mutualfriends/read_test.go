package mutualfriends

import (
	"testing"

	"github.com/omnigap/omnigap/engine/builtin/talk"
)

// Every line the players can say reads back as what it means: questions
// are questions and only "no" answers are negated.
func TestOwnLinesReadBack(t *testing.T) {
	for act, lines := range friendsLines {
		for _, l := range lines {
			text := talk.Render(l, talk.Slots{One: "works at nimbus cloud", Many: "work at nimbus cloud", Count: "two", Name: "jessica osei"})
			ss := talk.Sentences(text)
			last := ss[len(ss)-1]
			switch a := friendsAct(act); a {
			case actAsk, actInformAsk:
				if !last.Question || talk.Negated(text) {
					t.Errorf("%q is not a plain question", text)
				}
			case actNo, actUnknownName:
				if !talk.Negated(ss[0].Text) {
					t.Errorf("%q is not negated", text)
				}
			case actYesOne, actYesMany, actIDoOne, actIDoMany, actHaveOne, actHaveMany, actLookingUp, actSelect, actConfirm:
				if talk.Negated(text) || last.Question {
					t.Errorf("%q is not a plain statement", text)
				}
			}
		}
	}
}
