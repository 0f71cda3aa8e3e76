package termtest

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
)

// buildDir holds the binary Build made; Main removes it.
var buildDir string

// Build builds the omnigap binary on its first call in this test process
// (linking it takes seconds on a busy machine) and returns its path.
var Build = sync.OnceValues(func() (string, error) {
	var err error
	if buildDir, err = os.MkdirTemp("", "omnigap-test-"); err != nil {
		return "", err
	}
	bin := filepath.Join(buildDir, "omnigap")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/omnigap/omnigap/cmd/omnigap").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// Binary is Build's binary; a failed build fails the test.
func Binary(t testing.TB) string {
	t.Helper()
	bin, err := Build()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// terminalParallel is how many parallel tests Main runs at once unless
// -parallel says otherwise: a test in a terminal spends most of its time
// waiting for the app's paced words, not on a core.
const terminalParallel = 4

// Main runs a package's tests and removes the binary Build made: its
// TestMain is os.Exit(termtest.Main(m)).
func Main(m *testing.M) int {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given && runtime.GOMAXPROCS(0) < terminalParallel {
		flag.Set("test.parallel", strconv.Itoa(terminalParallel))
	}
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	return code
}
