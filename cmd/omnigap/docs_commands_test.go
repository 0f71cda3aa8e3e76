//go:build linux || darwin

package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/internal/llmtest"
	"github.com/omnigap/omnigap/internal/shareddata"
	"github.com/omnigap/omnigap/internal/termtest"
	"github.com/omnigap/omnigap/internal/tools"
)

// TestDocCommandsWorkAsWritten runs every omnigap command of README.md and
// docs/*.md (docCommands) the way a newcomer would: offline, in a fresh
// copy of the repository (the files git tracks, as a clone has them,
// but the Go sources, which only go's commands read), one
// copy per document with its commands run in order, the user's files
// beside them, and each must end with status 0. The app, the TUI, studies
// and reports are the real ones; what is changed is listed here:
//
//   - `go run ./cmd/omnigap` is the same program built once (this test's
//     binary run as the app);
//   - the user's paths: ~/sotopia and a Sotopia export's DIR are a copy of
//     Sotopia's profiles, its combos cut to each environment's first (90
//     of 450: every codename and the numbers the docs name still resolve,
//     and an import of them all is a fifth of the work), the cocoa files a command names
//     (sample-scenarios.json, craigslist-listings-bike.json...) copies of
//     cocoa's in the working folder, and the Sotopia episode files
//     (sotopia-episodes.jsonl, lite_*.jsonl) copies of Sotopia-RL's
//     example_episodes.jsonl, all public data (userFiles); my-scenario.yaml
//     and scenarios/your-file.yaml are copies of a shipped scenario;
//     room_keys holds a fresh public key; /tmp/ is a temporary folder;
//   - the placeholders (placeholders below);
//   - an endpoint (--base-url, --provider, a model without one) is the
//     loopback OpenAI-compatible server of internal/llmtest, and a
//     study against it (or a dry run, which plays a stand-in model)
//     plays --episodes 2 when the docs say more, the command otherwise
//     the one written: hundreds of model episodes would be minutes of CI;
//     a built-in study plays at most 100 (builtinEpisodes);
//   - serve listens on a free loopback port (--listen's address otherwise);
//   - interactive commands (watch, play, replay, demo, browse, serve, the
//     bare app) run in tmux, must draw a screen, and are quit with q.
//
// A code span that only names a command or its flags (`omnigap run`,
// `omnigap play --record`) is a mention: its command and flags must exist
// (--help). Commands that cannot run offline would be listed in
// notOffline with the reason; none is today. A command whose public data
// is missing is not run, nor one that reads what it would have written;
// the document's other commands run, and then its test skips naming that
// data (internal/shareddata: under CI=true it fails).
func TestDocCommandsWorkAsWritten(t *testing.T) {
	t.Parallel()
	tools.Need(t, "tmux") // the interactive commands run in it
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	env := newDocEnv(t, root)
	byFile := map[string][]docCommand{}
	var files []string
	for _, c := range docCommands(t, root) {
		if _, ok := byFile[c.file]; !ok {
			files = append(files, c.file)
		}
		byFile[c.file] = append(byFile[c.file], c)
	}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			var work string        // the fresh copy, made at the first command to run
			var lacking []string   // the public data of the commands not run
			var unwritten []string // what those commands would have written
			for _, c := range byFile[file] {
				if reason, ok := notOffline[c.text]; ok {
					t.Logf("%s: not run: %s", c, reason)
					continue
				}
				if isMention(c) {
					env.checkMention(t, c)
					continue
				}
				if work == "" {
					work = env.freshCopy(t)
				}
				p := env.prepare(t, c, work)
				if why := notRunnable(p, unwritten); why != "" {
					t.Logf("%s: not run: %s", c, why)
					lacking = append(lacking, p.data...)
					unwritten = append(unwritten, outputsOf(p.line)...)
					continue
				}
				env.run(t, c, p, work)
			}
			if len(lacking) > 0 {
				shareddata.Paths(t, lacking...)
			}
		})
	}
}

// notOffline are the commands that cannot run here, with the reason.
var notOffline = map[string]string{}

