//go:build linux || darwin

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// Each hostile input must be answered within this much memory and CPU.
const (
	hostileRSS = 200 << 20
	hostileCPU = 1e9 // 1 s
)

// osc52 sets the clipboard on terminals that honour it; a title write and a
// screen clear follow it.
const osc52 = "\x1b]52;c;aGFja2Vk\x07\x1b]0;owned\x07\x1b[2J"

func roadBike(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../scenarios/craigslist-road-bike.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// hostileScenarios writes the hostile scenario files and returns, per file,
// the field its error must name ("" when the file is valid and only its
// text is hostile).
func hostileScenarios(t *testing.T, dir string) map[string]string {
	t.Helper()
	base := roadBike(t)
	files := map[string]string{}
	write := func(name, content, field string) {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		files[path] = field
	}
	// Nine levels of nine aliases each: 9^9 nodes once expanded.
	var bomb strings.Builder
	bomb.WriteString("environment_facts:\n  - id: bomb\n    kind: phrase\n    text: a bomb\n    phrases:\n")
	bomb.WriteString(`      - &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]` + "\n")
	for i := 1; i < 9; i++ {
		fmt.Fprintf(&bomb, "      - &a%d [*a%d,*a%d,*a%d,*a%d,*a%d,*a%d,*a%d,*a%d,*a%d]\n", i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	write("alias-bomb.yaml", base+bomb.String(), "environment_facts[0].phrases")
	write("deep.yaml", strings.Replace(base, "title: A steel road bike changes hands",
		"title: "+strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000), 1), "title")
	var big strings.Builder
	big.WriteString(base + "environment_facts:\n")
	for i := 0; big.Len() < 50<<20; i++ {
		fmt.Fprintf(&big, "  - id: f%d\n    kind: phrase\n    text: fact number %d\n    phrases: [\"fact %d\"]\n", i, i, i)
	}
	write("fifty-megabytes.yaml", big.String(), "environment_facts")
	write("nan.yaml", strings.Replace(base, "listing_price: 650", "listing_price: .nan", 1), "craigslist.listing_price")
	write("inf.yaml", strings.Replace(base, "target: 620", "target: .inf", 1), "craigslist.seller.target")
	write("escape-key.yaml", base+"\"evil"+osc52+"\": 1\n", "evil")
	write("escape-id.yaml", strings.Replace(base, "id: craigslist/road-bike", "id: \"road"+osc52+"\"", 1), "id")
	escapedText := strings.NewReplacer("\x1b", `\e`, "\x07", `\a`).Replace(osc52)
	write("escape-values.yaml", strings.NewReplacer(
		"title: A steel road bike changes hands", `title: "A bike`+escapedText+`"`,
		"name: Dana Okafor", `name: "Dana`+escapedText+`\u202e"`,
		"item: Lugged steel road bike", `item: "bike`+escapedText+`"`,
	).Replace(base), "")
	return files
}

// TestHostileScenarioFiles: every command that reads a scenario answers a
// hostile one quickly, in bounded memory, with an error naming file, line
// and field, and prints no escape sequence.
func TestHostileScenarioFiles(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("writes a 50 MB file")
	}
	dir := t.TempDir()
	for path, field := range hostileScenarios(t, dir) {
		name := filepath.Base(path)
		for _, args := range [][]string{{"scenarios", "show", path}, {"watch", path}, {"run", "--scenario", path, "--out", filepath.Join(dir, "out-"+name)}} {
			r := runApp(t, args...)
			t.Logf("%s %s: exit %d, %.0f ms CPU, %d MB", name, args[0], r.code, r.cpu.Seconds()*1000, r.maxRSS>>20)
			checkNoEscape(t, name, r)
			if r.maxRSS > hostileRSS || r.cpu > hostileCPU {
				t.Errorf("%s %v: %d MB, %v CPU", name, args, r.maxRSS>>20, r.cpu)
			}
			if field == "" {
				if r.code != 0 {
					t.Errorf("%s %v: exit %d: %s", name, args, r.code, r.stderr)
				}
				continue
			}
			want := regexp.MustCompile(`^omnigap: ` + regexp.QuoteMeta(path) + `:\d+:\d+: ` + regexp.QuoteMeta(field) + `\S*: `)
			if r.code != 1 || !want.MatchString(r.stderr) {
				t.Errorf("%s %v: exit %d, want an error naming line and %s:\n%.300s", name, args, r.code, field, r.stderr)
			}
		}
	}
}

func checkNoEscape(t *testing.T, name string, r appRun) {
	t.Helper()
	for _, out := range []string{r.stdout, r.stderr} {
		if i := strings.IndexAny(out, "\x1b\x07\u009b\u009d\u202e"); i >= 0 {
			t.Errorf("%s: raw control character in output: %q", name, out[max(0, i-40):min(len(out), i+40)])
		}
	}
}

// hostileRecordings writes hostile recordings into dir and returns the
// error each must produce (a regular expression after the path), or ""
// for a recording that is readable and only carries hostile text.
func hostileRecordings(t *testing.T, dir string) map[string]string {
	t.Helper()
	good, err := os.ReadFile("../../recordings/craigslist_road-bike-agents-s1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	header, rest, _ := strings.Cut(string(good), "\n")
	esc := strings.NewReplacer("\x1b", `\u001b`, "\x07", `\u0007`).Replace(osc52)
	files := map[string]string{}
	write := func(name, content, want string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		files[filepath.Join(dir, name)] = want
	}
	for _, field := range []string{`"run":"`, `"app":"`, `"backends":["`, `"title":"`, `"name":"`} {
		tag := strings.Trim(field, `":[`)
		h := strings.Replace(header, field, field+esc, 1)
		write("escape-"+tag+".jsonl", h+"\n"+rest, "")
	}
	write("escape-mode.jsonl", strings.Replace(header, `"mode":"agents"`, `"mode":"agents`+esc+`"`, 1)+"\n"+rest, `:1: mode: `)
	write("escape-scenario-id.jsonl", strings.Replace(header, `"id":"craigslist/road-bike"`, `"id":"road`+esc+`"`, 1)+"\n"+rest, `:1: scenario: .*id: `)
	write("format.jsonl", strings.Replace(header, `"format":1`, `"format":99`, 1)+"\n"+rest, `:1: format: `)
	write("turn-count.jsonl", header+"\n"+strings.Replace(rest, `"turn":1,`, `"turn":100000,`, 1), `:\d+: turn: `)
	write("escape-text.jsonl", header+"\n"+strings.ReplaceAll(rest, `"text":"`, `"text":"`+esc), "")
	// A 200 MB line, and a 300 MB file (over the size cap, refused
	// unread), made sparse so the test costs no disk.
	long := filepath.Join(dir, "long-line.jsonl")
	write("long-line.jsonl", header+"\n", `:2: line is longer than`)
	if err := os.Truncate(long, 200<<20); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.jsonl")
	write("huge.jsonl", header+"\n", `: file too large: larger than the limit of 268435456 bytes`)
	if err := os.Truncate(huge, 300<<20); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.jsonl")); err != nil {
		t.Fatal(err)
	}
	files[filepath.Join(dir, "zero.jsonl")] = `: a device, not a regular file`
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.jsonl"), 0o644); err != nil {
		t.Fatal(err)
	}
	files[filepath.Join(dir, "fifo.jsonl")] = `: a named pipe, not a regular file`
	return files
}

