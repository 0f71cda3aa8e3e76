package web

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"net/http"
	"slices"

	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// The pages' parts: all the door serves, nothing fetched from elsewhere.
var (
	//go:embed phone.html
	phoneHTML string
	//go:embed phone.css
	phoneCSS string
	//go:embed phone.js
	phoneJS string
	//go:embed stage.html
	stageHTML string
	//go:embed stage.css
	stageCSS string
	//go:embed stage.js
	stageJS string
)

// pages are the door's pages, made once: the phone page, and the stage
// page but for its standing, which its script reads.
type pages struct {
	phone, stage []byte
	phonePolicy  string
	stagePolicy  string
}

// policy is the Content-Security-Policy of a page whose only style and
// script are the inline ones given, as the episode pages' (engine/page),
// but that may open a socket to, and read from, its own origin.
func policy(style, script string) string {
	return "default-src 'none'; style-src " + hash(style) + "; script-src " + hash(script) +
		"; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'"
}

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// newPages makes the pages for a scenario's title, the join address, and
// the room's code.
func newPages(title, join, code string) (pages, error) {
	title = textsafe.Line(title)
	var p pages
	p.phonePolicy, p.stagePolicy = policy(phoneCSS, phoneJS), policy(stageCSS, stageJS)
	var b bytes.Buffer
	t, err := template.New("phone").Parse(phoneHTML)
	if err != nil {
		return p, err
	}
	if err := t.Execute(&b, map[string]any{"Title": title, "Policy": p.phonePolicy, "Style": template.CSS(phoneCSS),
		"Script": template.JS(phoneJS), "Code": code != ""}); err != nil {
		return p, err
	}
	p.phone = bytes.Clone(b.Bytes())
	svg, err := QRSVG(join)
	if err != nil {
		return p, err
	}
	b.Reset()
	if t, err = template.New("stage").Parse(stageHTML); err != nil {
		return p, err
	}
	if err := t.Execute(&b, map[string]any{"Title": title, "Policy": p.stagePolicy, "Style": template.CSS(stageCSS),
		"Script": template.JS(stageJS), "Join": join, "Code": code, "QR": template.HTML(svg), // our own markup
		"Counts": "reading the room…"}); err != nil {
		return p, err
	}
	p.stage = bytes.Clone(b.Bytes())
	return p, nil
}

// headers are every page's: its policy, and no framing, sniffing or
// referrer.
func headers(w http.ResponseWriter, policy string) {
	h := w.Header()
	h.Set("Content-Security-Policy", policy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
}

// phone serves the phone page: join, play, reveal.
func (s *Server) phone(w http.ResponseWriter, r *http.Request) {
	headers(w, s.pages.phonePolicy)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(s.pages.phone)
}

// stageAllowed says whether a request names the stage's token; any other
// is answered as a page that does not exist.
func (s *Server) stageAllowed(w http.ResponseWriter, r *http.Request) bool {
	if subtle.ConstantTimeCompare([]byte(r.PathValue("token")), []byte(s.stage)) != 1 {
		http.NotFound(w, r)
		return false
	}
	return true
}

// stagePage serves the stage: the join address, code and QR code, and
// the room's standing, read again by its script.
func (s *Server) stagePage(w http.ResponseWriter, r *http.Request) {
	if !s.stageAllowed(w, r) {
		return
	}
	headers(w, s.pages.stagePolicy)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(s.pages.stage)
}

// stageState is the room's standing for the stage, without the failures
// (which name the server's files).
type stageState struct {
	// Players are the web door's games under way: the name each player
	// typed (shown as text) and the turn their game is at.
	Players []stagePlayer `json:"players"`
	Lines   []string      `json:"lines"`
	Heads   []string      `json:"heads"`
	Rows    []stageRow    `json:"rows"`
	Notes   []string      `json:"notes"`
	Started int           `json:"started"`
	Playing int           `json:"playing"`
}

type stagePlayer struct {
	Name string `json:"name"`
	Turn int    `json:"turn"`
}

type stageRow struct {
	Label string   `json:"label"`
	Cells []string `json:"cells"`
}

func standingOf(r *room.Room) stageState {
	st := r.Standing()
	out := stageState{Lines: st.Lines, Heads: st.Heads, Notes: st.Notes, Rows: []stageRow{}, Started: r.Started(), Playing: r.Playing()}
	for _, row := range st.Rows {
		out.Rows = append(out.Rows, stageRow{Label: row.Label, Cells: row.Cells})
	}
	return out
}

func (s *Server) stageState(w http.ResponseWriter, r *http.Request) {
	if !s.stageAllowed(w, r) {
		return
	}
	headers(w, "default-src 'none'")
	w.Header().Set("Content-Type", "application/json")
	st := standingOf(s.room)
	st.Players = s.players()
	_ = json.NewEncoder(w).Encode(st)
}

// players are the web games under way, in the order they joined.
func (s *Server) players() []stagePlayer {
	s.mu.Lock()
	games := make([]*game, 0, len(s.games))
	for _, g := range s.games {
		games = append(games, g)
	}
	s.mu.Unlock()
	slices.SortFunc(games, func(a, b *game) int { return a.deadline.Compare(b.deadline) })
	out := []stagePlayer{}
	for _, g := range games {
		g.mu.Lock()
		if !g.over {
			out = append(out, stagePlayer{Name: g.name, Turn: g.turn})
		}
		g.mu.Unlock()
	}
	return out
}
