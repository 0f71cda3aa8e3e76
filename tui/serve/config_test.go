package serve

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestHostKeyIsCreatedPrivateOnceAndReused: the first server writes the
// host key 0600 in a 0700 folder; the next one offers players the same
// key; a key file others may read is refused with the chmod to run.
func TestHostKeyIsCreatedPrivateOnceAndReused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "omnigap", "ssh_host_ed25519_key")
	seen := func() []byte {
		srv := startServer(t, Config{HostKey: path})
		var key []byte
		cfg := clientConfig(nil)
		cfg.HostKeyCallback = func(_ string, _ net.Addr, k gossh.PublicKey) error {
			key = k.Marshal()
			return nil
		}
		c, err := gossh.Dial("tcp", srv.Addr().String(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		c.Close()
		srv.shutdown(t)
		return key
	}
	first := seen()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("host key mode %#o, want 0600", st.Mode().Perm())
	}
	if dir, _ := os.Stat(filepath.Dir(path)); dir.Mode().Perm() != 0o700 {
		t.Errorf("host key folder mode %#o, want 0700", dir.Mode().Perm())
	}
	if second := seen(); !bytes.Equal(first, second) {
		t.Error("a restarted server offered another host key")
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = New(Config{Game: testGame(t, "craigslist/road-bike", 0, ""), Listen: "127.0.0.1:0", HostKey: path})
	if err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a host key others may read: %v", err)
	}
}

// TestHostKeyIsNeverWrittenThroughALink: a link where the key goes, to a
// file that is not there, is refused, and nothing is written where it
// points.
func TestHostKeyIsNeverWrittenThroughALink(t *testing.T) {
	dir := t.TempDir()
	path, target := filepath.Join(dir, "key"), filepath.Join(dir, "elsewhere")
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	_, err := New(Config{Game: testGame(t, "craigslist/road-bike", 0, ""), Listen: "127.0.0.1:0", HostKey: path})
	if err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("a host key path that is a link: %v", err)
	}
	if _, err := os.Lstat(target); err == nil {
		t.Error("a key was written where the link points")
	}
}

// TestOnlyLoopbackIsOpenByDefault: another address needs
// --authorized-keys or --public, and --public says what it means.
func TestOnlyLoopbackIsOpenByDefault(t *testing.T) {
	for _, c := range []struct {
		listen       string
		keys, public bool
		refused      bool
		warned       bool
	}{
		{"127.0.0.1:2222", false, false, false, false},
		{"[::1]:2222", false, false, false, false},
		{"localhost:2222", false, false, false, false},
		{"0.0.0.0:2222", false, false, true, false},
		{":2222", false, false, true, false},
		{"192.0.2.7:2222", false, false, true, false},
		{"0.0.0.0:2222", true, false, false, false},
		{"0.0.0.0:2222", false, true, false, true},
	} {
		warning, err := checkExposure(c.listen, c.keys, c.public)
		if (err != nil) != c.refused || (warning != "") != c.warned {
			t.Errorf("--listen %s (keys %v, public %v): warning %q, err %v", c.listen, c.keys, c.public, warning, err)
		}
		if err != nil && !strings.Contains(err.Error(), "--authorized-keys") {
			t.Errorf("the refusal should say what to do: %v", err)
		}
	}
}
