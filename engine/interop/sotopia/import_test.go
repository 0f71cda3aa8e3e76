package sotopia

import (
	"context"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/family/dealornodeal"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// sotopiaDir is the user's copy of the Sotopia export the tests read
// (../shared/data beside the repository); it is not part of the project.
func sotopiaDir(t testing.TB) string {
	t.Helper()
	return shareddata.Path(t, "sotopia")
}

// importedOf is every scenario of one family the test export imports.
func importedOf(t testing.TB, f scenario.Family) []*scenario.Scenario {
	var out []*scenario.Scenario
	for _, im := range imported(t).Scenarios {
		if im.Scenario.Family == f {
			out = append(out, im.Scenario)
		}
	}
	return out
}

// The import of the whole test export (about a second of work), made once
// and shared by the tests that only read it; a test that changes what it
// imports makes its own.
var (
	importOnce sync.Once
	importAll  Result
	importErr  error
)

// imported is the shared import of the test export: read it, never change it.
func imported(t testing.TB) Result {
	t.Helper()
	dir := sotopiaDir(t)
	importOnce.Do(func() {
		d, err := Read(dir)
		if err != nil {
			importErr = err
			return
		}
		importAll = d.Import(Filter{})
	})
	if importErr != nil {
		t.Fatal(importErr)
	}
	return importAll
}

func readExport(t testing.TB) *Data {
	t.Helper()
	d, err := Read(sotopiaDir(t))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestImportAllCombos(t *testing.T) {
	r := imported(t)
	for _, p := range r.Skipped {
		t.Errorf("skipped: %v", p)
	}
	if len(r.Scenarios) != 450 {
		t.Errorf("imported %d scenarios, want 450", len(r.Scenarios))
	}
	ids := map[string]bool{}
	for _, im := range r.Scenarios {
		if ids[im.Scenario.ID] {
			t.Errorf("id %s is given twice", im.Scenario.ID)
		}
		ids[im.Scenario.ID] = true
	}
}

// TestImportedFacts: every MutualFriends scenario has exactly one
// environment-only fact (the mutual friend); every Craigslist one has both
// target prices as facts owned by their sides; every secret is a fact.
func TestImportedFacts(t *testing.T) {
	r := imported(t)
	var mf, cl, dond int
	for _, im := range r.Scenarios {
		sc := im.Scenario
		switch sc.Family {
		case scenario.MutualFriends:
			mf++
			if len(sc.EnvFacts) != 1 || sc.EnvFacts[0].ID != "mutual-friend" {
				t.Errorf("%s: environment facts %v, want the mutual friend alone", sc.ID, factIDs(sc.EnvFacts))
			}
		case scenario.DealOrNoDeal:
			dond++
			for seat := 0; seat < 2; seat++ {
				d := dealornodeal.DealOf(sc)
				for _, it := range d.Items {
					v := d.Values[seat][it.Name]
					if v != d.Values[1-seat][it.Name] && !hasFact(sc.Seats[seat].Facts, fmt.Sprintf("seat%d-value-%s", seat, it.Name)) {
						t.Errorf("%s: seat %d's value for %s is not its fact", sc.ID, seat, it.Name)
					}
				}
			}
		case scenario.Craigslist:
			cl++
			if !hasFact(sc.Seats[craigslist.SellerSeat].Facts, "seller-target") || !hasFact(sc.Seats[craigslist.BuyerSeat].Facts, "buyer-target") {
				t.Errorf("%s: targets not owned by their sides: %v / %v", sc.ID, factIDs(sc.Seats[0].Facts), factIDs(sc.Seats[1].Facts))
			}
			if l := craigslist.ListingOf(sc); !strings.Contains(sc.Setting, "$"+strconv.FormatFloat(l.ListingPrice, 'f', -1, 64)) || l.Seller.Bottomline != 0 || l.Buyer.Bottomline != 0 {
				t.Errorf("%s: listing %+v does not match the scenario text", sc.ID, l)
			}
		}
		for seat := 0; seat < 2; seat++ {
			if !hasFact(sc.Seats[seat].Facts, fmt.Sprintf("seat%d-secret", seat)) {
				t.Errorf("%s: seat %d's secret is not a fact", sc.ID, seat)
			}
		}
	}
	if mf != 50 || cl != 50 || dond != 50 {
		t.Errorf("%d MutualFriends, %d Craigslist and %d Deal-or-No-Deal scenarios, want 50 each", mf, cl, dond)
	}
}

// TestImportedViewsDecideAccess is the property the built-in scenarios
// hold (engine/view): an AGENTS view mentions none of the partner's
// private facts, a MINDREADERS view all of them, the SCRIPT writer's every
// fact.
func TestImportedViewsDecideAccess(t *testing.T) {
	for _, im := range imported(t).Scenarios {
		sc := im.Scenario
		for seat := 0; seat < 2; seat++ {
			partner := sc.Seats[scenario.Partner(seat)].Facts
			if got := mentioned(partner, view.For(sc, view.Agents, seat).Render()); len(got) > 0 {
				t.Errorf("%s: AGENTS view of seat %d shows the partner's %v", sc.ID, seat, got)
			}
			readers := mentioned(partner, view.For(sc, view.Mindreaders, seat).Render())
			for _, f := range partner {
				if !readers[f.ID] {
					t.Errorf("%s: MINDREADERS view of seat %d lacks the partner's %s", sc.ID, seat, f.ID)
				}
			}
		}
		seen := mentioned(sc.Facts(), view.For(sc, view.Script, view.Writer).Render())
		for _, f := range sc.Facts() {
			if !seen[f.ID] {
				t.Errorf("%s: the SCRIPT writer's view lacks %s", sc.ID, f.ID)
			}
		}
	}
}

// TestRelationshipTiers: for each of Sotopia's character pairs, with the
// pair's own relationship, a seat's AGENTS view of the partner holds
// exactly the profile fields Sotopia shows at that tier, never the secret;
// the background story reaches MINDREADERS and not AGENTS.
func TestRelationshipTiers(t *testing.T) {
	d := readExport(t)
	var env *Environment
	for _, e := range d.Environments {
		if freeFormSources[e.Source] && (env == nil || e.ID < env.ID) {
			env = e
		}
	}
	pairs := 0
	for _, rel := range d.Pairs {
		pairs++
		e := *env
		e.Relationship = rel.Type
		a := [2]*Agent{d.Agents[rel.Agent1], d.Agents[rel.Agent2]}
		sc, err := d.build(&e, a)
		if err != nil {
			t.Fatalf("pair %s-%s: %v", rel.Agent1, rel.Agent2, err)
		}
		tier, _ := strconv.Atoi(rel.Type)
		for seat := 0; seat < 2; seat++ {
			p := a[scenario.Partner(seat)]
			v := view.For(sc, view.Agents, seat)
			got := v.Partner()
			want := view.SeatView{Seat: scenario.Partner(seat), Role: got.Role, Name: fullName(p)}
			if tier >= 2 {
				want.Age, want.Gender, want.Pronouns, want.Occupation, want.Public = p.Age, p.Gender, p.Pronouns, p.Occupation, tidy(p.Public)
			}
			if tier >= 3 {
				want.Personality = tidy(p.Personality)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("relationship %s, seat %d sees %+v\nwant %+v", rel.Type, seat, got, want)
			}
			if strings.Contains(v.Render(), tidy(p.Secret)) {
				t.Errorf("relationship %s: seat %d's AGENTS view holds the partner's secret", rel.Type, seat)
			}
			if v.Background != "" || view.For(sc, view.Mindreaders, seat).Background != tidy(rel.Background) {
				t.Errorf("relationship %s: the background story reaches the wrong views", rel.Type)
			}
		}
	}
	if pairs != 120 {
		t.Errorf("%d pairs, want 120", pairs)
	}
}

func mentioned(facts []scenario.Fact, text string) map[string]bool {
	found := map[string]bool{}
	for _, mt := range match.Compile(facts).Find(text) {
		found[facts[mt.Fact].ID] = true
	}
	return found
}

func hasFact(fs []scenario.Fact, id string) bool {
	for _, f := range fs {
		if f.ID == id {
			return true
		}
	}
	return false
}

func factIDs(fs []scenario.Fact) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.ID)
	}
	return out
}

