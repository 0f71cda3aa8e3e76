package web

import (
	"context"
	"net"
	"sync"
)

// limitListener bounds the door's open connections. A connection
// waits (for its page, or its socket's join) until a socket on it joins
// a game; when every place is taken, a newcomer closes the oldest
// waiting connection of the address holding the most, so idle sockets
// from one address cannot keep a player out, and a connection that
// never sends a request is closed by the server's header timeout anyway.
type limitListener struct {
	net.Listener
	max int

	mu      sync.Mutex
	open    int
	waiting map[string][]*conn // by address, oldest first
}

func newLimitListener(ln net.Listener, max int) *limitListener {
	return &limitListener{Listener: ln, max: max, waiting: map[string][]*conn{}}
}

// conn is one connection, giving its place back when closed.
type conn struct {
	net.Conn
	ip   string
	l    *limitListener
	once sync.Once
}

// connKey finds a request's connection in its context.
type connKey struct{}

func (l *limitListener) connContext(ctx context.Context, c net.Conn) context.Context {
	if c, ok := c.(*conn); ok {
		return context.WithValue(ctx, connKey{}, c)
	}
	return ctx
}

// Accept admits the next connection, evicting a waiting one when full.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if tcp, ok := c.(*net.TCPConn); ok {
			_ = tcp.SetWriteBuffer(sendBuffer)
		}
		ip := hostOf(c.RemoteAddr())
		var evict *conn
		l.mu.Lock()
		if l.open >= l.max {
			hog := l.busiest()
			if hog == "" {
				l.mu.Unlock()
				c.Close() // every place is a game's: the room is full anyway
				continue
			}
			evict = l.waiting[hog][0]
			l.unwait(evict)
		}
		w := &conn{Conn: c, ip: ip, l: l}
		l.open++
		l.waiting[ip] = append(l.waiting[ip], w)
		l.mu.Unlock()
		if evict != nil {
			evict.Close()
		}
		return w, nil
	}
}

// busiest is the address with the most waiting connections ("" for none).
func (l *limitListener) busiest() string {
	best, most := "", 0
	for ip, w := range l.waiting {
		if len(w) > most {
			best, most = ip, len(w)
		}
	}
	return best
}

// unwait takes c off the waiting list (under l.mu).
func (l *limitListener) unwait(c *conn) {
	w := l.waiting[c.ip]
	for i, x := range w {
		if x == c {
			w = append(w[:i:i], w[i+1:]...)
			if len(w) == 0 {
				delete(l.waiting, c.ip)
			} else {
				l.waiting[c.ip] = w
			}
			return
		}
	}
}

// playing says a socket on c joined a game: it waits no more, and no
// newcomer evicts it.
func (c *conn) playing() {
	c.l.mu.Lock()
	defer c.l.mu.Unlock()
	c.l.unwait(c)
}

// Close closes the connection and gives its place back, once.
func (c *conn) Close() error {
	err := net.ErrClosed
	c.once.Do(func() {
		c.l.mu.Lock()
		c.l.open--
		c.l.unwait(c)
		c.l.mu.Unlock()
		err = c.Conn.Close()
	})
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
