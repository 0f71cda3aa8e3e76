package serve

import (
	"io"
	"net"
	"sync"
	"time"

	"charm.land/ssh"
)

// links counts the open connections, in all and, for those without a
// game (mid-handshake, or authenticated and idle), per address. A
// connection without a game is closed after wait, whatever it sends.
// When every place is taken, a newcomer from one address closes the
// oldest waiting connection of the address holding the most, so sockets
// that never speak SSH from one address cannot keep the others out.
type links struct {
	max, perIP int // open connections in all; waiting ones per address
	wait       time.Duration

	mu      sync.Mutex
	open    int
	waiting map[string][]*link // by address, oldest first
}

// link is one connection: the net.Conn the SSH server reads and writes,
// which gives its place back when closed.
type link struct {
	net.Conn
	ip    string
	links *links

	once     sync.Once
	timer    *time.Timer // closes the connection: no game in time, or a game over
	channels int         // session channels opened; under links.mu
	closed   bool        // under links.mu
}

// linkKey finds a connection's link in its ssh.Context.
type linkKey struct{}

// admitConn counts a new connection in, before any cryptography, or
// closes it with a line saying why.
func (s *Server) admitConn(ctx ssh.Context, c net.Conn) net.Conn {
	l, refusal := s.links.admit(c)
	if l == nil {
		_ = c.SetWriteDeadline(time.Now().Add(time.Second))
		_, _ = io.WriteString(c, "omnigap serve: "+refusal+"\r\n")
		return nil
	}
	ctx.SetValue(linkKey{}, l)
	return l
}

// admit is a link for c, or nil and why not.
func (ls *links) admit(c net.Conn) (*link, string) {
	ip := hostOf(c.RemoteAddr())
	var evict *link
	ls.mu.Lock()
	if len(ls.waiting[ip]) >= ls.perIP {
		ls.mu.Unlock()
		return nil, "too many connections from your address: try again in a minute"
	}
	if ls.open >= ls.max {
		hog := ls.busiest()
		if hog == ip || len(ls.waiting[hog]) < 2 || len(ls.waiting[hog]) <= len(ls.waiting[ip])+1 {
			ls.mu.Unlock()
			if hog == ip {
				return nil, "too many connections from your address: try again in a minute"
			}
			return nil, "the server is full: try again in a minute"
		}
		evict = ls.waiting[hog][0]
		ls.unwait(evict)
	}
	l := &link{Conn: c, ip: ip, links: ls}
	ls.open++
	ls.waiting[ip] = append(ls.waiting[ip], l)
	l.timer = time.AfterFunc(ls.wait, func() { l.Close() })
	ls.mu.Unlock()
	if evict != nil {
		evict.Close()
	}
	return l, ""
}

// busiest is the address with the most waiting connections.
func (ls *links) busiest() string {
	best, most := "", 0
	for ip, w := range ls.waiting {
		if len(w) > most {
			best, most = ip, len(w)
		}
	}
	return best
}

// unwait takes l off the waiting list (under ls.mu); false when it was
// not on it.
func (ls *links) unwait(l *link) bool {
	w := ls.waiting[l.ip]
	for i, x := range w {
		if x == l {
			w = append(w[:i:i], w[i+1:]...)
			if len(w) == 0 {
				delete(ls.waiting, l.ip)
			} else {
				ls.waiting[l.ip] = w
			}
			return true
		}
	}
	return false
}

// openChannel counts a session channel in, under channelsPerConn.
func (l *link) openChannel() bool {
	l.links.mu.Lock()
	defer l.links.mu.Unlock()
	if l.channels >= channelsPerConn {
		return false
	}
	l.channels++
	return true
}

// seated says the connection has a game: it no longer waits, nor is it
// closed for waiting. False when it was closed already.
func (l *link) seated() bool {
	l.links.mu.Lock()
	defer l.links.mu.Unlock()
	if l.closed {
		return false
	}
	l.links.unwait(l)
	l.timer.Stop()
	return true
}

// closeAfter closes the connection after d (a game over: time for its
// client to close it first).
func (l *link) closeAfter(d time.Duration) { l.timer.Reset(d) }

// Close closes the connection and gives its place back, once.
func (l *link) Close() error {
	var err error
	first := false
	l.once.Do(func() {
		first = true
		ls := l.links
		ls.mu.Lock()
		l.closed = true
		ls.open--
		ls.unwait(l)
		ls.mu.Unlock()
		l.timer.Stop()
		err = l.Conn.Close()
	})
	if !first {
		return net.ErrClosed
	}
	return err
}

// hostOf is an address without its port.
func hostOf(addr net.Addr) string {
	if addr == nil {
		return ""
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return addr.String()
	}
	return host
}
