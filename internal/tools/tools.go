// Package tools lets a test use an external program (tmux, ssh,
// rsvg-convert, chromium, …) that a fresh machine may lack.
//
// Outside CI a missing program skips the test (or the part of it that
// needs the program), naming the program and the package that installs
// it, so that `go test ./...` passes on a machine with nothing installed
// by hand. Under CI (the CI variable set true, as CI services and
// .ci/run set it) a missing program fails the test instead, so the full
// check always runs there. Missing does the same for anything else a
// test needs from the machine (internal/shareddata's public data).
package tools

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// CIVariable is the environment variable that, set true, makes a missing
// program a failure.
const CIVariable = "CI"

// TB is the part of testing.TB that Need uses.
type TB interface {
	Helper()
	Fatal(args ...any)
	Skip(args ...any)
}

// installs names the Debian package that provides each program the tests
// use, for the message when it is missing.
var installs = map[string]string{
	"tmux":             "tmux",
	"ssh":              "openssh-client",
	"ssh-keygen":       "openssh-client",
	"rsvg-convert":     "librsvg2-bin",
	"chromium":         "chromium",
	"chromium-browser": "chromium",
}

// InCI reports whether the tests run under CI, where every program a
// test needs must be present.
func InCI() bool {
	on, err := strconv.ParseBool(strings.TrimSpace(os.Getenv(CIVariable)))
	return err == nil && on
}

// Need returns the path of the first of name and alternatives found on
// PATH. When none is found it skips the test, or under CI fails it,
// saying which program is missing and how to install it. Call it after
// the checks that do not need the program.
func Need(t TB, name string, alternatives ...string) string {
	t.Helper()
	names := append([]string{name}, alternatives...)
	for _, n := range names {
		if path, err := exec.LookPath(n); err == nil {
			return path
		}
	}
	install := ""
	if pkg, ok := installs[name]; ok {
		install = fmt.Sprintf(" (apt-get install %s; .ci/run does)", pkg)
	}
	Missing(t, fmt.Sprintf("%s is not on PATH%s", strings.Join(names, " or "), install))
	return ""
}

// Missing ends a test that lacks something the machine should provide:
// it skips, saying what is missing and how to get it (what), or under
// CI fails.
func Missing(t TB, what string) {
	t.Helper()
	if InCI() {
		t.Fatal(fmt.Sprintf("%s: under %s=true the tests that need it must run", what, CIVariable))
		return
	}
	t.Skip(fmt.Sprintf("%s: skipping what needs it (under %s=true this fails)", what, CIVariable))
}
