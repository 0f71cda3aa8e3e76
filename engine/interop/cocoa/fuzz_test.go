package cocoa

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// FuzzReaders feeds one file to every cocoa reader: whatever it holds,
// nothing panics, every scenario handed back passes the scenario checks
// and is written as a file that loads and holds no raw control character,
// and every transcript plays to an end as a HUMANS run.
func FuzzReaders(f *testing.F) {
	f.Add([]byte(`[{"uuid":"u1","scenario":{"kbs":[[{"Count":1,"Name":"book","Value":3}],[{"Count":1,"Name":"book","Value":5}]]},"events":[{"agent":0,"action":"message","data":"hi"},{"agent":1,"action":"select","data":{"book":1}}],"outcome":{"reward":1}}]`))
	f.Add([]byte(`[{"uuid":"s1","kbs":[{"personal":{"Role":"seller","Target":100},"item":{"Title":"Lamp","Category":"furniture","Price":100,"Description":["A lamp."]}},{"personal":{"Role":"buyer","Target":70},"item":{"Title":"Lamp","Price":100}}]}]`))
	f.Add([]byte(`{"attributes":[{"name":"School","value_type":"school"}],"values":{"school":["A","B"]}}`))
	f.Add([]byte(`[{"title":"Bike","description":["Red."],"price":120,"category":"bike"}]`))
	// A real dialogue, when the shared test data is there; it is not
	// committed to the corpus.
	if val, ok := shareddata.Lookup("cocoa/dealornodeal-val.json"); ok {
		eachRecord(context.Background(), val, MaxFileBytes, func(_ int, raw json.RawMessage) error {
			f.Add(append(append([]byte("["), raw...), ']'))
			return errStop
		})
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "in.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		scs, _, _ := CraigslistScenarios(path)
		for _, sc := range scs {
			if err := sc.Check(sc.ID); err != nil {
				t.Fatalf("scenario %s does not pass the checks: %v", sc.ID, err)
			}
			checkWritten(t, sc)
		}
		ts, _, _ := Transcripts(path)
		for _, tr := range ts {
			if err := tr.Scenario.Check(tr.Scenario.ID); err != nil {
				t.Fatalf("transcript scenario %s does not pass the checks: %v", tr.Scenario.ID, err)
			}
			checkWritten(t, tr.Scenario)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			tr.Play(ctx)
			if ctx.Err() != nil {
				t.Fatalf("transcript %s did not play to an end", tr.UUID)
			}
			cancel()
		}
		Schema(path)
		Listings(path)
	})
}

// checkWritten fails unless sc is written as a file that holds no raw
// control character and loads.
func checkWritten(t *testing.T, sc *scenario.Scenario) {
	t.Helper()
	data := mustYAML(t, sc)
	if strings.ContainsFunc(string(data), func(r rune) bool { return r < 0x20 && r != '\n' || r >= 0x7f && r < 0xa0 || r == 0x202e }) {
		t.Fatalf("raw control character in the file of %s:\n%q", sc.ID, data)
	}
	if _, err := scenario.Parse(sc.ID+".yaml", data); err != nil {
		t.Fatalf("the file of %s does not load: %v\n%s", sc.ID, err, data)
	}
}
