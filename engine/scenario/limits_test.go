package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func roadBikeYAML(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../scenarios/craigslist-road-bike.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestBoundsAreCheckedBeforeExpansion: files that would cost the decoder
// exponential or quadratic work are refused with file, line and field.
func TestBoundsAreCheckedBeforeExpansion(t *testing.T) {
	base := roadBikeYAML(t)
	bomb := "environment_facts:\n  - id: b\n    kind: phrase\n    text: b\n    phrases:\n      - &a0 [x,x,x,x,x,x,x,x,x]\n"
	for i := 1; i < 9; i++ {
		bomb += fmt.Sprintf("      - &a%d [%s]\n", i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d,", i-1), 9), ","))
	}
	for _, c := range []struct{ name, data, want string }{
		{"bomb.yaml", base + bomb, "bomb.yaml:52:14: environment_facts[0].phrases[4]: aliases expand to more than 10000 nodes"},
		{"deep.yaml", strings.Replace(base, "title: A steel road bike changes hands", "title: "+strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000), 1),
			"deep.yaml:3:72: title: nested more than 64 levels deep"},
		{"deepmap.yaml", strings.Replace(base, "title: A steel road bike changes hands", "title: "+strings.Repeat("{a: ", 70)+"1"+strings.Repeat("}", 70), 1),
			"deepmap.yaml:3:"},
		{"nan.yaml", strings.Replace(base, "listing_price: 650", "listing_price: .nan", 1), "nan.yaml:35:3: craigslist.listing_price: must be a finite number"},
		{"inf.yaml", strings.Replace(base, "target: 480", "target: -.inf", 1), "inf.yaml:41:5: craigslist.buyer.target: must be a finite number"},
		// Found by FuzzParse: a custom tag on a list made go-yaml's decoder
		// dereference nil (testdata/fuzz/FuzzParse/d92793bc03cb916f).
		{"tag.yaml", "family: A\nmutualfriends:\n lists: !000000 000000", "tag.yaml:3:9: mutualfriends.lists: the YAML tag !000000 is not supported"},
		{"turns.yaml", strings.Replace(base, "max_turns: 20", "max_turns: 10001", 1), "turns.yaml:10:1: max_turns: must be between 1 and 10000"},
	} {
		_, err := Parse(c.name, []byte(c.data))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %s...", c.name, err, c.want)
		}
	}
}

// TestAnchorsAndLongEpisodesStillLoad: the bounds leave room for what
// authors write: a few aliases, and up to 10,000 turns.
func TestAnchorsAndLongEpisodesStillLoad(t *testing.T) {
	base := strings.Replace(roadBikeYAML(t), "max_turns: 20", "max_turns: 10000", 1)
	base = strings.Replace(base, "  seller:\n    target: 620", "  seller: &prices\n    target: 620", 1)
	withAlias := base + "public_facts:\n  - id: p\n    kind: phrase\n    text: shared\n    phrases: &ph [steel frame]\n  - id: q\n    kind: phrase\n    text: shared too\n    phrases: *ph\n"
	sc, err := Parse("ok.yaml", []byte(withAlias))
	if err != nil {
		t.Fatal(err)
	}
	if sc.MaxTurns != 10000 || len(sc.PublicFacts) < 2 || sc.PublicFacts[1].Phrases[0] != "steel frame" {
		t.Fatalf("loaded %d turns, %+v", sc.MaxTurns, sc.PublicFacts)
	}
}

// TestFileSizeCap: a file over MaxFileBytes is refused before it is parsed,
// naming the line and field where the cap was reached; devices and pipes
// are refused by name.
func TestFileSizeCap(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	var data strings.Builder
	data.WriteString(roadBikeYAML(t) + "environment_facts:\n")
	for i := 0; data.Len() < 3<<19; i++ {
		fmt.Fprintf(&data, "  - id: f%d\n    kind: phrase\n    text: fact %d\n    phrases: [\"f %d\"]\n", i, i, i)
	}
	if err := os.WriteFile(big, []byte(data.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadFile(big)
	if err == nil || !strings.Contains(err.Error(), big+":") || !strings.Contains(err.Error(), ": environment_facts[") || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("big file: %v", err)
	}
	defer func(n int64) { MaxFileBytes = n }(MaxFileBytes)
	MaxFileBytes = 2 << 20
	if _, err := LoadFile(big); err != nil {
		t.Fatalf("with a raised cap: %v", err)
	}
	if _, err := LoadFile("/dev/zero"); err == nil || !strings.Contains(err.Error(), "a device") {
		t.Fatalf("/dev/zero: %v", err)
	}
}
