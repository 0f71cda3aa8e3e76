package page

import (
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
)

// hostile are texts a model, a file or a person might put in a recording
// to run code, fetch from elsewhere or turn the page's text around; base
// is a loopback server that counts what reaches it.
func hostile(base string) []string {
	return []string{
		`<script>document.documentElement.setAttribute('data-pwned','1')</script>`,
		`<img src="` + base + `/img" onerror="window.pwned=1">`,
		`<a href="javascript:window.pwned=1">click</a>`,
		`<style>@import url(` + base + `/css);</style>`,
		`</p></td></tr></table><iframe src="` + base + `/frame"></iframe>`,
		`"><svg onload="window.pwned=1"></svg>`,
		`' onmouseover='window.pwned=1`,
		"\u202egnp.exe\u202c \u2066isolate\u2069 \x1b]52;c;aGk=\x07 \x1b[31mred\x1b[0m \x00nul",
		`<meta http-equiv="refresh" content="0;url=` + base + `/refresh">`,
		`<link rel="stylesheet" href="` + base + `/link">`,
	}
}

// hostileRecordings are the road-bike runs with a hostile payload after
// every turn's text, marked as a leak of a fact whose id is hostile too,
// and hostile names, title, setting, backends and file names.
func hostileRecordings(t *testing.T, base string) []*record.Recording {
	recs := roadBike(t)
	payload := strings.Join(hostile(base), " ")
	for _, r := range recs {
		sc := r.Header.Scenario
		sc.Title = hostile(base)[0] + sc.Title
		sc.Setting = hostile(base)[1] + sc.Setting
		sc.Seats[0].Character.Name = hostile(base)[5]
		sc.Seats[1].Role = hostile(base)[7]
		r.Header.Backends[0] = hostile(base)[2]
		r.Path = "/tmp/" + hostile(base)[4] + ".jsonl"
		var events []event.Event
		for _, ev := range r.Events {
			if ev.Kind == event.TurnCompleted && ev.Action != nil {
				a := *ev.Action
				start := utf8.RuneCountInString(a.Text) + 1
				a.Text += " " + payload
				ev.Action = &a
				ev.Speaker = hostile(base)[6]
				events = append(events, ev, event.Event{Kind: event.Annotated, RunID: ev.RunID, Turn: ev.Turn, Seat: ev.Seat,
					Annotation: &event.Annotation{Kind: event.Leak, FactID: hostile(base)[3], Start: start, End: start + utf8.RuneCountInString(payload)}})
				continue
			}
			events = append(events, ev)
		}
		r.Events = events
	}
	return recs
}

func TestHostileRecordingRendersAsInertText(t *testing.T) {
	var hits atomic.Int32
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		t.Errorf("the page asked the loopback server for %s", r.URL)
	})}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	base := "http://" + l.Addr().String()

	recs := hostileRecordings(t, base)
	path, html := writePage(t, recs)
	for _, s := range []string{"<script>document", "<img", "<iframe", "<svg", "<style>@import", "<a href=\"javascript", "<meta http-equiv=\"refresh", "<link", "\u202e", "\x1b", "\x07", "\x00", "\u2066"} {
		if strings.Contains(string(html), s) {
			t.Errorf("the page holds %q as written", s)
		}
	}
	b := startChromium(t)
	for _, size := range [][2]int{{1280, 800}, {390, 844}} {
		_, l := load(t, b, path, size[0], size[1], false)
		if l.Pwned {
			t.Errorf("%v: a hostile script ran", size)
		}
		if l.Scripts != 1 || len(l.Handlers) > 0 || l.ScriptLinks > 0 {
			t.Errorf("%v: %d scripts, handlers %v, %d links or sources that leave the page", size, l.Scripts, l.Handlers, l.ScriptLinks)
		}
		for _, s := range []string{`<script>document.documentElement.setAttribute('data-pwned','1')</script>`, `<a href="javascript:window.pwned=1">`, "gnp.exe"} {
			if !strings.Contains(l.Text, s) {
				t.Errorf("%v: the text %q is not shown as text", size, s)
			}
		}
		for _, r := range "\u202e\u202c\u2066\u2069\x1b\x07\x00" {
			if strings.ContainsRune(l.Text+l.Title, r) {
				t.Errorf("%v: the page shows %U", size, r)
			}
		}
		if !strings.Contains(l.Title, "<script>") {
			t.Errorf("%v: the title %q", size, l.Title)
		}
		checkAnnotations(t, recs, l)
	}
	if n := hits.Load(); n > 0 {
		t.Errorf("%d requests reached the loopback server", n)
	}
}

// A 40-turn page of three modes, each turn of 70 words with two marks,
// stays under 250 KB.
func TestFortyTurnsThreeModesUnder250KB(t *testing.T) {
	recs := roadBike(t)
	words := strings.Repeat("the frame is lugged steel and the price is fair for what it is ", 5)
	for _, r := range recs {
		var events []event.Event
		for turn := 1; turn <= 40; turn++ {
			seat := (turn - 1) % 2
			events = append(events,
				event.Event{Kind: event.TurnCompleted, RunID: r.Header.RunID, Turn: turn, Seat: seat, Speaker: r.Header.Scenario.Seats[seat].Character.Name,
					Action: &event.Action{Type: event.Speak, Text: fmt.Sprintf("Turn %d: %s", turn, words)}},
				event.Event{Kind: event.Annotated, RunID: r.Header.RunID, Turn: turn, Seat: seat, Annotation: &event.Annotation{Kind: event.Leak, FactID: "seller-min", Start: 10, End: 15}},
				event.Event{Kind: event.Annotated, RunID: r.Header.RunID, Turn: turn, Seat: seat, Annotation: &event.Annotation{Kind: event.MindRead, FactID: "buyer-max", Start: 40, End: 52}})
		}
		r.Events = append(events, r.Events[len(r.Events)-1])
	}
	_, html := writePage(t, recs)
	if len(html) > 250_000 {
		t.Errorf("a 40-turn three-mode page is %d bytes, over 250 KB", len(html))
	}
	t.Logf("40 turns, 3 modes, 240 annotations: %d bytes", len(html))
}
