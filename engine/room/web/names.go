package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// names names each game's player in its recording by a salted hash of
// the game's token, as the SSH door names a player by their key: "p-"
// and 16 hex digits. The salt is new each time the server starts (a
// browser has no key to be known by across restarts), so a name says
// nothing of the player and cannot be computed from the token without
// the salt; no name typed, address or token is ever recorded.
type names struct{ salt []byte }

func newNames() names { return names{salt: []byte(rand.Text())} }

// of is the recorded name of the game with token.
func (n names) of(token string) string {
	mac := hmac.New(sha256.New, n.salt)
	mac.Write([]byte("web\x00" + token))
	return "p-" + hex.EncodeToString(mac.Sum(nil)[:8])
}
