package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/internal/browser"
	"github.com/omnigap/omnigap/internal/tools"
)

// The pages ask for nothing from elsewhere and run only their own style
// and script, by hash; the stage answers only with its token.
func TestThePagesAreSelfContained(t *testing.T) {
	d := startDoor(t, room0(), Config{})
	for _, u := range []string{d.JoinURL(), d.StageURL()} {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		csp := resp.Header.Get("Content-Security-Policy")
		if resp.StatusCode != 200 || !strings.HasPrefix(csp, "default-src 'none'; style-src 'sha256-") || !strings.Contains(csp, "script-src 'sha256-") {
			t.Errorf("%s: %s, policy %q", u, resp.Status, csp)
		}
		if m := regexp.MustCompile(`(src|href)="[^"#]`).Find(body); m != nil {
			t.Errorf("%s fetches something: %s", u, m)
		}
	}
	for _, wrong := range []string{d.JoinURL() + "stage/" + strings.Repeat("a", len(d.stage)), d.JoinURL() + "stage/", d.StageURL() + "x/state"} {
		resp, err := http.Get(wrong)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %s, want a plain 404", wrong, resp.Status)
		}
	}
}

// A whole game through the real page in headless Chromium at a phone's
// size: the join, the side, the moves typed and the buttons, a move with
// markup shown as text, the socket dropped and the game resumed, the end
// and the reveal beside the SCRIPT run; then the stage, live.
// OMNIGAP_WEB_SHOTS=DIR keeps screenshots of both (docs/).
func TestAGameInChromium(t *testing.T) {
	path := tools.Need(t, "chromium", "chromium-browser")
	d := startDoor(t, room0(), Config{})
	b, err := browser.Start(path, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	p, err := b.Open(ctx, d.JoinURL(), 390, 844, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range p.Requests {
		if !strings.HasPrefix(r, d.JoinURL()) {
			t.Errorf("the page asked for %s", r)
		}
	}
	eval := func(expr string) string {
		t.Helper()
		var v any
		if err := p.Eval(ctx, expr, &v); err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(v)
	}
	waitFor := func(expr, want string, limit time.Duration) {
		t.Helper()
		deadline := time.Now().Add(limit)
		for eval(expr) != want {
			if time.Now().After(deadline) {
				t.Fatalf("%s is %q after %v, want %q; status %q", expr, eval(expr), limit, want, eval(`document.getElementById("status").textContent`))
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	if eval(`getComputedStyle(document.getElementById("join")).display`) == "none" || eval(`document.getElementById("code-row").hidden`) != "true" {
		t.Fatal("the join form should show, without a code on a room without one")
	}
	eval(`document.getElementById("name").value = "Cy"; document.getElementById("join-form").requestSubmit(); true`)
	waitFor(`document.body.dataset.state`, "your-turn", 30*time.Second)
	side := eval(`document.getElementById("side").textContent`)
	for _, want := range []string{"buyer", "Only you know", "Your goal", "How it ends"} {
		if !strings.Contains(side, want) {
			t.Errorf("the side lacks %q: %s", want, side)
		}
	}
	if strings.Contains(side, "$620") {
		t.Error("the buyer's side shows the seller's target price")
	}
	if eval(`[...document.querySelectorAll("#moves button")].map(b => b.textContent).join(" ")`) == "" {
		t.Error("no move buttons")
	}
	mine := `document.querySelectorAll("#dialogue li.yours").length`
	say := func(text string) {
		t.Helper()
		waitFor(`document.body.dataset.state`, "your-turn", 30*time.Second)
		var n int
		fmt.Sscan(eval(mine), &n)
		eval(fmt.Sprintf(`document.getElementById("text").value = %q; document.getElementById("say").requestSubmit(); true`, text))
		waitFor(mine, fmt.Sprint(n+1), 30*time.Second)
	}
	say("<b>Hello</b>, is the bike still for sale?")
	say(buyerMoves[1])
	if eval(`document.querySelectorAll("#dialogue b").length`) != "0" || !strings.Contains(eval(`document.getElementById("dialogue").textContent`), "<b>Hello</b>") {
		t.Error("a move with markup should show as text, never as HTML")
	}
	// The socket drops (a phone that slept): the page comes back with
	// its token and the game goes on.
	d.dropSockets()
	waitFor(`document.body.dataset.state`, "your-turn", 30*time.Second)
	turns := eval(`document.querySelectorAll("#dialogue li.theirs, #dialogue li.yours").length`)
	if turns != "5" {
		t.Errorf("after the resume the page shows %s turns, want the 5 so far", turns)
	}
	say(buyerMoves[2])
	shot(t, ctx, p, "serve-phone.png")
	for _, move := range buyerMoves[3:] {
		say(move)
	}
	waitFor(`document.body.dataset.state`, "revealed", 60*time.Second)
	reveal := eval(`document.getElementById("reveal").textContent`)
	for _, want := range []string{"The reveal", "Dana Okafor (seller) was told", "What your turns gave away", "The SCRIPT run, same scenario and seed", "One writer knew both sides"} {
		if !strings.Contains(reveal, want) {
			t.Errorf("the reveal lacks %q: %s", want, reveal)
		}
	}
	if eval(`sessionStorage.getItem("omnigap-token")`) != "<nil>" {
		t.Error("the game's token outlives the game")
	}
	// Dark, as a phone set so shows it.
	light := eval(`getComputedStyle(document.body).backgroundColor`)
	if err := p.Call(ctx, "Emulation.setEmulatedMedia", map[string]any{"features": []map[string]string{{"name": "prefers-color-scheme", "value": "dark"}}}, nil); err != nil {
		t.Fatal(err)
	}
	if dark := eval(`getComputedStyle(document.body).backgroundColor`); dark == light {
		t.Errorf("the page has one background, %s, light or dark", dark)
	}

	// The SCRIPT and AGENTS runs the stage compares the room with.
	if err := d.room.PlayBaseline(ctx, room.Baseline{Runs: 3, Seed: 1, Factory: builtin.Factory{}, Annotate: leak.Annotate}); err != nil {
		t.Fatal(err)
	}
	// A player under way, whose name has markup: the stage shows it as
	// text.
	eve := connect(t, d)
	if err := eve.join("<i>Eve</i>", ""); err != nil {
		t.Fatal(err)
	}
	stage, err := b.Open(ctx, d.StageURL(), 1280, 720, false)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	var rows string
	for time.Now().Before(deadline) {
		if err := stage.Eval(ctx, `document.getElementById("rows").textContent`, &rows); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(rows, "games played") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, want := range []string{"games played", "limit given away at", "leaks per game", "]"} {
		if !strings.Contains(rows, want) {
			t.Errorf("the stage lacks %q: %s", want, rows)
		}
	}
	var players string
	if err := stage.Eval(ctx, `document.querySelectorAll("#players i").length + " " + document.getElementById("players").textContent`, &players); err != nil || !strings.HasPrefix(players, "0 Playing now: <i>Eve</i>") {
		t.Errorf("the stage's players: %q (%v), want the name as text", players, err)
	}
	var svg bool
	if err := stage.Eval(ctx, `document.querySelector(".qr svg path") !== null`, &svg); err != nil || !svg {
		t.Errorf("no QR code on the stage (%v)", err)
	}
	shot(t, ctx, stage, "serve-stage.png")
}

// dropSockets closes every game's socket, as a network that dropped
// would.
func (s *Server) dropSockets() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range s.games {
		g.mu.Lock()
		if g.sock != nil {
			g.sock.close("")
		}
		g.mu.Unlock()
	}
}

// shot keeps a screenshot of p as name in $OMNIGAP_WEB_SHOTS, if set.
func shot(t *testing.T, ctx context.Context, p *browser.Page, name string) {
	dir := os.Getenv("OMNIGAP_WEB_SHOTS")
	if dir == "" {
		return
	}
	var b bytes.Buffer
	if err := p.Screenshot(ctx, &b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
