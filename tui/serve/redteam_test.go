package serve

import (
	"bufio"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/omnigap/omnigap/engine/library"
)

// The red team's cases of issue 30, each bounded in time: a client that
// floods, hoards or never reads costs the room at most its own game, and
// not for longer than --idle.

// rawGame opens a game whose output the client never reads: a session
// channel with a terminal of cols x rows and a shell, its data left in
// the channel.
func rawGame(t *testing.T, client *gossh.Client, cols, rows uint32) gossh.Channel {
	t.Helper()
	ch, reqs, err := client.OpenChannel("session", nil)
	if err != nil {
		t.Fatal(err)
	}
	go gossh.DiscardRequests(reqs)
	pty := gossh.Marshal(struct {
		Term                   string
		Columns, Rows, Wpx, Hp uint32
		Modes                  string
	}{"xterm", cols, rows, 0, 0, ""})
	if ok, err := ch.SendRequest("pty-req", true, pty); !ok || err != nil {
		t.Fatalf("pty-req: %v %v", ok, err)
	}
	if ok, err := ch.SendRequest("shell", true, nil); !ok || err != nil {
		t.Fatalf("shell: %v %v", ok, err)
	}
	return ch
}

// resize asks for a window of cols x rows on a raw game's channel,
// without waiting for an answer.
func resize(ch gossh.Channel, cols, rows uint32) error {
	_, err := ch.SendRequest("window-change", false, gossh.Marshal(struct{ W, H, Wpx, Hpx uint32 }{cols, rows, 0, 0}))
	return err
}

// waitFree waits until no game is under way and no connection is open.
func waitFree(t *testing.T, srv *started, limit time.Duration, what string) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for srv.Playing() > 0 || openConns(srv) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d games under way and %d connections open %v later", what, srv.Playing(), openConns(srv), limit)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestAWindowChangeFloodFreesTheSeatByIdle: a client starts a game,
// opens a whole screen of text (what the seat knows, i) that every size
// redraws, sends window changes in a tight loop reading none of its
// output, then leaves. The request loop never waits for the game, so the
// connection is still read: the seat and the connection are free by
// --idle, and the game's recording is whole.
func TestAWindowChangeFloodFreesTheSeatByIdle(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	const idle = 3 * time.Second
	srv := startServer(t, Config{Idle: idle})
	client, err := gossh.Dial("tcp", srv.Addr().String(), clientConfig(nil))
	if err != nil {
		t.Fatal(err)
	}
	ch := rawGame(t, client, 120, 40)
	for _, key := range []string{"\r", "\x1b", "i"} {
		if _, err := ch.Write([]byte(key)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond)
	}
	// The flood runs for a second (thousands of sizes), or until a send
	// blocks: the client then leaves, which ends any send still waiting.
	go func() {
		for i := uint32(0); ; i++ {
			if err := resize(ch, 300+100*(i%2), 200); err != nil {
				return
			}
		}
	}()
	time.Sleep(time.Second)
	client.Close()
	waitFree(t, srv, idle+5*time.Second, "after a window-change flood and the client leaving")
	srv.shutdown(t)
	_, recs := folderReport(t, srv.dir)
	for _, rec := range recs {
		if rec.Footer == nil || rec.Torn {
			t.Errorf("%s: not a whole recording", rec.Path)
		}
	}
}

// TestChannelsPerConnectionAreBounded: one connection opening session
// channels without end gets a few (a game needs one), and the rest are
// refused saying so, so it cannot grow the server.
func TestChannelsPerConnectionAreBounded(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	srv := startServer(t, Config{})
	client := dial(t, srv)
	opened, why := 0, ""
	for range 500 {
		ch, reqs, err := client.OpenChannel("session", nil)
		if err != nil {
			why = err.Error()
			continue
		}
		go gossh.DiscardRequests(reqs)
		defer ch.Close()
		opened++
	}
	if opened > channelsPerConn || !strings.Contains(why, "too many channels") {
		t.Errorf("%d of 500 empty channels opened on one connection (refusal %q), want at most %d", opened, why, channelsPerConn)
	}
}