// mentions are code spans that name a command's flags in the prose rather
// than give a command to run; nameOnly spans (`omnigap report`) are too.
var mentions = map[string]string{
	"omnigap run --shard K/N":                         "names --shard; README.md runs --shard 2/4",
	"omnigap run --dry-run":                           "names --dry-run; README.md and docs/LLM.md run it in full",
	"omnigap report DIR... --by study|model|scenario": "the synopsis of --by's values",
	"omnigap export --format recording --redact":      "names the flags; README.md runs the whole command",
	"omnigap play --record":                           "names --record",
	"omnigap browse PATH...":                          "the synopsis of browse",
}

var nameOnly = regexp.MustCompile(`^omnigap( [a-z]+)*$`)

func isMention(c docCommand) bool {
	_, listed := mentions[c.text]
	return c.inline && (listed || nameOnly.MatchString(c.text))
}

// placeholders are the docs' names for what the user supplies, in the
// order they are replaced (%d: a number new for each command).
var placeholders = []struct {
	pattern *regexp.Regexp
	with    string
}{
	{regexp.MustCompile(`go run \./cmd/omnigap\b`), "omnigap"},
	// A synopsis's optional parts are left out.
	{regexp.MustCompile(` \[--[^\]]*\]`), ""},
	// A Sotopia export's folder.
	{regexp.MustCompile(`\bsotopia DIR\b`), "sotopia @SOTOPIA@"},
	{regexp.MustCompile(`\bsotopia:DIR#`), "sotopia:@SOTOPIA@#"},
	// A folder to write to: a new one.
	{regexp.MustCompile(`--out (DIR|SCENDIR)\b`), "--out new-%d"},
	// A study's folder to read: one the test plays first (docEnv.study).
	{regexp.MustCompile(`\bDIR\b`), "study"},
	{regexp.MustCompile(`\bFILE\.json\b`), "dealornodeal-val.json"},
	{regexp.MustCompile(`scenarios show ID\b`), "scenarios show craigslist/road-bike"},
	{regexp.MustCompile(`(^|\s)/tmp/`), "${1}@TMP@/"},
}

// endpointFlags mark a command that talks to a model.
var endpointFlags = regexp.MustCompile(`--model\b|--backend openai|--provider\b|--base-url\b|OPENAI_API_KEY=`)

// interactive are the commands that draw screens (and the bare app), and
// what their first screen shows: a pane heading, or serve's console.
var (
	interactive = []string{"watch", "play", "replay", "demo"}
	panesScreen = regexp.MustCompile(`[ ▶](SCRIPT|AGENTS|MINDREADERS|HUMANS) `)
	listScreen  = regexp.MustCompile(`omnigap browse · [\d,]+ episodes?, [\d,]+ recordings?`)
	serveScreen = regexp.MustCompile(`players connect with: ssh -p \d+ 127\.0\.0\.1`)
)

// docEnv is what every document's commands share: the app, the model
// servers, the user's files.
type docEnv struct {
	root, bin string
	servers   [2]*llmtest.Server
	tracked   []string
	n         atomic.Int64
}

func newDocEnv(t *testing.T, root string) *docEnv {
	t.Helper()
	e := &docEnv{root: root, bin: t.TempDir()}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wrapper := "#!/bin/sh\nOMNIGAP_TEST_AS_APP=1 exec " + shellQuoted(self) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(e.bin, "omnigap"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range e.servers {
		srv := llmtest.Start()
		srv.Keep = 1
		t.Cleanup(srv.Close)
		e.servers[i] = srv
	}
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Fatalf("listing the repository's files for a fresh copy (git ls-files): %v", err)
	}
	for name := range strings.SplitSeq(strings.TrimRight(string(out), "\x00"), "\x00") {
		// The app is this binary, so no command reads a Go source: copying
		// them, seven files in eight, took seconds of the file system's
		// time per document.
		if !strings.HasSuffix(name, ".go") {
			e.tracked = append(e.tracked, name)
		}
	}
	return e
}

// userFile is one of the user's files that the docs' commands name, a
// copy of public data (internal/shareddata) in the working folder.
type userFile struct {
	named *regexp.Regexp // how a command names it, placeholders replaced
	at    string         // where the copy goes in the working folder
	data  string         // the data it copies
}