// TestHostileRecordings: report and replay answer hostile recordings
// quickly, in bounded memory, naming file, line and field, and print no
// escape sequence; report reads a folder's name literally.
func TestHostileRecordings(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "res[1]")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files := hostileRecordings(t, dir)
	for path, want := range files {
		name := filepath.Base(path)
		for _, args := range [][]string{{"replay", "--pace", "0", path}, {"report", path}} {
			r := runApp(t, args...)
			t.Logf("%s %s: exit %d, %.0f ms CPU, %d MB", name, args[0], r.code, r.cpu.Seconds()*1000, r.maxRSS>>20)
			checkNoEscape(t, name, r)
			if r.maxRSS > hostileRSS || r.cpu > hostileCPU {
				t.Errorf("%s %v: %d MB, %v CPU", name, args, r.maxRSS>>20, r.cpu)
			}
			if want == "" {
				if r.code != 0 {
					t.Errorf("%s %v: exit %d: %s", name, args, r.code, r.stderr)
				}
				continue
			}
			re := regexp.MustCompile(regexp.QuoteMeta(path) + want)
			if r.code == 0 && args[0] == "replay" || !re.MatchString(r.stderr) {
				t.Errorf("%s %v: exit %d, want %s in:\n%.300s", name, args, r.code, want, r.stderr)
			}
		}
	}
	// The whole folder: the readable ones are reported, the others named.
	r := runApp(t, "report", dir)
	checkNoEscape(t, "report DIR", r)
	if r.code != 0 || !strings.Contains(r.stdout, "craigslist") {
		t.Errorf("report %s: exit %d\n%s\n%s", dir, r.code, r.stdout, r.stderr)
	}
	for path, want := range files {
		if want != "" && !regexp.MustCompile(regexp.QuoteMeta(path)+want).MatchString(r.stderr) {
			t.Errorf("report DIR does not name %s with %s", filepath.Base(path), want)
		}
	}
}