// TestKeepalivesDoNotHoldAConnectionWithoutAGame: an authenticated
// connection that opens no session and sends a keepalive every 200 ms is
// closed by --idle.
func TestKeepalivesDoNotHoldAConnectionWithoutAGame(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	const idle = time.Second
	srv := startServer(t, Config{Idle: idle})
	client := dial(t, srv)
	closed := make(chan struct{})
	go func() { client.Wait(); close(closed) }()
	limit := time.After(idle + 5*time.Second)
	for {
		select {
		case <-closed:
			return
		case <-limit:
			t.Fatalf("a connection with no game and keepalives was still open %v later", idle+5*time.Second)
		case <-time.After(200 * time.Millisecond):
			client.SendRequest("keepalive@openssh.com", true, nil)
		}
	}
}

// TestRawSocketsLeaveRoomForOthers: sockets that never speak SSH, from
// one address and then from many, take no more than that address's
// share of the places: the sockets beyond it are told why and closed,
// and a player from another address still plays.
func TestRawSocketsLeaveRoomForOthers(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	srv := startServer(t, Config{MaxSessions: 3})
	addr := srv.Addr().String()
	var socks []net.Conn
	defer func() {
		for _, c := range socks {
			c.Close()
		}
	}()
	// 127.0.0.1 opens a socket per place; all but its share are refused.
	refused := 0
	for range srv.cfg.MaxSessions + spareConns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		socks = append(socks, c)
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		line, _ := bufio.NewReader(c).ReadString('\n')
		if strings.Contains(line, "too many connections from your address") {
			refused++
		}
	}
	if refused == 0 {
		t.Errorf("%d raw sockets from one address: none refused", len(socks))
	}
	// Seven more addresses open three sockets each, more than the places
	// left: the newest still find room at the expense of the busiest.
	for i := 2; i <= 8; i++ {
		for range 3 {
			c, err := dialFrom("127.0.0."+string(rune('0'+i)), addr)
			if err != nil {
				t.Fatal(err)
			}
			socks = append(socks, c)
		}
	}
	p := joinFrom(t, "127.0.0.9", addr)
	if err := p.waitFor("enter starts", 30*time.Second); err != nil {
		t.Fatalf("a player with every place held by raw sockets: %v", err)
	}
	p.close()
}

// TestAClientThatTypesButNeverReadsIsEndedByIdle: a client that keeps
// typing but reads none of what the game draws is ended once the game
// has waited --idle to write to it (its SSH window full), and the room
// frees its seat and says why.
func TestAClientThatTypesButNeverReadsIsEndedByIdle(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	const idle = 3 * time.Second
	// What the seat knows is long (about 80 KB), so every redraw of its
	// panel at 400x200 is as large: the channel's window (2 MB) fills in
	// about two seconds. Drawn at 2 KB a frame it took fifteen, and keys
	// faster than the frames backed up in the server until "no input"
	// ended the game instead.
	game := testGame(t, library.DefaultID, 10, filepath.Join(t.TempDir(), "rec"))
	game.Scenario.Seats[1].Character.Personality = strings.Repeat("Patient, careful, slow to trust. ", 2500)
	var log syncBuffer
	srv := startServer(t, Config{Idle: idle, Game: game, Log: &log})
	client := dial(t, srv)
	ch := rawGame(t, client, 120, 40)
	ch.Write([]byte("\r"))
	time.Sleep(300 * time.Millisecond)
	ch.Write([]byte("\x1b"))
	time.Sleep(300 * time.Millisecond)
	// i opens the panel of what the seat knows; each size redraws it
	// whole. A key every 100 ms keeps the input coming (i again, closing
	// and opening the panel) while the sizes fill the window.
	const limit = 40 * time.Second
	start := time.Now()
	for n := 0; srv.Playing() > 0 || openConns(srv) > 0; n++ {
		if time.Since(start) > limit {
			t.Fatalf("a client typing and never reading still had its game %v later", limit)
		}
		if n%20 == 0 {
			ch.Write([]byte("i"))
		}
		resize(ch, 400, 200-uint32(n%2))
		time.Sleep(5 * time.Millisecond)
	}
	t.Logf("the game and its connection ended %v after the typing began (idle %v)", time.Since(start).Round(time.Millisecond), idle)
	if want := "ended: its client took no output for " + idle.String(); !strings.Contains(log.String(), want) {
		t.Errorf("the room's log does not say %q:\n%s", want, log.String())
	}
}

