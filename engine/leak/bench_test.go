package leak

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// benchScenario has 1,000 facts: prices, names, values and key phrases,
// spread over both seats and the environment.
func benchScenario() *scenario.Scenario { return benchScenarioOf(1000) }

// benchScenarioOf has n such facts.
func benchScenarioOf(n int) *scenario.Scenario {
	sc := &scenario.Scenario{ID: "bench/facts", Title: "bench", Family: scenario.Sotopia, Setting: "A long talk.",
		Relationship: scenario.Friends, MaxTurns: 200,
		Seats: []scenario.Seat{{Role: "a", Character: scenario.Character{Name: "Ann Lee", Goal: "Talk."}},
			{Role: "b", Character: scenario.Character{Name: "Bo Kim", Goal: "Talk."}}}}
	for i := 0; i < n; i++ {
		f := scenario.Fact{ID: fmt.Sprintf("f%d", i)}
		switch i % 4 {
		case 0:
			v := float64(100 + 7*i)
			f.Kind, f.Number, f.Tolerance, f.Text = scenario.FactPrice, &v, 0.5, scenario.Money(v)
		case 1:
			f.Kind, f.Phrases = scenario.FactName, []string{fmt.Sprintf("Name%d Surname%d", i, i)}
		case 2:
			f.Kind, f.Phrases = scenario.FactValue, []string{fmt.Sprintf("value%d", i)}
		case 3:
			f.Kind, f.Phrases = scenario.FactPhrase, []string{fmt.Sprintf("secret%d plan%d", i, i)}
		}
		switch i % 3 {
		case 0:
			sc.Seats[0].Facts = append(sc.Seats[0].Facts, f)
		case 1:
			sc.Seats[1].Facts = append(sc.Seats[1].Facts, f)
		default:
			sc.EnvFacts = append(sc.EnvFacts, f)
		}
	}
	sc.Normalize()
	return sc
}

// benchTurns writes dialogue-like turns that mention some facts among
// ordinary words and amounts.
func benchTurns(n int) ([]event.Turn, int) {
	r := rand.New(rand.NewPCG(1, 2))
	filler := strings.Fields(`I think that we could probably meet somewhere in the middle on this one,
		but honestly the price you are asking is a little high for me. Would you consider
		something lower? I don't know anyone who would pay that much. It's in great shape though.`)
	var turns []event.Turn
	size := 0
	for i := 0; i < n; i++ {
		var b strings.Builder
		for w := 0; w < 30; w++ {
			switch r.IntN(20) {
			case 0:
				fmt.Fprintf(&b, "$%d, ", 100+r.IntN(7000))
			case 1:
				fmt.Fprintf(&b, "Name%d ", r.IntN(1000))
			case 2:
				fmt.Fprintf(&b, "value%d ", r.IntN(1000))
			case 3:
				b.WriteString("five hundred and fifty ")
			default:
				b.WriteString(filler[r.IntN(len(filler))] + " ")
			}
		}
		text := b.String()
		size += len(text)
		turns = append(turns, event.Turn{Number: i + 1, Seat: i % 2, Action: event.Action{Type: event.Speak, Text: text}})
	}
	return turns, size
}

// BenchmarkAnnotate annotates 2,000 turns against 1,000 facts with a
// fresh annotator each iteration (made from the scenario prepared once, as
// runs do), so every iteration does the same work and finds the same
// annotations.
func BenchmarkAnnotate(b *testing.B) {
	p := Prepare(benchScenario())
	turns, size := benchTurns(2000)
	want := len(p.New(view.Agents).Annotate(turns))
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		if got := len(p.New(view.Agents).Annotate(turns)); got != want {
			b.Fatalf("%d annotations, want %d", got, want)
		}
	}
	b.ReportMetric(float64(want), "annotations/op")
}

// BenchmarkPrepare builds what a scenario's annotators share (facts,
// compiled matchers, what each view holds): once per scenario and run
// before, once per scenario now.
func BenchmarkPrepare(b *testing.B) {
	for _, n := range []int{10, 1000, 10000} {
		sc := benchScenarioOf(n)
		b.Run(fmt.Sprintf("facts=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Prepare(sc)
			}
		})
	}
}

// BenchmarkNewFromPrepared is what each run pays once its scenario is
// prepared.
func BenchmarkNewFromPrepared(b *testing.B) {
	p := Prepare(benchScenarioOf(1000))
	b.ReportAllocs()
	for b.Loop() {
		p.New(view.Agents)
	}
}