// fileNamed matches a file's name as a word of a command line.
func fileNamed(name string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[\s'"])` + regexp.QuoteMeta(name) + `($|[\s'"])`)
}

// userFiles are the user's files that are public data: a Sotopia export's
// folder, cocoa's files, Sotopia episodes and Sotopia-PI's rated episodes
// with their ratings.
var userFiles = []userFile{
	{regexp.MustCompile(`(~|\$HOME)/sotopia\b|@SOTOPIA@`), "home/sotopia", "sotopia"},
	{fileNamed("sample-scenarios.json"), "sample-scenarios.json", "cocoa/craigslist-sample-scenarios.json"},
	{fileNamed("craigslist-sample-scenarios.json"), "craigslist-sample-scenarios.json", "cocoa/craigslist-sample-scenarios.json"},
	{fileNamed("craigslist-listings-bike.json"), "craigslist-listings-bike.json", "cocoa/craigslist-listings-bike.json"},
	{fileNamed("mutualfriends-schema.json"), "mutualfriends-schema.json", "cocoa/mutualfriends-schema.json"},
	{fileNamed("dealornodeal-val.json"), "dealornodeal-val.json", "cocoa/dealornodeal-val.json"},
	{fileNamed("sotopia-episodes.jsonl"), "sotopia-episodes.jsonl", "sotopia-episodes/sotopia-rl/example_episodes.jsonl"},
	{fileNamed("lite_gpt3.5_gpt3.5.jsonl"), "lite_gpt3.5_gpt3.5.jsonl", "sotopia-episodes/sotopia-rl/example_episodes.jsonl"},
	{fileNamed("lite_script_gpt3.5_gpt3.5.jsonl"), "lite_script_gpt3.5_gpt3.5.jsonl", "sotopia-episodes/sotopia-rl/example_episodes.jsonl"},
	{regexp.MustCompile(`(^|[\s'"])sotopia-pi-human-eval/`), "sotopia-pi-human-eval", "sotopia-episodes/sotopia-pi-human-eval"},
}

// notRunnable says why a command cannot run here: public data it names
// is missing, or it reads what a command not run would have written.
func notRunnable(p prepared, unwritten []string) string {
	var missing []string
	for _, name := range p.data {
		if _, ok := shareddata.Lookup(name); !ok {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return "public data it names is missing: " + strings.Join(missing, ", ")
	}
	for _, out := range unwritten {
		if strings.Contains(p.line, out) {
			return "it reads " + out + ", which a command not run would have written"
		}
	}
	return ""
}

// writes finds what a command writes: a study's or an import's folder, a
// recording's.
var writes = regexp.MustCompile(`--(?:out|record) (\S+)`)

func outputsOf(line string) []string {
	var out []string
	for _, m := range writes.FindAllStringSubmatch(line, -1) {
		out = append(out, strings.TrimSuffix(m[1], "/"))
	}
	return out
}

// freshCopy copies the tracked files into a new folder and puts the
// user's files beside them, those of the public data that is there.
func (e *docEnv) freshCopy(t *testing.T) string {
	t.Helper()
	work := t.TempDir()
	for _, name := range e.tracked {
		data, err := os.ReadFile(filepath.Join(e.root, name))
		if os.IsNotExist(err) {
			continue // deleted in the working tree, not yet in git
		}
		if err != nil {
			t.Fatal(err)
		}
		writeAll(t, filepath.Join(work, name), string(data))
	}
	copyFile := func(from, to string) {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		writeAll(t, to, string(data))
	}
	for _, f := range userFiles {
		from, ok := shareddata.Lookup(f.data)
		if !ok {
			continue // the commands that name it are not run
		}
		if info, err := os.Stat(from); err == nil && info.IsDir() {
			if err := os.CopyFS(filepath.Join(work, f.at), os.DirFS(from)); err != nil {
				t.Fatal(err)
			}
			if f.data == "sotopia" {
				firstComboOfEachEnvironment(t, filepath.Join(work, f.at, sotopia.CombosFile))
			}
			continue
		}
		copyFile(from, filepath.Join(work, f.at))
	}
	copyFile(filepath.Join(work, "scenarios", "craigslist-road-bike.yaml"), filepath.Join(work, "my-scenario.yaml"))
	copyFile(filepath.Join(work, "scenarios", "craigslist-road-bike.yaml"), filepath.Join(work, "scenarios", "your-file.yaml"))
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ssh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	writeAll(t, filepath.Join(work, "room_keys"), string(ssh.MarshalAuthorizedKey(key)))
	for _, dir := range []string{"config", "tmp"} {
		if err := os.MkdirAll(filepath.Join(work, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return work
}

// checkMention checks that a mentioned command and its flags exist.
func (e *docEnv) checkMention(t *testing.T, c docCommand) {
	t.Helper()
	words := strings.Fields(c.text)[1:]
	var sub, flags []string
	for _, w := range words {
		switch {
		case strings.HasPrefix(w, "--"):
			flags = append(flags, w)
		case nameOnly.MatchString("omnigap "+w) && len(flags) == 0:
			sub = append(sub, w)
		}
	}
	cmd := exec.Command(filepath.Join(e.bin, "omnigap"), append(sub, "--help")...)
	out, err := cmd.CombinedOutput()
	usage := "omnigap " + strings.Join(sub, " ")
	if err != nil || !strings.Contains(string(out), "\n  "+strings.TrimSpace(usage)) {
		t.Errorf("%s: no such command (%v):\n%s", c, err, out)
		return
	}
	for _, f := range flags {
		if !strings.Contains(string(out), " "+f+" ") {
			t.Errorf("%s: %s has no flag %s", c, usage, f)
		}
	}
}

// builtinEpisodes bounds a built-in study of the docs: the thousands of
// episodes some commands make for a measurement are the benchmarks' to
// time (docs/PERFORMANCE.md), and would be seconds of CPU here. Each
// episode is a recording per mode: at 300 the walk-through wrote some
// 8,000 files, and creating them was a sixth of this package's CPU on
// ext4 (the inode allocator's search past recently deleted inodes).
const builtinEpisodes = 100

// fewerEpisodes rewrites --episodes N above most as --episodes most.
func fewerEpisodes(line string, most int) string {
	return regexp.MustCompile(`--episodes (\d+)`).ReplaceAllStringFunc(line, func(m string) string {
		if n, _ := strconv.Atoi(strings.TrimPrefix(m, "--episodes ")); n > most {
			return fmt.Sprintf("--episodes %d", most)
		}
		return m
	})
}

// prepared is a command ready to run: the shell line and its settings.
type prepared struct {
	line    string
	data    []string // the public data of the user's files it names
	env     []string
	screens []*regexp.Regexp // what the screen of each of its commands that draws one shows
	drawers []int            // the place in the chain (from 0) of each of those commands
}

func (e *docEnv) prepare(t *testing.T, c docCommand, work string) prepared {
	t.Helper()
	p := prepared{line: c.text}
	for _, ph := range placeholders {
		with := ph.with
		if strings.Contains(with, "%d") {
			with = fmt.Sprintf(with, e.n.Add(1))
		}
		p.line = ph.pattern.ReplaceAllString(p.line, with)
	}
	for _, f := range userFiles {
		if f.named.MatchString(p.line) && !slices.Contains(p.data, f.data) {
			p.data = append(p.data, f.data)
		}
	}
	p.line = strings.NewReplacer("@SOTOPIA@", filepath.Join(work, "home", "sotopia"), "@TMP@", filepath.Join(work, "tmp")).Replace(p.line)
	if endpointFlags.MatchString(p.line) {
		// Each endpoint named is one of the loopback servers.
		urls := map[string]string{}
		p.line = regexp.MustCompile(`--base-url (\S+)`).ReplaceAllStringFunc(p.line, func(m string) string {
			u := strings.TrimPrefix(m, "--base-url ")
			if _, ok := urls[u]; !ok {
				urls[u] = e.servers[len(urls)%len(e.servers)].URL
			}
			return "--base-url " + urls[u]
		})
		switch {
		case strings.Contains(p.line, "--provider") && len(urls) == 0:
			p.line += " --base-url " + e.servers[0].URL
		case len(urls) == 0 && !strings.Contains(p.line, "--model"):
			// OpenAI's API, which the loopback server stands in for,
			// has a default model; another endpoint has none.
			p.line += " --model gpt-4o-mini"
		}
		p.env = append(p.env, "OPENAI_BASE_URL="+e.servers[0].URL)
		p.line = fewerEpisodes(p.line, 2)
	} else {
		p.line = fewerEpisodes(p.line, builtinEpisodes)
	}
	for place, seg := range strings.Split(p.line, "&&") {
		words := strings.Fields(seg)
		for len(words) > 0 && regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=`).MatchString(words[0]) {
			words = words[1:]
		}
		switch {
		case len(words) >= 2 && words[1] == "serve":
			p.screens, p.drawers = append(p.screens, serveScreen), append(p.drawers, place)
		case len(words) >= 2 && words[1] == "browse":
			p.screens, p.drawers = append(p.screens, listScreen), append(p.drawers, place)
		case len(words) < 2 || strings.HasPrefix(words[1], "-") || slices.Contains(interactive, words[1]):
			p.screens, p.drawers = append(p.screens, panesScreen), append(p.drawers, place)
		}
	}
	// serve listens on free loopback ports: its SSH door always (so its
	// first line is the one looked for), its web door when named.
	if strings.Contains(p.line, "omnigap serve") {
		port := freePort(t)
		if regexp.MustCompile(`--listen \S+`).MatchString(p.line) {
			p.line = regexp.MustCompile(`--listen \S+`).ReplaceAllString(p.line, "--listen 127.0.0.1:"+port)
		} else {
			p.line += " --listen 127.0.0.1:" + port
		}
		if web := regexp.MustCompile(`--http \S+`); web.MatchString(p.line) {
			p.line = web.ReplaceAllString(p.line, "--http 127.0.0.1:"+freePort(t))
		}
	}
	return p
}

// study plays the study that a DIR to read stands for, once per copy.
func (e *docEnv) study(t *testing.T, work string) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(work, "study")); err == nil {
		return
	}
	if err := e.shell(t, prepared{line: "omnigap run --scenario 'craigslist/gen-*' --episodes 2 --out study"}, work); err != nil {
		t.Fatalf("the study a DIR to read stands for: %v", err)
	}
}

// run runs one command and checks that it works.
func (e *docEnv) run(t *testing.T, c docCommand, p prepared, work string) {
	t.Helper()
	if regexp.MustCompile(`\bstudy\b`).MatchString(p.line) {
		e.study(t, work)
	}
	start := time.Now()
	var err error
	if len(p.screens) > 0 {
		err = e.inTmux(t, p, work)
	} else {
		err = e.shell(t, p, work)
	}
	note := ""
	if p.line != c.text {
		note = " as: " + p.line
	}
	if err != nil {
		t.Errorf("%s%s: %v", c, note, err)
		return
	}
	t.Logf("%s: ran in %s%s", c, time.Since(start).Round(time.Millisecond), note)
}

// script writes the shell script that runs p in work and writes its exit
// status to the file status beside it.
func (e *docEnv) script(t *testing.T, p prepared, work string) (script, status string) {
	t.Helper()
	dir := t.TempDir()
	status = filepath.Join(dir, "status")
	var b strings.Builder
	fmt.Fprintf(&b, "cd %s || exit 99\n", shellQuoted(work))
	fmt.Fprintf(&b, "unset OPENAI_API_KEY OPENAI_BASE_URL NO_COLOR\n")
	fmt.Fprintf(&b, "export HOME=%s XDG_CONFIG_HOME=%s PATH=%s:\"$PATH\"\n",
		shellQuoted(filepath.Join(work, "home")), shellQuoted(filepath.Join(work, "config")), shellQuoted(e.bin))
	for _, kv := range p.env {
		fmt.Fprintf(&b, "export %s\n", kv)
	}
	// Each command of a chain notes that it ended (the file steps beside
	// status), so that the next screen is not mistaken for this one's.
	segments := strings.Split(p.line, "&&")
	for i := range segments {
		segments[i] = strings.TrimSpace(segments[i]) + fmt.Sprintf(" && echo %d > %s", i+1, shellQuoted(stepsOf(status)))
	}
	fmt.Fprintf(&b, "%s\n", strings.Join(segments, " && "))
	fmt.Fprintf(&b, "echo $? > %s.tmp && mv %s.tmp %s\n", status, status, status)
	script = filepath.Join(dir, "run.sh")
	writeAll(t, script, b.String())
	return script, status
}

// shell runs a command that draws no screen, to its end.
func (e *docEnv) shell(t *testing.T, p prepared, work string) error {
	t.Helper()
	script, status := e.script(t, p, work)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", script)
	// The whole group is stopped on timeout, omnigap with its shell.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%v\n%s", err, tail(out.String()))
	}
	if code := readStatus(status); code != "0" {
		return fmt.Errorf("exit status %s\n%s", code, tail(out.String()))
	}
	return nil
}

// inTmux runs a command line that draws screens in a tmux of its own,
// waits for each screen and quits it with q (ctrl+c where q is text, as
// in play's input).
func (e *docEnv) inTmux(t *testing.T, p prepared, work string) error {
	t.Helper()
	script, status := e.script(t, p, work)
	srv := termtest.NewServer("docs")
	if _, err := srv.Tmux("new-session", "-d", "-s", "doc", "-x", "100", "-y", "30", "sh "+shellQuoted(script)+"; sleep 60"); err != nil {
		return err
	}
	defer srv.Kill()
	capture := func() string { s, _ := srv.Tmux("capture-pane", "-p", "-t", "doc"); return s }
	for i, want := range p.screens {
		screen, ok := waitScreen(capture, status, want, 20*time.Second)
		if !ok {
			return fmt.Errorf("no screen showing %q from its command %d (status %q); the terminal shows:\n%s", want, i+1, readStatus(status), strings.TrimRight(screen, "\n"))
		}
		// Then the next screen, or the end: this command has ended when
		// it notes so, not when the screen looks blank (the next one may
		// draw before a blank screen is seen).
		gone := func(limit time.Duration) bool {
			_, ok := termtest.Poll(limit, func() (struct{}, bool) {
				return struct{}{}, readStatus(status) != "" || readSteps(status) > p.drawers[i]
			})
			return ok
		}
		srv.Tmux("send-keys", "-t", "doc", "q")
		if !gone(3 * time.Second) {
			srv.Tmux("send-keys", "-t", "doc", "C-c")
			gone(15 * time.Second)
		}
	}
	code, _ := termtest.Poll(20*time.Second, func() (string, bool) { c := readStatus(status); return c, c != "" })
	if code != "0" {
		return fmt.Errorf("exit status %q after quitting; the terminal shows:\n%s", code, strings.TrimRight(capture(), "\n"))
	}
	return nil
}

// waitScreen waits until the terminal shows what a screen shows while the
// command still runs.
func waitScreen(capture func() string, status string, want *regexp.Regexp, limit time.Duration) (string, bool) {
	matched := false
	screen, _ := termtest.Poll(limit, func() (string, bool) {
		s := capture()
		if readStatus(status) != "" {
			return s, true
		}
		matched = want.MatchString(s)
		return s, matched
	})
	return screen, matched
}

func readStatus(path string) string { return termtest.ReadStatus(path) }

func tail(s string) string {
	if len(s) > 3000 {
		return "..." + s[len(s)-3000:]
	}
	return s
}

func freePort(t *testing.T) string { return strconv.Itoa(termtest.FreePort(t)) }

func shellQuoted(s string) string { return termtest.ShellQuoted(s) }

// writeAll writes a file, making its folder.
func writeAll(t *testing.T, path, content string) { termtest.WriteFile(t, path, content) }

// stepsOf is the file in which a chain's commands note how many have
// ended, beside its status file.
func stepsOf(status string) string { return status + ".steps" }

// readSteps is how many of a chain's commands have ended.
func readSteps(status string) int {
	n, _ := strconv.Atoi(readStatus(stepsOf(status)))
	return n
}

// firstComboOfEachEnvironment rewrites a Sotopia combos file keeping the
// first combo of each environment, in order.
func firstComboOfEachEnvironment(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var keep []byte
	seen := map[string]bool{}
	for line := range bytes.Lines(data) {
		var c struct {
			EnvID string `json:"env_id"`
		}
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !seen[c.EnvID] {
			seen[c.EnvID] = true
			keep = append(keep, line...)
		}
	}
	if err := os.WriteFile(path, keep, 0o644); err != nil {
		t.Fatal(err)
	}
}