// TestAgentForwardingIsRefused: a forwarded agent is never used, and the
// request for one is answered no.
func TestAgentForwardingIsRefused(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	srv := startServer(t, Config{})
	client := dial(t, srv)
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := sess.SendRequest("auth-agent-req@openssh.com", true, nil); ok || err != nil {
		t.Errorf("agent forwarding: ok %v, err %v", ok, err)
	}
}

// TestAnUnusableRecordFolderStopsTheStart: --record under a regular
// file, through a link, or in a folder the server cannot write is an
// error naming the folder before anyone connects; so is a host key in a
// folder reached through a link.
func TestAnUnusableRecordFolderStopsTheStart(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	writeFile(t, file, "x")
	real := filepath.Join(dir, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		// Root's links are the system's: this one is another user's.
		if err := os.Lchown(link, 65534, 65534); err != nil {
			t.Fatal(err)
		}
	}
	cases := map[string]string{
		filepath.Join(file, "rec"): "not a folder",
		filepath.Join(link, "rec"): "is a link",
	}
	if os.Geteuid() != 0 {
		locked := filepath.Join(dir, "locked")
		if err := os.Mkdir(locked, 0o500); err != nil {
			t.Fatal(err)
		}
		cases[locked] = "cannot write in it"
	}
	for rec, want := range cases {
		game := testGame(t, "craigslist/road-bike", 0, rec)
		_, err := New(Config{Game: game, Listen: "127.0.0.1:0", HostKey: filepath.Join(dir, "key")})
		if err == nil || !strings.Contains(err.Error(), "--record "+rec) || !strings.Contains(err.Error(), want) {
			t.Errorf("--record %s: %v, want an error saying %q", rec, err, want)
		}
	}
	_, err := New(Config{Game: testGame(t, "craigslist/road-bike", 0, ""), Listen: "127.0.0.1:0", HostKey: filepath.Join(link, "key")})
	if err == nil || !strings.Contains(err.Error(), "is a link") {
		t.Errorf("a host key through a linked folder: %v", err)
	}
}

// TestTypedControlsAreCleanedInTheInput: a bidi override and an escape
// typed into the input box reach the player's own screen cleaned, as
// the transcript's text does.
func TestTypedControlsAreCleanedInTheInput(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	srv := startServer(t, Config{})
	p := join(t, srv.Addr().String(), 100, 30)
	if err := p.waitFor("enter starts", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := p.press("\r"); err != nil {
		t.Fatal(err)
	}
	if err := p.waitFor("your turn", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	_, before := p.out.lastWrite()
	if err := p.send("\u202eevil\u2066text"); err != nil {
		t.Fatal(err)
	}
	// The screen is drawn in pieces; once it has settled, the input box
	// holds the typed text.
	p.settle(before, 10*time.Second)
	if !p.out.waitWrite(before, 10*time.Second) {
		t.Fatal("the typed text brought no frame")
	}
	p.out.mu.Lock()
	raw := p.out.buf.String()
	p.out.mu.Unlock()
	for _, bad := range []string{"\u202e", "\u2066"} {
		if strings.Contains(raw, bad) {
			t.Errorf("the typed %U reached the player's screen", []rune(bad)[0])
		}
	}
	p.close()
}
