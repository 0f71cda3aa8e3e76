package freeform

import (
	"testing"
)

func TestPersonRewritesGoalsAndSecrets(t *testing.T) {
	for _, c := range []struct {
		text, you, me string
		owner         bool
		want          string
	}{
		{"Borrow $2,500 from Rosa", "Rosa", "Sam", true, "Borrow $2,500 from you"},
		{"Borrow $2,500 from Rosa", "Sam", "Rosa", false, "Borrow $2,500 from me"},
		{"He owes $6,800 from sports betting and the lender has started calling his mother.", "Rosa", "Sam", true,
			"I owe $6,800 from sports betting and the lender has started calling my mother."},
		{"She was laid off three weeks ago and is living on her savings while she looks for work.", "Rosa", "Sam", false,
			"you were laid off three weeks ago and are living on your savings while you look for work."},
		{"While Tom was away she threw a party in the flat.", "Tom", "Priya", true, "While you were away I threw a party in the flat."},
		{"Keep July free for the two of you", "Elliot", "Noor", true, "Keep July free for the two of us"},
	} {
		if got := person(c.text, c.you, c.me, c.owner); got != c.want {
			t.Errorf("person(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestSecretsWithoutSubjectAreSaidWhole(t *testing.T) {
	for secret, want := range map[string]string{
		"Sells forged paintings to wealthy clients":        "I sell forged paintings to wealthy clients.",
		"Secretly in love with her best friend's husband":  "I am secretly in love with my best friend's husband.",
		"Secretly writes romance novels under a pseudonym": "I secretly write romance novels under a pseudonym.",
		"Once let a criminal go due to sympathy":           "I once let a criminal go due to sympathy.",
		"He's a recovering gambling addict.":               "I am a recovering gambling addict.",
		"She has a hidden tattoo.":                         "I have a hidden tattoo.",
	} {
		if got := upperFirst(person(withSubject(secret), "Nina", "Omar", true)); got != want {
			t.Errorf("%q said as %q, want %q", secret, got, want)
		}
	}
}

func TestAimReadsAfterIdLikeTo(t *testing.T) {
	goal := "To watch a comedy film with your friend.\nHint: offer something in return."
	if got := clause(goal); got != "watch a comedy film with your friend" {
		t.Errorf("clause = %q", got)
	}
	if got := circumstance(goal); got != "" {
		t.Errorf("a hint read as a circumstance: %q", got)
	}
	if got := circumstance("Share the blanket.\nExtra information: you are extremely cold."); got != "you are extremely cold" {
		t.Errorf("circumstance = %q", got)
	}
}
