package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// docCommand is one omnigap command written in README.md or docs/*.md.
type docCommand struct {
	file string // relative to the repository's root
	line int
	// text is the command as written: a shell line (continuations
	// joined, the comment left out), `go run ./cmd/omnigap` or `omnigap`
	// first.
	text string
	// inline is true for a `code span` in the prose, false for a line of
	// a fenced shell block.
	inline bool
}

func (c docCommand) String() string { return c.file + ":" + strconv.Itoa(c.line) + ": " + c.text }

// shellFences are the languages of the fenced blocks whose lines are
// commands; blocks of other languages (yaml, json, go, dockerfile) are not.
var shellFences = []string{"", "sh", "bash", "shell", "console"}

// commandStart is how a command starts, after any NAME=value settings.
var commandStart = regexp.MustCompile(`^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*(?:go run \./cmd/omnigap|omnigap)(?:\s|$)`)

// docCommands reads every omnigap command of the repository's README.md
// and docs/*.md, in file and line order.
func docCommands(t *testing.T, root string) []docCommand {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	var out []docCommand
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, path)
		out = append(out, commandsOf(filepath.ToSlash(rel), string(data))...)
	}
	return out
}

var codeSpan = regexp.MustCompile("`([^`]+)`")

// commandsOf returns the commands of one Markdown file: each line of a
// fenced shell block that starts a command, and each code span of the
// prose that is one.
func commandsOf(file, text string) []docCommand {
	var out []docCommand
	lines := strings.Split(text, "\n")
	var prose strings.Builder // the prose, fenced lines blanked, so that line numbers hold
	fence, lang := "", ""
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		if fence == "" && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")) {
			fence, lang = trimmed[:3], strings.TrimSpace(trimmed[3:])
			prose.WriteString("\n")
			continue
		}
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
				prose.WriteString("\n")
				continue
			}
			prose.WriteString("\n")
			if !slices.Contains(shellFences, lang) {
				continue
			}
			start := i
			for strings.HasSuffix(line, `\`) && i+1 < len(lines) {
				i++
				prose.WriteString("\n")
				line = strings.TrimSuffix(line, `\`) + " " + strings.TrimSpace(lines[i])
			}
			cmd := strings.Join(strings.Fields(withoutComment(line)), " ")
			if commandStart.MatchString(cmd) {
				out = append(out, docCommand{file: file, line: start + 1, text: cmd})
			}
			continue
		}
		prose.WriteString(line + "\n")
	}
	body := prose.String()
	for _, m := range codeSpan.FindAllStringSubmatchIndex(body, -1) {
		span := strings.Join(strings.Fields(body[m[2]:m[3]]), " ")
		if commandStart.MatchString(span) {
			out = append(out, docCommand{file: file, line: strings.Count(body[:m[0]], "\n") + 1, text: span, inline: true})
		}
	}
	slices.SortStableFunc(out, func(a, b docCommand) int { return a.line - b.line })
	return out
}

// withoutComment cuts a shell line at a # that starts a word outside
// quotes.
func withoutComment(line string) string {
	var quote rune
	prev := ' '
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (prev == ' ' || prev == '\t'):
			return line[:i]
		}
		prev = r
	}
	return line
}

func TestDocCommandsAreFound(t *testing.T) {
	md := "Run `omnigap report DIR` or `omnigap`; not `omnigap-report.yaml` nor\n`omnigap:` nor `go test ./...`.\n" +
		"```sh\n# a comment: omnigap run\ngo run ./cmd/omnigap      # the app\nOPENAI_API_KEY=... omnigap watch \\\n  --model m\n" +
		"omnigap watch 'sotopia:DIR#12'   # a combo\nsrun omnigap run\n```\n" +
		"```yaml\nomnigap: run\n```\n" +
		"A span over two lines: `omnigap run\n--episodes 3`.\n"
	got := commandsOf("x.md", md)
	want := []docCommand{
		{"x.md", 1, "omnigap report DIR", true},
		{"x.md", 1, "omnigap", true},
		{"x.md", 5, "go run ./cmd/omnigap", false},
		{"x.md", 6, "OPENAI_API_KEY=... omnigap watch --model m", false},
		{"x.md", 8, "omnigap watch 'sotopia:DIR#12'", false},
		{"x.md", 14, "omnigap run --episodes 3", true},
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%v\nwant\n%v", got, want)
	}
}
