//go:build linux || darwin

package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
)

// The hostile suite for the surfaces that write files: imports, exports,
// the card, report files, recordings, and the readers of listings,
// schemas and --humans transcripts. Every case runs the real process and
// is checked for its answer (exit code and message), for raw control
// characters in what it prints and in every file it writes, for files
// touched outside its output folder, and for time and peak memory:
// hostileOutputWall and hostileOutputRSS are margins for a loaded
// machine; the log gives each case's exact figures.
const (
	hostileOutputWall = 5 * time.Second
	hostileOutputRSS  = 300 << 20
)

// hostile is text for every field: OSC 52 (clipboard), 8 (link) and 0
// (title), a screen clear, the one-byte CSI (U+009B) and another C1
// control, BEL, BS, CR, DEL and the bidi overrides and isolates.
const hostile = "\x1b]52;c;aGFja2Vk\x07\x1b]8;;http://x\x07link\x1b]8;;\x07\x1b]0;owned\x07\x1b[2J\u009b31m\u0085\x07\x08\r\x7f\u202eevil\u202c\u2066iso\u2069"

// jsonHostile is hostile inside a JSON string, the C1 and bidi characters
// raw (JSON takes them so) and the C0 ones escaped.
func jsonHostile() string {
	return strings.NewReplacer("\x1b", `\u001b`, "\x07", `\u0007`, "\x08", `\b`, "\r", `\r`, "\x7f", `\u007f`).Replace(hostile)
}

// rawControlAt returns where out holds a control character other than a
// newline or tab, or -1: ESC, the other C0 controls, DEL, C1 and the bidi
// controls never travel raw.
func rawControlAt(out []byte) int {
	for i, r := range string(out) {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0 ||
			r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c {
			return i
		}
	}
	return -1
}

// hostileCase is one file or argument given to one command.
type hostileCase struct {
	name string
	// args writes the inputs under in and returns the command line; the
	// command may write only under out.
	args func(t *testing.T, in, out string) []string
	// code is the exit code wanted, want a pattern stdout and stderr
	// together must match.
	code int
	want string
	// check looks further at what the command left.
	check func(t *testing.T, in, out string, r appRun)
}

// TestHostileOutputs runs every case of hostileOutputCases.
func TestHostileOutputs(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the app once per case")
	}
	for _, c := range hostileOutputCases() {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			in, out, outside := filepath.Join(root, "in"), filepath.Join(root, "out"), filepath.Join(root, "outside")
			for _, d := range []string{in, out, outside} {
				if err := os.Mkdir(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			os.WriteFile(filepath.Join(outside, "precious"), []byte("keep"), 0o644)
			args := c.args(t, in, out)
			before := snapshot(t, root, out)
			start := time.Now()
			r := runApp(t, args...)
			wall := time.Since(start)
			t.Logf("%s: exit %d, %.0f ms wall, %.0f ms CPU, %.1f MB peak", c.name, r.code, wall.Seconds()*1000, r.cpu.Seconds()*1000, float64(r.maxRSS)/(1<<20))
			if wall > hostileOutputWall || r.maxRSS > hostileOutputRSS {
				t.Errorf("%v took %v and %d MB", args, wall, r.maxRSS>>20)
			}
			said := r.stdout + r.stderr
			if r.code != c.code || !regexp.MustCompile(c.want).MatchString(said) {
				t.Errorf("%v: exit %d, want %d and %q in:\n%.2000s", args, r.code, c.code, c.want, said)
			}
			if i := rawControlAt([]byte(said)); i >= 0 {
				t.Errorf("raw control character in the output: %q", said[max(0, i-40):min(len(said), i+40)])
			}
			filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
				if err != nil || !d.Type().IsRegular() {
					return err
				}
				data, _ := os.ReadFile(path)
				if i := rawControlAt(data); i >= 0 {
					t.Errorf("raw control character in %s: %q", path, data[max(0, i-40):min(len(data), i+40)])
				}
				if strings.Contains(d.Name(), ".tmp-") {
					t.Errorf("a temporary file was left: %s", path)
				}
				return nil
			})
			if after := snapshot(t, root, out); after != before {
				t.Errorf("files outside the output folder changed:\nbefore %s\nafter  %s", before, after)
			}
			if c.check != nil {
				c.check(t, in, out, r)
			}
		})
	}
}