// BenchmarkImportAll reads the export and builds all 450 scenarios; the
// target is under a second.
func BenchmarkImportAll(b *testing.B) {
	dir := sotopiaDir(b)
	for b.Loop() {
		d, err := Read(dir)
		if err != nil {
			b.Fatal(err)
		}
		if r := d.Import(Filter{}); len(r.Scenarios) != 450 {
			b.Fatalf("%d scenarios", len(r.Scenarios))
		}
	}
}

// BenchmarkImportAndWriteAll is the whole command's work: read, build and
// write the 450 scenario files.
func BenchmarkImportAndWriteAll(b *testing.B) {
	src := sotopiaDir(b)
	for b.Loop() {
		dir, err := safefile.OpenDir(b.TempDir(), safefile.Policy{})
		if err != nil {
			b.Fatal(err)
		}
		d, err := Read(src)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		err = d.Each(context.Background(), Filter{}, func(im Imported) error {
			n++
			_, err := Write(dir, im)
			return err
		}, func(p interop.Problem) { b.Fatal(p) })
		if err != nil || n != 450 {
			b.Fatalf("wrote %d: %v", n, err)
		}
		dir.Close()
	}
}

// TestImportedSecretsHaveParaphrases: every imported secret carries
// paraphrases (its key phrases with a synonym in a word's place), no
// View of the partner holds them, and the annotator recognises the
// secret told in them.
func TestImportedSecretsHaveParaphrases(t *testing.T) {
	for _, im := range imported(t).Scenarios {
		sc := im.Scenario
		for seat := 0; seat < 2; seat++ {
			var secret *scenario.Fact
			for i, f := range sc.Seats[seat].Facts {
				if f.ID == fmt.Sprintf("seat%d-secret", seat) {
					secret = &sc.Seats[seat].Facts[i]
				}
			}
			if secret != nil && len(secret.Paraphrases) == 0 && sceneTakesAll(secret.Phrases, sc.Setting) {
				continue // every key phrase says a word the scene is about: the secret's words together are its one phrase
			}
			if secret == nil || len(secret.Paraphrases) == 0 {
				t.Errorf("%s: seat %d's secret has no paraphrases", sc.ID, seat)
				continue
			}
			// The View struct printed whole: any fact it held would show.
			if v := view.For(sc, view.Agents, scenario.Partner(seat)); strings.Contains(fmt.Sprintf("%+v", v), secret.Paraphrases[0]) {
				t.Errorf("%s: the partner's View holds seat %d's paraphrase %q", sc.ID, seat, secret.Paraphrases[0])
			}
			if v := view.For(sc, view.Agents, seat); !strings.Contains(fmt.Sprintf("%+v", v), secret.Paraphrases[0]) {
				t.Errorf("%s: seat %d's own View lacks its secret's paraphrases", sc.ID, seat)
			}
			said := "I heard you " + secret.Paraphrases[0] + "."
			found := false
			for _, mt := range match.Compile(leak.Facts(sc)).Find(said) {
				found = found || leak.Facts(sc)[mt.Fact].ID == secret.ID
			}
			if !found {
				t.Errorf("%s: %q is not recognised as seat %d's secret", sc.ID, said, seat)
			}
		}
	}
}

