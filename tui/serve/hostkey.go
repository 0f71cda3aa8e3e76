package serve

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	gossh "golang.org/x/crypto/ssh"

	"github.com/omnigap/omnigap/engine/safefile"

	"github.com/omnigap/omnigap/engine/room"
)

// maxKeyFile caps what is read of a host key or authorized keys file.
const maxKeyFile = 1 << 20

// DefaultHostKey is where the host key lives unless --host-key says
// otherwise: omnigap's folder in the user's config directory.
func DefaultHostKey() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no config directory for the host key (give --host-key FILE): %w", err)
	}
	return filepath.Join(dir, "omnigap", "ssh_host_ed25519_key"), nil
}

// hostKey is the server's key: the file's, or a new ed25519 key written
// to it (mode 0600, its folder 0700) when there is none, so players see
// the same host key on every restart. A key file others may read is
// refused, as OpenSSH refuses one, and so is a folder above it that is
// a link (room.CheckPath). It returns the signer and the key's
// private bytes, from which the players' salt is derived.
func hostKey(path string) (gossh.Signer, []byte, error) {
	if err := room.CheckPath(filepath.Dir(path)); err != nil {
		return nil, nil, fmt.Errorf("host key %s: %w", path, err)
	}
	data, err := safefile.ReadCapped(path, maxKeyFile)
	if errors.Is(err, fs.ErrNotExist) {
		data, err = newHostKey(path)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("host key %s: %w", path, err)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, fmt.Errorf("host key %s: %w", path, err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		return nil, nil, fmt.Errorf("host key %s: others may read it (mode %#o): chmod 600 %s", path, st.Mode().Perm(), path)
	}
	signer, err := gossh.ParsePrivateKey(data)
	if err != nil {
		return nil, nil, fmt.Errorf("host key %s: %w", path, err)
	}
	return signer, data, nil
}

// newHostKey writes a new ed25519 key in OpenSSH's format, whole and
// readable by its owner only from its first byte (safefile.WriteFile,
// never through a link). An existing file is never replaced, so two
// servers starting at once cannot both write it: the loser reads the
// winner's key.
func newHostKey(path string) ([]byte, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	block, err := gossh.MarshalPrivateKey(priv, "omnigap serve host key")
	if err != nil {
		return nil, err
	}
	data := pem.EncodeToMemory(block)
	err = safefile.WriteFile(path, safefile.Policy{Mode: 0o600}, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
	if errors.Is(err, safefile.ErrExists) {
		return safefile.ReadCapped(path, maxKeyFile)
	}
	if err != nil {
		return nil, err
	}
	return data, nil
}
