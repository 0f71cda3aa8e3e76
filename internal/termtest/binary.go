package termtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

// Main runs a package's tests and removes the binary Build made: its
// TestMain is os.Exit(termtest.Main(m)).
func Main(m *testing.M) int {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	return code
}