// snapshot describes every file under root but out: names, kinds and
// contents (links by their target), so that a change outside the output
// folder shows.
func snapshot(t *testing.T, root, out string) string {
	t.Helper()
	var b strings.Builder
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == out {
			return filepath.SkipDir
		}
		fmt.Fprintf(&b, "%s %v", strings.TrimPrefix(path, root), d.Type())
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(path)
			b.WriteString(" -> " + target)
		case d.Type().IsRegular():
			f, _ := os.Open(path)
			h := sha256.New()
			buf := make([]byte, 1<<20)
			for n := 0; n < 64; n++ { // the first 64 MB: big sparse inputs stay cheap
				k, err := f.Read(buf)
				h.Write(buf[:k])
				if err != nil {
					break
				}
			}
			f.Close()
			fmt.Fprintf(&b, " %x", h.Sum(nil)[:6])
		}
		b.WriteString("; ")
		return nil
	})
	return b.String()
}

func mustWrite(t *testing.T, path, content string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// sparse makes a file of size bytes that takes no disk, content first.
func sparse(t *testing.T, path, content string, size int64) string {
	t.Helper()
	mustWrite(t, path, content)
	if err := os.Truncate(path, size); err != nil {
		t.Fatal(err)
	}
	return path
}

func symlink(t *testing.T, target, link string) string {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	return link
}

func fifo(t *testing.T, path string) string {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// preciousKept checks that the file the planted links point at is as it was.
// fnv32 is the FNV-1a hash that seeds an imported dialogue's run, which
// its recording is named by.
func fnv32(s string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(s))
	return h.Sum32()
}

func preciousKept(t *testing.T, in, out string, _ appRun) {
	t.Helper()
	if data, _ := os.ReadFile(filepath.Join(filepath.Dir(out), "outside", "precious")); string(data) != "keep" {
		t.Errorf("the link's target now holds %q", data)
	}
}

const scriptRecording = "../../recordings/craigslist_road-bike-script-s1.jsonl"

func shipped(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(scriptRecording)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// hostileRecording is the shipped SCRIPT recording with hostile text in
// every line's text and in its ending reason.
func hostileRecording(t *testing.T, path string) string {
	t.Helper()
	s := strings.ReplaceAll(shipped(t), `"text":"`, `"text":"`+jsonHostile())
	s = regexp.MustCompile(`"reason":"[a-z_]+"`).ReplaceAllString(s, `"reason":"turn_limit`+jsonHostile()+`"`)
	s = strings.Replace(s, `"name":"Dana Okafor"`, `"name":"Dana`+jsonHostile()+`"`, 1)
	return mustWrite(t, path, s)
}

// sotopiaLines are a small Sotopia export: one Craigslist environment,
// two characters, their relationship, and combos.
func sotopiaExportOf(t *testing.T, dir, envs, agents, combos string) string {
	t.Helper()
	mustWrite(t, filepath.Join(dir, sotopia.EnvironmentsFile), envs)
	mustWrite(t, filepath.Join(dir, sotopia.AgentsFile), agents)
	mustWrite(t, filepath.Join(dir, sotopia.RelationshipsFile), `{"agent1_id":"a1","agent2_id":"a2","relationship":"0"}`+"\n")
	mustWrite(t, filepath.Join(dir, sotopia.CombosFile), combos)
	return dir
}

const (
	lampEnv    = `{"pk":"e1","codename":"lamp","source":"craigslist","scenario":"A lamp for $40.","agent_goals":["You are the seller. Sell it for $40.","You are the buyer. Buy it for $30."],"relationship":"0"}` + "\n"
	lampAgents = `{"pk":"a1","first_name":"Ann","last_name":"Lee"}` + "\n" + `{"pk":"a2","first_name":"Bo","last_name":"Ray"}` + "\n"
	lampCombo  = `{"pk":"k1","combo_id":"k1","env_id":"e1","agent_ids":["a1","a2"]}` + "\n"
)

// dondDialogue is one cocoa Deal-or-No-Deal dialogue with uuid and text.
func dondDialogue(uuid, text string) string {
	return `{"uuid":"` + uuid + `","scenario":{"uuid":"s-` + uuid + `","kbs":[[{"Count":1,"Name":"book","Value":3},{"Count":2,"Name":"hat","Value":2}],[{"Count":1,"Name":"book","Value":5},{"Count":2,"Name":"hat","Value":1}]]},` +
		`"events":[{"agent":0,"action":"message","data":"` + text + `"},{"agent":1,"action":"select","data":{"book":1,"hat":0}},{"agent":0,"action":"select","data":{"book":0,"hat":2}}],"outcome":{"agreed":true}}`
}

func hostileOutputCases() []hostileCase {
	return []hostileCase{
		// Imports of Sotopia exports.
		{name: "sotopia combo id adds YAML keys", code: 0, want: `1 scenario file written to`,
			args: func(t *testing.T, in, out string) []string {
				combo := `{"pk":"k1","combo_id":"k1\npublic_facts:\n  - {id: planted, kind: phrase, text: planted, phrases: [planted]}\n#` + jsonHostile() + `","env_id":"e1","agent_ids":["a1","a2"]}` + "\n"
				return []string{"scenarios", "import", "sotopia", sotopiaExportOf(t, in, lampEnv, lampAgents, combo), "--out", out}
			},
			check: func(t *testing.T, in, out string, _ appRun) {
				files, _ := os.ReadDir(out)
				r := runApp(t, "scenarios", "show", filepath.Join(out, files[0].Name()))
				if r.code != 0 || strings.Contains(r.stdout, "planted") {
					t.Errorf("the written file loads with a planted fact (exit %d):\n%s", r.code, r.stdout)
				}
			}},
		{name: "sotopia names and secrets with escapes", code: 0, want: `1 scenario file written to`,
			args: func(t *testing.T, in, out string) []string {
				agents := `{"pk":"a1","first_name":"Ann` + jsonHostile() + `","last_name":"Lee","secret":"It is broken` + jsonHostile() + `","occupation":"` + jsonHostile() + `"}` + "\n" +
					`{"pk":"a2","first_name":"Bo","last_name":"Ray` + jsonHostile() + `"}` + "\n"
				envs := strings.Replace(lampEnv, `"codename":"lamp"`, `"codename":"lamp`+jsonHostile()+`"`, 1)
				return []string{"scenarios", "import", "sotopia", sotopiaExportOf(t, in, envs, agents, lampCombo), "--out", out}
			},
			check: func(t *testing.T, in, out string, _ appRun) {
				files, _ := os.ReadDir(out)
				if r := runApp(t, "scenarios", "show", filepath.Join(out, files[0].Name())); r.code != 0 {
					t.Errorf("the written file does not load: %s", r.stderr)
				}
			}},
		{name: "sotopia link planted in the output folder", code: 1, want: `skipped: .*env_agent_combo_storages.jsonl:1: not written: .*lamp--ann-lee-bo-ray.yaml: is a symbolic link`,
			args: func(t *testing.T, in, out string) []string {
				symlink(t, filepath.Join(filepath.Dir(out), "outside", "precious"), filepath.Join(out, "lamp--ann-lee-bo-ray.yaml"))
				return []string{"scenarios", "import", "sotopia", sotopiaExportOf(t, in, lampEnv, lampAgents, lampCombo), "--out", out, "--force"}
			},
			check: preciousKept},
		{name: "sotopia output folder holds earlier files", code: 1, want: `lamp--ann-lee-bo-ray.yaml: already exists \(--force replaces it\)(.|\n)*0 scenario files written to .*, 1 skipped`,
			args: func(t *testing.T, in, out string) []string {
				mustWrite(t, filepath.Join(out, "lamp--ann-lee-bo-ray.yaml"), "earlier\n")
				return []string{"scenarios", "import", "sotopia", sotopiaExportOf(t, in, lampEnv, lampAgents, lampCombo), "--out", out}
			},
			check: func(t *testing.T, in, out string, _ appRun) {
				if data, _ := os.ReadFile(filepath.Join(out, "lamp--ann-lee-bo-ray.yaml")); string(data) != "earlier\n" {
					t.Errorf("the earlier file was replaced without --force: %q", data)
				}
			}},
		{name: "sotopia output folder is the export", code: 0, want: `1 scenario file written to`,
			args: func(t *testing.T, in, out string) []string {
				// The combos file's name is taken by nothing the import
				// writes; the import writes beside its inputs, never on them.
				dir := sotopiaExportOf(t, out, lampEnv, lampAgents, lampCombo)
				return []string{"scenarios", "import", "sotopia", dir, "--out", dir, "--force"}
			},
			check: func(t *testing.T, in, out string, _ appRun) {
				if data, _ := os.ReadFile(filepath.Join(out, sotopia.CombosFile)); string(data) != lampCombo {
					t.Errorf("an input was changed: %q", data)
				}
			}},
		{name: "sotopia names of 10 kB", code: 0, want: `1 scenario file written to`,
			args: func(t *testing.T, in, out string) []string {
				agents := `{"pk":"a1","first_name":"` + strings.Repeat("Ann", 3000) + `","last_name":"Lee"}` + "\n" + `{"pk":"a2","first_name":"` + strings.Repeat("Bo", 5000) + `"}` + "\n"
				return []string{"scenarios", "import", "sotopia", sotopiaExportOf(t, in, lampEnv, agents, lampCombo), "--out", out}
			},
			check: func(t *testing.T, in, out string, _ appRun) {
				files, _ := os.ReadDir(out)
				if len(files) != 1 || len(files[0].Name()) > 110 {
					t.Errorf("files %v", files)
				}
			}},
		{name: "sotopia every record bad", code: 1, want: `skipped: .*env_agent_combo_storages.jsonl:1: agent_ids\[1\]: no character "nobody(.|\n)*skipped: .*env_agent_combo_storages.jsonl:2: not a whole JSON record(.|\n)*nothing imported: every record was skipped`,
			args: func(t *testing.T, in, out string) []string {
				combos := strings.Replace(lampCombo, `"a2"`, `"nobody`+jsonHostile()+`"`, 1) + `{"pk":` + "\n"
				return []string{"scenarios", "import", "sotopia", sotopiaExportOf(t, in, lampEnv, lampAgents, combos), "--out", out}
			}},
		{name: "sotopia record of 2 MB", code: 0, want: `skipped: .*agent_profiles.jsonl:3: record longer than 1048576 bytes(.|\n)*1 scenario file written to .*, 1 skipped`,
			args: func(t *testing.T, in, out string) []string {
				agents := lampAgents + `{"pk":"a3","first_name":"` + strings.Repeat("x", 2<<20) + `"}` + "\n"
				return []string{"scenarios", "import", "sotopia", sotopiaExportOf(t, in, lampEnv, agents, lampCombo), "--out", out}
			}},
		{name: "sotopia combos file of 1 TB", code: 1, want: `env_agent_combo_storages.jsonl: file too large: larger than the limit of 67108864 bytes`,
			args: func(t *testing.T, in, out string) []string {
				dir := sotopiaExportOf(t, in, lampEnv, lampAgents, lampCombo)
				sparse(t, filepath.Join(dir, sotopia.CombosFile), lampCombo, 1<<40)
				return []string{"scenarios", "import", "sotopia", dir, "--out", out}
			}},
		{name: "sotopia agents file is a FIFO", code: 1, want: `agent_profiles.jsonl: a named pipe, not a regular file`,
			args: func(t *testing.T, in, out string) []string {
				dir := sotopiaExportOf(t, in, lampEnv, lampAgents, lampCombo)
				os.Remove(filepath.Join(dir, sotopia.AgentsFile))
				fifo(t, filepath.Join(dir, sotopia.AgentsFile))
				return []string{"scenarios", "import", "sotopia", dir, "--out", out}
			}},
		{name: "sotopia environments file links to /dev/zero", code: 1, want: `environment_profiles.jsonl: a device, not a regular file`,
			args: func(t *testing.T, in, out string) []string {
				dir := sotopiaExportOf(t, in, lampEnv, lampAgents, lampCombo)
				os.Remove(filepath.Join(dir, sotopia.EnvironmentsFile))
				symlink(t, "/dev/zero", filepath.Join(dir, sotopia.EnvironmentsFile))
				return []string{"scenarios", "import", "sotopia", dir, "--out", out}
			}},

		// Imports of cocoa files.
		{name: "cocoa dialogues' scenarios with one uuid twice", code: 0, want: `skipped: .*record 1: the same scenario id as .*record 0(.|\n)*2 scenario files written to .*, 1 skipped(.|\n)*HUMANS recordings: omnigap episodes import cocoa .*t.json --out `,
			args: func(t *testing.T, in, out string) []string {
				return []string{"scenarios", "import", "cocoa", mustWrite(t, filepath.Join(in, "t.json"),
					"["+dondDialogue("u1", "hi"+jsonHostile())+","+dondDialogue("u1", "again")+","+dondDialogue("u2", "hello")+"]"), "--out", out}
			},
			check: func(t *testing.T, in, out string, _ appRun) {
				if y, j := filesIn(out, ".yaml"), filesIn(out, ".jsonl"); y != 2 || j != 0 {
					t.Errorf("%d scenario files and %d recordings on disk, want 2 and none", y, j)
				}
			}},
		{name: "cocoa dialogue twice", code: 0, want: `note: episode u1 is in .*t.json: record 0 and in .*t.json: record 1: imported once, from .*t.json: record 0(.|\n)*2 recordings written to .*, 0 skipped, 1 episode found again`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"episodes", "import", "cocoa", mustWrite(t, filepath.Join(in, "t.json"),
					"["+dondDialogue("u1", "hi"+jsonHostile())+","+dondDialogue("u1", "again")+","+dondDialogue("u2", "hello")+"]"), "--out", out}
			},
			check: func(t *testing.T, in, out string, _ appRun) {
				if y, j := filesIn(out, ".yaml"), filesIn(out, ".jsonl"); y != 0 || j != 2 {
					t.Errorf("%d scenario files and %d recordings on disk, want none and 2", y, j)
				}
			}},
		{name: "cocoa link planted where a recording goes", code: 1, want: `skipped: .*record 0: recording not written: .*humans-s\d+.jsonl: is a symbolic link(.|\n)*0 recordings written to`,
			args: func(t *testing.T, in, out string) []string {
				symlink(t, filepath.Join(filepath.Dir(out), "outside", "precious"), filepath.Join(out, fmt.Sprintf("dealornodeal_cocoa-s-u1-humans-s%d.jsonl", fnv32("u1"))))
				return []string{"episodes", "import", "cocoa", mustWrite(t, filepath.Join(in, "t.json"), "["+dondDialogue("u1", "hi")+"]"), "--out", out, "--force"}
			},
			check: preciousKept},
		{name: "cocoa scenario text with escapes", code: 0, want: `1 scenario file written to`,
			args: func(t *testing.T, in, out string) []string {
				rec := `[{"uuid":"c` + jsonHostile() + `1","category":"bike","kbs":[{"personal":{"Role":"seller","Target":100},"item":{"Title":"Bike` + jsonHostile() + `","Category":"bike","Price":120,"Description":["Red` + jsonHostile() + `"]}},{"personal":{"Role":"buyer","Target":70},"item":{"Title":"Bike","Price":120}}]}]`
				return []string{"scenarios", "import", "cocoa", mustWrite(t, filepath.Join(in, "s.json"), rec), "--out", out}
			}},
		{name: "cocoa file of 100 MB", code: 1, want: `big.json: file too large: larger than the limit of 67108864 bytes`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"scenarios", "import", "cocoa", sparse(t, filepath.Join(in, "big.json"), "[", 100<<20), "--out", out}
			}},
		{name: "cocoa record of 3 MB", code: 1, want: `t.json: record 1: longer than 1048576 bytes`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"scenarios", "import", "cocoa", mustWrite(t, filepath.Join(in, "t.json"), "["+dondDialogue("u1", "hi")+","+dondDialogue("u2", strings.Repeat("x", 3<<20))+"]"), "--out", out}
			}},
		{name: "cocoa file that is no list", code: 1, want: `t.json: not a JSON list of records`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"scenarios", "import", "cocoa", mustWrite(t, filepath.Join(in, "t.json"), `{"uuid":`+strings.Repeat("[", 100000)), "--out", out}
			}},

		// Listings, schemas and --humans.
		{name: "listings of 745 MB", code: 1, want: `big.json: file too large: larger than the limit of 16777216 bytes`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"run", "--listings", sparse(t, filepath.Join(in, "big.json"), "[", 745<<20), "--scenario", "craigslist/gen-1", "--out", out}
			}},
		{name: "schema of 150 MB", code: 1, want: `big.json: file too large: larger than the limit of 4194304 bytes`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"run", "--schema", sparse(t, filepath.Join(in, "big.json"), "{", 150<<20), "--scenario", "mutualfriends/gen-1", "--out", out}
			}},
		{name: "schema is a FIFO", code: 1, want: `schema.json: a named pipe, not a regular file`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"run", "--schema", fifo(t, filepath.Join(in, "schema.json")), "--scenario", "mutualfriends/gen-1", "--out", out}
			}},
		{name: "listings with escapes reach no recording", code: 0, want: `episodes recorded`,
			args: func(t *testing.T, in, out string) []string {
				ls := `[{"title":"Bike` + jsonHostile() + `","description":["Red` + jsonHostile() + `"],"price":300,"category":"bike` + jsonHostile() + `"}]`
				return []string{"run", "--listings", mustWrite(t, filepath.Join(in, "l.json"), ls), "--scenario", "craigslist/gen-1", "--modes", "agents", "--out", out}
			}},
		{name: "schema with escapes reaches no recording", code: 0, want: `episodes recorded`,
			args: func(t *testing.T, in, out string) []string {
				h := jsonHostile()
				schema := `{"attributes":[{"name":"Name","value_type":"name"},{"name":"School` + h + `","value_type":"school"},{"name":"Hobby","value_type":"hobby"},{"name":"Major","value_type":"major"}],` +
					`"values":{"school":["Yale` + h + `","Rice"],"hobby":["chess` + h + `","golf","rowing"],"major":["law","art` + h + `"]}}`
				return []string{"run", "--schema", mustWrite(t, filepath.Join(in, "schema.json"), schema), "--scenario", "mutualfriends/gen-1", "--modes", "agents", "--out", out}
			}},
		{name: "humans file whose dialogues are all bad", code: 1, want: `--humans .*t.json: no readable dialogue; 2 skipped:\n  .*t.json: record 0: events: is empty\n  .*t.json: record 1: events\[0\].action: unknown action`,
			args: func(t *testing.T, in, out string) []string {
				empty := strings.Replace(dondDialogue("u1", "x"), `"events":[`, `"events":[],"x":[`, 1)
				odd := strings.Replace(dondDialogue("u2", "x"), `"action":"message"`, `"action":"dance`+jsonHostile()+`"`, 1)
				return []string{"watch", "--humans", mustWrite(t, filepath.Join(in, "t.json"), "["+empty+","+odd+"]"), "--record", out}
			}},
		{name: "humans dialogue with escapes, recorded", code: 0, want: `\[HUMANS\]`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"watch", "--humans", mustWrite(t, filepath.Join(in, "t.json"), "["+dondDialogue("u1", "hi"+jsonHostile())+"]"), "--modes", "agents", "--record", out}
			},
			check: func(t *testing.T, in, out string, _ appRun) {
				if filesIn(out, ".jsonl") != 2 {
					t.Errorf("%d recordings, want 2", filesIn(out, ".jsonl"))
				}
			}},

		// Exports and the card.
		{name: "export sotopia over its own input", code: 1, want: `x.jsonl: is one of the files this command reads`,
			args: func(t *testing.T, in, out string) []string {
				p := mustWrite(t, filepath.Join(in, "x.jsonl"), shipped(t))
				return []string{"export", "--format", "sotopia", p, "--out", p, "--force"}
			},
			check: func(t *testing.T, in, out string, _ appRun) {
				if data, _ := os.ReadFile(filepath.Join(in, "x.jsonl")); string(data) != shipped(t) {
					t.Error("the input was changed")
				}
			}},
		{name: "export finetune through a planted link", code: 1, want: `train.jsonl: is a symbolic link; refusing to write through it`,
			args: func(t *testing.T, in, out string) []string {
				link := symlink(t, filepath.Join(filepath.Dir(out), "outside", "precious"), filepath.Join(out, "train.jsonl"))
				return []string{"export", "--format", "finetune", scriptRecording, "--out", link, "--force"}
			},
			check: preciousKept},
		{name: "export finetune over an existing file", code: 1, want: `train.jsonl: already exists \(--force replaces it\)`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"export", "--format", "finetune", scriptRecording, "--out", mustWrite(t, filepath.Join(out, "train.jsonl"), "earlier\n")}
			},
			check: func(t *testing.T, in, out string, _ appRun) {
				if data, _ := os.ReadFile(filepath.Join(out, "train.jsonl")); string(data) != "earlier\n" {
					t.Errorf("replaced without --force: %q", data)
				}
			}},
		{name: "export finetune with --force replaces", code: 0, want: `finetune: 2 written`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"export", "--format", "finetune", scriptRecording, "--out", mustWrite(t, filepath.Join(out, "train.jsonl"), "earlier\n"), "--force"}
			}},
		{name: "export recording copies through a planted link", code: 1, want: `is a symbolic link; refusing to write through it`,
			args: func(t *testing.T, in, out string) []string {
				symlink(t, filepath.Join(filepath.Dir(out), "outside", "precious"), filepath.Join(out, filepath.Base(scriptRecording)))
				return []string{"export", "--format", "recording", "--redact", scriptRecording, "--out", out, "--force"}
			},
			check: preciousKept},
		{name: "export recording copy over its own input", code: 1, want: `is one of the files this command reads`,
			args: func(t *testing.T, in, out string) []string {
				p := mustWrite(t, filepath.Join(out, "x.jsonl"), shipped(t))
				return []string{"export", "--format", "recording", "--redact", p, "--out", out, "--force"}
			}},
		{name: "export finetune of escapes to stdout", code: 0, want: `"messages"`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"export", "--format", "finetune", hostileRecording(t, filepath.Join(in, "h.jsonl"))}
			}},
		{name: "export sotopia of escapes", code: 0, want: `sotopia: 1 written`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"export", "--format", "sotopia", "--redact", hostileRecording(t, filepath.Join(in, "h.jsonl")), "--out", filepath.Join(out, "e.jsonl")}
			}},
		{name: "export recording of escapes", code: 0, want: `wrote`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"export", "--format", "recording", "--redact", hostileRecording(t, filepath.Join(in, "h.jsonl")), "--out", out}
			}},
		{name: "export of a 280 MB recording", code: 1, want: `big.jsonl: file too large: larger than the limit of 268435456 bytes \(OMNIGAP_MAX_RECORDING_BYTES raises it\)`,
			args: func(t *testing.T, in, out string) []string {
				head, _, _ := strings.Cut(shipped(t), "\n")
				return []string{"export", "--format", "sotopia", sparse(t, filepath.Join(in, "big.jsonl"), head+"\n", 280<<20), "--out", filepath.Join(out, "e.jsonl")}
			}},
		{name: "card through a planted link", code: 1, want: `card.md: is a symbolic link; refusing to write through it`,
			args: func(t *testing.T, in, out string) []string {
				link := symlink(t, filepath.Join(filepath.Dir(out), "outside", "precious"), filepath.Join(out, "card.md"))
				return []string{"card", scriptRecording, "--out", link, "--force"}
			},
			check: preciousKept},
		{name: "card over its own input", code: 1, want: `x.jsonl: is one of the files this command reads`,
			args: func(t *testing.T, in, out string) []string {
				p := mustWrite(t, filepath.Join(out, "x.jsonl"), shipped(t))
				return []string{"card", p, "--out", p, "--force"}
			}},
		{name: "card of escapes", code: 0, want: `wrote`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"card", hostileRecording(t, filepath.Join(in, "h.jsonl")), "--out", filepath.Join(out, "card.md")}
			}},
		{name: "card of a 280 MB recording", code: 1, want: `big.jsonl: file too large: larger than the limit of 268435456 bytes`,
			args: func(t *testing.T, in, out string) []string {
				head, _, _ := strings.Cut(shipped(t), "\n")
				return []string{"card", sparse(t, filepath.Join(in, "big.jsonl"), head+"\n", 280<<20)}
			}},

		// Report files, summaries, recordings, replay.
		{name: "report files through a planted link and over an input", code: 1, want: `r.csv: is a symbolic link; refusing to write through it`,
			args: func(t *testing.T, in, out string) []string {
				link := symlink(t, filepath.Join(filepath.Dir(out), "outside", "precious"), filepath.Join(out, "r.csv"))
				return []string{"report", scriptRecording, "--csv", link, "--force"}
			},
			check: func(t *testing.T, in, out string, r appRun) {
				preciousKept(t, in, out, r)
				p := mustWrite(t, filepath.Join(out, "x.jsonl"), shipped(t))
				if r := runApp(t, "report", p, "--json", p, "--force"); r.code != 1 || !strings.Contains(r.stderr, "is one of the files this command reads") {
					t.Errorf("report --json over its input: exit %d %s", r.code, r.stderr)
				}
			}},
		{name: "report of escapes to every file", code: 0, want: `craigslist`,
			args: func(t *testing.T, in, out string) []string {
				h := hostileRecording(t, filepath.Join(in, "h.jsonl"))
				return []string{"report", h, "--json", filepath.Join(out, "r.json"), "--csv", filepath.Join(out, "r.csv"), "--svg", filepath.Join(out, "r.svg")}
			}},
		{name: "run with links planted for a recording and the summary", code: 1, want: `summary.json: is a symbolic link; refusing to write through it`,
			args: func(t *testing.T, in, out string) []string {
				precious := filepath.Join(filepath.Dir(out), "outside", "precious")
				symlink(t, precious, filepath.Join(out, "craigslist_road-bike-agents-s1.jsonl"))
				symlink(t, precious, filepath.Join(out, "summary.json"))
				return []string{"run", "--scenario", "craigslist/road-bike", "--modes", "agents", "--out", out, "--force"}
			},
			check: func(t *testing.T, in, out string, r appRun) {
				preciousKept(t, in, out, r)
				if _, err := os.Stat(filepath.Join(out, "craigslist_road-bike-agents-s1-2.jsonl")); err != nil {
					t.Errorf("the run was not recorded beside the link: %v", err)
				}
			}},
		{name: "watch records beside a planted link", code: 0, want: `\[AGENTS\]`,
			args: func(t *testing.T, in, out string) []string {
				symlink(t, filepath.Join(filepath.Dir(out), "outside", "precious"), filepath.Join(out, "craigslist_road-bike-agents-s1.jsonl"))
				return []string{"watch", "craigslist/road-bike", "--modes", "agents", "--record", out}
			},
			check: preciousKept},
		{name: "replay prints an ending reason with escapes", code: 0, want: `ended after \d+ turns \(turn_limit`,
			args: func(t *testing.T, in, out string) []string {
				return []string{"replay", "--pace", "0", hostileRecording(t, filepath.Join(in, "h.jsonl")), "--record", out}
			}},
	}
}

