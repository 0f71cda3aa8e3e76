package serve

// openConns is the number of connections the server holds.
func openConns(srv *started) int {
	srv.links.mu.Lock()
	defer srv.links.mu.Unlock()
	return srv.links.open
}
