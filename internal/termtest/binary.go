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

// waitingParallel is how many parallel tests ManyAtOnce lets run at once:
// a test of a terminal or of a process spends most of its time waiting
// for the app (its paced words, its exit), not on a core.
const waitingParallel = 4

// ManyAtOnce raises how many parallel tests run at once to
// waitingParallel, unless -parallel was given or the machine has more
// cores. A TestMain calls it before m.Run.
func ManyAtOnce() {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given && runtime.GOMAXPROCS(0) < waitingParallel {
		flag.Set("test.parallel", strconv.Itoa(waitingParallel))
	}
}

// Main runs a package's tests, many at once (ManyAtOnce), and removes the
// binary Build made: its TestMain is os.Exit(termtest.Main(m)).
func Main(m *testing.M) int {
	ManyAtOnce()
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	return code
}
