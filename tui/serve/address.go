package serve

import (
	"fmt"
	"net"
	"strings"
)

// checkExposure refuses to listen beyond this machine without a list of
// admitted keys, unless the host says --public; it returns the warning
// to print when serving publicly.
func checkExposure(listen string, keysListed, public bool) (string, error) {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return "", fmt.Errorf("--listen %s: %w", listen, err)
	}
	if loopback(host) || keysListed {
		return "", nil
	}
	if !public {
		return "", fmt.Errorf("--listen %s reaches beyond this machine, and without --authorized-keys anyone who can reach it could play, run the backends (and a model's tokens) and fill --record: give --authorized-keys FILE to admit only the keys listed, or --public to admit everyone", listen)
	}
	return fmt.Sprintf("public on %s: anyone who can reach this address can connect and play without a key; sessions are capped, and each game is recorded under a salted hash of the player's key or session, never a name, key or address", listen), nil
}

// loopback reports whether host names this machine only: localhost or a
// loopback address (an empty host or 0.0.0.0 listens on every interface).
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
