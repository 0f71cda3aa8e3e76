package record

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// A glance reads what Read reads of the header (but the scenario's body)
// and the run's ending, from the footer or, without one, the run_ended
// event; a torn last line leaves the line before it.
func TestGlanceReadsTheHeaderAndTheEnding(t *testing.T) {
	path, _ := writeSample(t)
	rec, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := GlanceAt(path)
	if err != nil {
		t.Fatal(err)
	}
	want := rec.Header
	want.Scenario = nil
	if !reflect.DeepEqual(g.Header, want) {
		t.Errorf("header %+v, want %+v", g.Header, want)
	}
	if g.Scenario != (ScenarioName{ID: "t/bike", Title: "Bike", Family: "craigslist"}) {
		t.Errorf("scenario %+v", g.Scenario)
	}
	if !g.Footer || g.Torn || !reflect.DeepEqual(g.Ending, rec.Ending()) {
		t.Errorf("footer %v torn %v ending %+v, want %+v", g.Footer, g.Torn, g.Ending, rec.Ending())
	}

	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	ended := `{"run":"r1","seq":5,"kind":"run_ended","seat":-1,"ending":{"reason":"left","turns":1}}` + "\n"
	for name, c := range map[string]struct {
		text         string
		reason       event.EndReason
		footer, torn bool
	}{
		"no footer":           {strings.Join(lines[:len(lines)-1], "") + ended, event.SeatLeft, false, false},
		"torn after the end":  {strings.Join(lines[:len(lines)-1], "") + ended + `{"kind":"foo`, event.SeatLeft, false, true},
		"torn footer":         {strings.Join(lines[:len(lines)-1], "") + lines[len(lines)-1][:30], "", false, true},
		"no end":              {strings.Join(lines[:len(lines)-1], ""), "", false, false},
		"header alone":        {lines[0], "", false, false},
		"long footer":         {strings.Join(lines[:len(lines)-1], "") + `{"kind":"footer","ending":{"reason":"accepted","turns":1,"notes":{"judge":"` + strings.Repeat("why ", 20000) + `"}}}` + "\n", event.Accepted, true, false},
		"header without a nl": {strings.TrimSuffix(lines[0], "\n"), "", false, true},
	} {
		// Each file once as it is, and once longer than a glance's first
		// read at each end, a long line after its header.
		long := strings.Replace(c.text, "\n", "\n"+`{"run":"r1","seq":9,"kind":"delta","turn":1,"seat":0,"delta":"`+strings.Repeat("x", 40000)+`"}`+"\n", 1)
		for _, text := range []string{c.text, long} {
			if text == long && !strings.Contains(c.text, "\n") {
				continue
			}
			p := filepath.Join(t.TempDir(), "r.jsonl")
			os.WriteFile(p, []byte(text), 0o644)
			g, err := GlanceAt(p)
			if err != nil {
				t.Errorf("%s (%d bytes): %v", name, len(text), err)
				continue
			}
			var reason event.EndReason
			if g.Ending != nil {
				reason = g.Ending.Reason
			}
			if reason != c.reason || g.Footer != c.footer || g.Torn != c.torn || g.Header.Mode != view.Agents {
				t.Errorf("%s (%d bytes): ending %q footer %v torn %v mode %q; want %q %v %v", name, len(text), reason, g.Footer, g.Torn, g.Header.Mode, c.reason, c.footer, c.torn)
			}
		}
	}
}

// A header a glance cannot read is an error naming the file, line 1 and
// the field, as Read's are; so is what is not a file.
func TestGlanceNamesWhatItCannotRead(t *testing.T) {
	dir := t.TempDir()
	for in, want := range map[string]string{
		`{"kind":"turn_started"}` + "\n":                                          "first line must be the header",
		`{"kind":"header","format":9,"scenario":{"id":"x"}}` + "\n":               "version 9 is not supported",
		`{"kind":"header","format":1}` + "\n":                                     "scenario: missing from header",
		`{"kind":"header","format":1,"scenario":{"id":"x"},"mode":"both"}` + "\n": "mode: must be",
		"{not json\n": "not a JSON header",
		"":            "empty recording",
	} {
		p := filepath.Join(dir, "r.jsonl")
		os.WriteFile(p, []byte(in), 0o644)
		_, err := GlanceAt(p)
		if err == nil || !strings.Contains(err.Error(), p+":1: ") || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %s:1: ... %q", in, err, p, want)
		}
	}
	if _, err := GlanceAt(dir); err == nil || !strings.Contains(err.Error(), "a folder, not a file") {
		t.Errorf("a folder: %v", err)
	}
}
