package browser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// axe-core, the accessibility rules the pages' tests run in Chromium, is
// an npm package installed for the tests only (never shipped in a page):
// testdata/axe pins its version and integrity, and npm installs it there.
//go:generate npm ci --prefix testdata/axe

// AxeVariable names a file to use as axe-core's script instead of the one
// npm installs in testdata/axe.
const AxeVariable = "OMNIGAP_AXE"

// AxeInstall is the command that installs axe-core where AxeScript looks.
const AxeInstall = "npm ci --prefix internal/browser/testdata/axe"

// AxeScript reads axe-core's script: the file AxeVariable names, else the
// one npm installed beside this package's source. It says how to install
// it when it is not there.
func AxeScript() (string, error) {
	path := os.Getenv(AxeVariable)
	if path == "" {
		_, self, _, ok := runtime.Caller(0)
		if !ok {
			return "", fmt.Errorf("axe-core: this package's folder is unknown; set %s", AxeVariable)
		}
		path = filepath.Join(filepath.Dir(self), "testdata", "axe", "node_modules", "axe-core", "axe.min.js")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("axe-core is not installed (%v): %s, or go generate ./internal/browser; .ci/run does", err, AxeInstall)
	}
	return string(b), nil
}

// Violation is one rule axe-core found broken, with the elements that
// break it.
type Violation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

func (v Violation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s", v.ID, v.Impact, v.Help)
	for _, n := range v.Nodes {
		fmt.Fprintf(&b, "\n    %v: %s", n.Target, strings.ReplaceAll(n.Summary, "\n", " "))
	}
	return b.String()
}

// Axe runs axe-core (its script, from AxeScript) over the page as it
// stands, every rule of WCAG 2.x A and AA and axe's best practices, and
// returns the violations. The script is evaluated by the DevTools
// protocol, not added to the page, so the page's policy stays as it is.
func (p *Page) Axe(ctx context.Context, script string) ([]Violation, error) {
	var loaded bool
	if err := p.Eval(ctx, script+"\n;typeof axe === 'object'", &loaded); err != nil {
		return nil, err
	}
	if !loaded {
		return nil, fmt.Errorf("axe-core's script did not define axe")
	}
	var vs []Violation
	err := p.Eval(ctx, `axe.run(document, {resultTypes: ["violations"], runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}}).then(r => r.violations)`, &vs)
	return vs, err
}
