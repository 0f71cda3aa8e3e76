package room

import (
	"os/exec"
	"strings"
	"testing"
)

// The room knows no protocol: nothing it imports, directly or not, is an
// SSH package, so another way in (a web terminal) can hand it players.
func TestTheRoomImportsNoSSHPackage(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.Contains(pkg, "ssh") || strings.Contains(pkg, "wish") {
			t.Errorf("the room imports %s", pkg)
		}
	}
}