// TestLongRecordingsInBoundedMemory: card, export and report read a
// recording a line at a time, so their peak memory does not grow with its
// length: on a recording of 200,000 events (400 turns streamed in 499
// pieces each, 27 MB) it is within growthMargin of their peak on one of
// 20,000 (holding the events, as record.Read does, adds 54 MB: 60 MB
// against 6), and within hostileOutputRSS. The log gives each one's
// figures.
func TestLongRecordingsInBoundedMemory(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("writes a 27 MB recording")
	}
	const growthMargin = 16 << 20
	dir := t.TempDir()
	short, long := filepath.Join(dir, "short.jsonl"), filepath.Join(dir, "long.jsonl")
	writeManyDeltas(t, short, 40, 499)
	writeManyDeltas(t, long, 400, 499)
	for _, args := range []func(path, out string) []string{
		func(path, out string) []string { return []string{"card", path, "--out", filepath.Join(out, "card.md")} },
		func(path, out string) []string {
			return []string{"export", "--format", "sotopia", "--redact", path, "--out", filepath.Join(out, "episodes.jsonl")}
		},
		func(path, out string) []string {
			return []string{"export", "--format", "recording", "--redact", path, "--out", out}
		},
		func(path, out string) []string { return []string{"report", path} },
	} {
		var peaks []int64
		for _, path := range []string{short, long} {
			out := t.TempDir()
			a := args(path, out)
			r := runApp(t, a...)
			t.Logf("%s (%s): exit %d, %.1f s wall, %.1f s CPU, %.1f MB peak", strings.Join(slices.DeleteFunc(slices.Clone(a), filepath.IsAbs), " "), filepath.Base(path), r.code, r.wall.Seconds(), r.cpu.Seconds(), float64(r.maxRSS)/(1<<20))
			if r.code != 0 || r.maxRSS > hostileOutputRSS || r.maxRSS < 0 {
				t.Fatalf("%v: exit %d, %d MB peak\n%s", a, r.code, r.maxRSS>>20, r.stderr)
			}
			peaks = append(peaks, r.maxRSS)
			if a[0] == "export" && a[2] == "recording" {
				data, err := os.ReadFile(filepath.Join(out, filepath.Base(path)))
				if want := bytes.Count(mustRead(t, path), []byte("\n")); err != nil || bytes.Count(data, []byte("\n")) != want {
					t.Errorf("the redacted copy of %s is not whole (%v)", filepath.Base(path), err)
				}
			}
		}
		if peaks[1]-peaks[0] > growthMargin {
			t.Errorf("%s: %d MB at 20,000 events, %d MB at 200,000: memory grows with the recording", args("", "")[0], peaks[0]>>20, peaks[1]>>20)
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// writeManyDeltas writes a recording of turns turns, each streamed in
// deltas deltas.
func writeManyDeltas(t *testing.T, path string, turns, deltas int) {
	t.Helper()
	sc, err := scenario.LoadFile(filepath.Join("..", "..", "scenarios", "craigslist-road-bike.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sc.MaxTurns = turns
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	// Buffered: a write per line was a million system calls for the
	// longest recording.
	b := bufio.NewWriter(f)
	json.NewEncoder(b).Encode(record.Header{Kind: "header", Format: record.FormatVersion, RunID: "long", Scenario: sc, Mode: "agents", Backends: [2]string{"builtin", "builtin"}})
	seq := 0
	for n := 1; n <= turns; n++ {
		seat := (n - 1) % 2
		speaker := sc.Seats[seat].Character.Name
		for range deltas {
			seq++
			fmt.Fprintf(b, `{"run":"long","seq":%d,"at":%d,"kind":"delta","turn":%d,"seat":%d,"speaker":%q,"backend":"builtin","delta":"word "}`+"\n", seq, seq, n, seat, speaker)
		}
		seq++
		fmt.Fprintf(b, `{"run":"long","seq":%d,"at":%d,"kind":"turn_completed","turn":%d,"seat":%d,"speaker":%q,"backend":"builtin","action":{"type":"speak","text":"words"}}`+"\n", seq, seq, n, seat, speaker)
	}
	if err := b.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