// sceneTakesAll reports whether a secret's phrases are the fallback of
// all its words together, one of which the scene says.
func sceneTakesAll(phrases []string, scene string) bool {
	if len(phrases) != 1 {
		return false
	}
	for _, w := range strings.Fields(phrases[0]) {
		if len(match.Compile([]scenario.Fact{{Kind: scenario.FactPhrase, Phrases: []string{w}}}).Find(scene)) > 0 {
			return true
		}
	}
	return false
}

// TestEveryComboRefHasItsOwnID: a combo named by its number
// (sotopia:DIR#N) gets an id no other combo of a different scenario has:
// recordings are named, and studies resumed and prepared, by it. Sotopia
// gives three different environments the codename divide_things.
func TestEveryComboRefHasItsOwnID(t *testing.T) {
	d := readExport(t)
	// Resolve(n) builds the n-th combo: one pass builds them all, and
	// Resolve is checked against it at a few numbers (resolving each
	// number reads the file up to it, 100,000 lines for the 450).
	var built []*scenario.Scenario
	err := d.combos(context.Background(), func(p interop.Problem) { t.Error(p) }, func(c *Combo) error {
		sc, err := d.Build(c)
		built = append(built, sc)
		return err
	})
	if err != nil || len(built) != 450 {
		t.Fatalf("built %d combos: %v", len(built), err)
	}
	for _, n := range []int{1, 2, 225, 450} {
		sc, err := d.Resolve(fmt.Sprint(n))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(sc, built[n-1]) {
			t.Errorf("#%d resolves to %s, the %d-th combo builds %s", n, sc.ID, n, built[n-1].ID)
		}
	}
	byID := map[string]string{}
	for i, sc := range built {
		if prev, seen := byID[sc.ID]; seen && prev != sc.Setting {
			t.Errorf("#%d: id %s names two different scenarios", i+1, sc.ID)
		}
		byID[sc.ID] = sc.Setting
	}
}
