package serve

import (
	"crypto/ed25519"
	"crypto/rand"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
)

// finishGame plays a whole game as an ordinary player, to show the server
// still serves people after a hostile client.
func finishGame(t *testing.T, addr string) {
	t.Helper()
	if err := playGame(addr, 100, 30, 90, 28, false); err != nil {
		t.Fatalf("an ordinary player could not play: %v", err)
	}
}

// TestHostileRequestsAreRefused: exec, subsystems (sftp, as scp and file
// transfer use), local and remote port forwarding and a session without
// a terminal get nothing, and the server goes on serving games.
func TestHostileRequestsAreRefused(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	srv := startServer(t, Config{})
	addr := srv.Addr().String()
	client, err := gossh.Dial("tcp", addr, clientConfig(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()

	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if out, err := sess.CombinedOutput("cat /etc/passwd"); err == nil {
		t.Errorf("exec ran: %q", out)
	}
	sess, err = client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestSubsystem("sftp"); err == nil {
		t.Error("the sftp subsystem was granted")
	}
	if c, err := client.Dial("tcp", addr); err == nil {
		c.Close()
		t.Error("local port forwarding (direct-tcpip) was granted")
	}
	if l, err := client.Listen("tcp", "127.0.0.1:0"); err == nil {
		l.Close()
		t.Error("remote port forwarding (tcpip-forward) was granted")
	}
	if ok, _, err := client.SendRequest("x11-req", true, nil); ok || err != nil {
		t.Errorf("a global x11 request: ok %v, err %v", ok, err)
	}
	// A shell without a terminal is told to ask for one, and no game starts.
	sess, err = client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out := newScreen() // stdout and stderr write at once
	sess.Stdout, sess.Stderr = out, out
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	if err := sess.Wait(); err == nil || !strings.Contains(out.text(), "ssh -t") {
		t.Errorf("a session without a terminal: %v, %q", err, out.text())
	}
	finishGame(t, addr)
	srv.shutdown(t)
	if paths, _ := record.Files(srv.dir); len(paths) != 1 {
		t.Errorf("want the ordinary player's recording only, got %v", paths)
	}
}

// TestHostileInputAndWindowsAreSurvived: a 1 MB paste (bracketed and
// raw), windows of 1x1 and 10000x10000 (at the start and as a change),
// and a client that never reads its output all leave the server serving
// another player; each of their games ends disconnected when they go,
// with a valid recording.
func TestHostileInputAndWindowsAreSurvived(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	srv := startServer(t, Config{})
	addr := srv.Addr().String()
	big := strings.Repeat("a", 1<<20)

	hostile := []*player{}
	for _, size := range [][2]int{{1, 1}, {10000, 10000}, {100, 30}, {100, 30}} {
		p := join(t, addr, size[0], size[1])
		// A 1x1 screen has room for no word: its first frame will do.
		if size[0] < 30 {
			p.settle(0, 30*time.Second)
		} else if err := p.waitFor("enter starts", 30*time.Second); err != nil {
			t.Fatal(err)
		}
		if err := p.send("\r"); err != nil {
			t.Fatal(err)
		}
		hostile = append(hostile, p)
	}
	tiny, huge, paster, rawPaster := hostile[0], hostile[1], hostile[2], hostile[3]
	if err := huge.sess.WindowChange(1, 1); err != nil {
		t.Fatal(err)
	}
	if err := tiny.sess.WindowChange(10000, 10000); err != nil {
		t.Fatal(err)
	}
	// The pastes may outlast the window the server reads them at: they go
	// on in the background while another person plays.
	go paster.send("\x1b[200~" + big + "\x1b[201~")
	go rawPaster.send(big)

	// A client that never reads: it asks for a game and never takes a
	// byte of it (the channel's data is left unread).
	client, err := gossh.Dial("tcp", addr, clientConfig(nil))
	if err != nil {
		t.Fatal(err)
	}
	ch := rawGame(t, client, 200, 60)
	if _, err := ch.Write([]byte("\r")); err != nil {
		t.Fatal(err)
	}

	finishGame(t, addr)

	// The raw paste reaches the input box at the input rate; the
	// bracketed one waits, in the SSH window, for its end.
	if err := rawPaster.waitFor("aaaa", 10*time.Second); err != nil {
		t.Error(err)
	}
	for _, p := range hostile {
		p.close()
	}
	client.Close()
	waitGone(t, srv)
	srv.shutdown(t)
	_, recs := folderReport(t, srv.dir)
	if len(recs) != 6 {
		t.Fatalf("want 6 recordings (5 hostile games and one played), got %d", len(recs))
	}
	for _, rec := range recs {
		end := rec.Ending()
		if end == nil {
			t.Errorf("%s: no ending", rec.Path)
			continue
		}
		if end.Reason != event.Disconnected && end.Reason != event.TurnLimit || rec.Torn || rec.Footer == nil {
			t.Errorf("%s: ended %s", rec.Path, end.Reason)
		}
	}
}

// TestCapsRefuseTheSessionsBeyondThem: past the cap per address a
// player is told that their address has too many games, past the session
// cap that the room is full, each in those words. The players within the
// caps play on.
func TestCapsRefuseTheSessionsBeyondThem(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	srv := startServer(t, Config{MaxSessions: 3, MaxPerAddress: 2})
	addr := srv.Addr().String()
	in := []*player{join(t, addr, 80, 24), join(t, addr, 80, 24)}
	for _, p := range in {
		if err := p.waitFor("enter starts", 30*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	// A third from the same address is over the per-address cap.
	third := join(t, addr, 80, 24)
	if err := third.sess.Wait(); err == nil || !strings.Contains(third.out.text(), "Too many games from your address") {
		t.Errorf("a third game from one address: %v, %q", err, third.out.text())
	}
	third.close()
	// A third from another address fills the room; a fourth finds it full.
	other := joinFrom(t, "127.0.0.2", addr)
	if err := other.waitFor("enter starts", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	fourth := joinFrom(t, "127.0.0.3", addr)
	if err := fourth.sess.Wait(); err == nil || !strings.Contains(fourth.out.text(), "The room is full") {
		t.Errorf("a fourth game: %v, %q", err, fourth.out.text())
	}
	fourth.close()
	other.close()

	// The two in the room still play.
	for _, p := range in {
		if err := p.press("\r"); err != nil {
			t.Fatal(err)
		}
		if err := p.say(buyerMoves[0]); err != nil {
			t.Fatal(err)
		}
		p.close()
	}
}

// waitGone waits for every game to see its player gone.
func waitGone(t *testing.T, srv *started) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for srv.Playing() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d games still under way 10 s after their players left", srv.Playing())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestAuthorizedKeysAdmitOnlyTheListed: with --authorized-keys a listed
// key plays and an unlisted one is refused; a file that is not keys is
// an error naming its line.
func TestAuthorizedKeysAdmitOnlyTheListed(t *testing.T) {
	t.Parallel() // a server of its own, run once the tests that count goroutines are done
	listed, other := newSigner(t), newSigner(t)
	file := t.TempDir() + "/authorized_keys"
	writeFile(t, file, "# the room\n"+string(gossh.MarshalAuthorizedKey(listed.PublicKey())))
	srv := startServer(t, Config{AuthorizedKeys: file})
	addr := srv.Addr().String()
	if p, err := tryJoin(addr, 80, 24, other); err == nil {
		p.close()
		t.Error("an unlisted key was admitted")
	}
	if _, err := gossh.Dial("tcp", addr, clientConfig(nil)); err == nil {
		t.Error("a client without a key was admitted")
	}
	p, err := tryJoin(addr, 80, 24, listed)
	if err != nil {
		t.Fatalf("the listed key was refused: %v", err)
	}
	if err := p.waitFor("enter starts", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	p.close()

	bad := t.TempDir() + "/bad_keys"
	writeFile(t, bad, string(gossh.MarshalAuthorizedKey(listed.PublicKey()))+"ssh-ed25519 not-base64\n")
	_, err = New(Config{Game: testGame(t, "craigslist/road-bike", 0, ""), Listen: "127.0.0.1:0", HostKey: t.TempDir() + "/k", AuthorizedKeys: bad})
	if err == nil || !strings.Contains(err.Error(), bad+":2") {
		t.Errorf("a bad line 2: %v", err)
	}
}

func newSigner(t *testing.T) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
