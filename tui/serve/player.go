package serve

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"

	"charm.land/ssh"
)

// players names each person by a salted hash: of their public key when
// they offered one (their games on this server share the name, across
// restarts while the host key stays), else of the SSH session. The salt
// is derived from the host key, so the names cannot be computed from a
// key without it; no name, key or address is ever recorded.
type players struct{ salt []byte }

func newPlayers(hostKey []byte) players {
	sum := sha256.Sum256(append([]byte("omnigap serve player salt\x00"), hostKey...))
	return players{salt: sum[:]}
}

// name is the player's recorded name: "p-" and 16 hex digits.
func (p players) name(ctx ssh.Context) string {
	if key, ok := ctx.Value(ssh.ContextKeyPublicKey).(ssh.PublicKey); ok && key != nil {
		return p.of("key", key.Marshal())
	}
	return p.of("session", []byte(ctx.SessionID()))
}

// of is the name of a player known by what (their key, or the session's
// id in hex).
func (p players) of(what string, id []byte) string {
	mac := hmac.New(sha256.New, p.salt)
	mac.Write([]byte(what + "\x00"))
	mac.Write(id)
	return "p-" + hex.EncodeToString(mac.Sum(nil)[:8])
}
