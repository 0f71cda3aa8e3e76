package serve

import (
	"bytes"
	"fmt"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/omnigap/omnigap/engine/safefile"
)

// authorizedKeys reads an authorized_keys file (OpenSSH's format; options
// before a key are read and ignored) into the set of keys it admits. A
// line that is not a key is an error naming the file and the line.
func authorizedKeys(path string) (map[string]bool, error) {
	data, err := safefile.ReadCapped(path, maxKeyFile)
	if err != nil {
		return nil, fmt.Errorf("--authorized-keys %s: %w", path, err)
	}
	keys := map[string]bool{}
	for n, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, _, _, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("--authorized-keys %s:%d: not a public key: %w", path, n+1, err)
		}
		keys[string(key.Marshal())] = true
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("--authorized-keys %s: no keys in it: nobody could play", path)
	}
	return keys, nil
}

// authOptions admit the listed keys only; with none listed (the open
// server) they admit everyone, by key when the client offers one (so a
// person's games share a player name) and otherwise by an empty
// keyboard-interactive exchange.
func authOptions(listed map[string]bool) []ssh.Option {
	if listed != nil {
		return []ssh.Option{ssh.PublicKeyAuth(func(_ ssh.Context, key ssh.PublicKey) bool {
			return listed[string(key.Marshal())]
		})}
	}
	return []ssh.Option{
		ssh.PublicKeyAuth(func(ssh.Context, ssh.PublicKey) bool { return true }),
		ssh.KeyboardInteractiveAuth(func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }),
	}
}
