package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/estimate"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/internal/lazyre"
)

// DryRun says what a dry run assumes of the model's replies. A dry run
// plays a study through the real roles, prompts and runner, with every
// call answered at once by a stand-in that sends nothing: each answer is
// one the role can read, of the assumed size, and its usage counts the
// real prompt with the model's tokenizer (estimate.For).
type DryRun struct {
	// TurnTokens is the size of each turn: an agent's whole reply, or one
	// line of the writer's script.
	TurnTokens int
	// JudgeTokens is the size of each of the judge's replies.
	JudgeTokens int
	// EndAt is the share of its turn limit an episode lasts: 1 plays every
	// episode to its limit (the stand-in never accepts, selects or
	// leaves); less ends it with a leave at that turn.
	EndAt float64
}

// NewDryRunFactory is a factory whose every call the stand-in of d
// answers; nothing is sent, and no key is needed.
func NewDryRunFactory(cfg config.Config, d DryRun) *Factory {
	cfg.Endpoints = nil
	return newFactory(cfg, transport.Options{Clients: []chat.Client{unsent{}}, Layers: []transport.Layer{newStandIn(d).layer}})
}

func newStandIn(d DryRun) *standIn {
	return &standIn{DryRun: d, tokenizers: map[string]*estimate.Tokenizer{}, fillers: map[fillerKey]string{}}
}

// unsent is the endpoint of a dry run: the stand-in answers first, so a
// call that reaches it is a bug.
type unsent struct{}

func (unsent) Stream(context.Context, chat.Request, func(string)) (chat.Reply, error) {
	return chat.Reply{}, errors.New("a dry run sends nothing")
}

// standIn answers a dry run's calls.
type standIn struct {
	DryRun
	mu         sync.Mutex
	tokenizers map[string]*estimate.Tokenizer
	fillers    map[fillerKey]string
}

type fillerKey struct {
	encoding string
	tokens   int
}

func (s *standIn) layer(transport.Call) transport.Call {
	return func(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, error) {
		if err := ctx.Err(); err != nil {
			return chat.Reply{}, err
		}
		tok := s.tokenizer(req.Model)
		var text string
		sys := ""
		if len(req.Messages) > 0 {
			sys = req.Messages[0].Content
		}
		switch {
		case strings.HasPrefix(sys, judgeOpening):
			text = s.judgement(tok)
		case strings.HasPrefix(sys, writerOpening):
			text = s.script(tok, req)
		case strings.HasPrefix(sys, checkOpening):
			text = noFindings
		default:
			text = s.action(tok, req)
		}
		onDelta(text)
		return chat.Reply{Text: text, FinishReason: "stop", Usage: &event.Usage{Prompt: tok.Chat(req.Messages), Completion: tok.Count(text)}}, nil
	}
}

func (s *standIn) tokenizer(model string) *estimate.Tokenizer {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.tokenizers[model]
	if t == nil {
		t = estimate.For(model)
		s.tokenizers[model] = t
	}
	return t
}

// fillerWords make the stand-in's words: plain, with no number and no
// name, so they state no fact.
var fillerWords = strings.Fields("we could look at this another way and see where it takes us before either of us decides anything about it")

// filler is text of about n tokens.
func (s *standIn) filler(tok *estimate.Tokenizer, n int) string {
	k := fillerKey{tok.Encoding, n}
	s.mu.Lock()
	f, ok := s.fillers[k]
	s.mu.Unlock()
	if ok {
		return f
	}
	var b strings.Builder
	for i := 0; i == 0 || tok.Count(b.String()) < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(fillerWords[i%len(fillerWords)])
	}
	f = b.String()
	s.mu.Lock()
	s.fillers[k] = f
	s.mu.Unlock()
	return f
}

// endTurn is the turn at which an episode of limit turns ends.
func (s *standIn) endTurn(limit int) int {
	if s.EndAt >= 1 || limit <= 0 {
		return limit
	}
	return max(1, int(math.Ceil(s.EndAt*float64(limit))))
}

var (
	askedTurnRe  = lazyre.New(`Turn (\d+) of (\d+) is yours`)
	characterRe  = lazyre.New(`(?m)^Character ([12]): (.+) \(`)
	scriptFromRe = lazyre.New(`(?:starting with|from|only) turn (\d+)`)
	atMostRe     = lazyre.New(`at most (\d+) turns`)
)

// action is an agent's reply: speech of the turn's size, or, at the turn
// the episode ends, leaving.
func (s *standIn) action(tok *estimate.Tokenizer, req chat.Request) string {
	last := req.Messages[len(req.Messages)-1].Content
	turn, limit := 1, 0
	if m := askedTurnRe.FindAllStringSubmatch(last, -1); m != nil {
		turn, _ = strconv.Atoi(m[len(m)-1][1])
		limit, _ = strconv.Atoi(m[len(m)-1][2])
	}
	act := "speak"
	if s.EndAt < 1 && turn >= s.endTurn(limit) {
		act = "leave"
	}
	frame := fmt.Sprintf(`{"action": %q, "text": ""}`, act)
	text, _ := json.Marshal(s.filler(tok, max(1, s.TurnTokens-tok.Count(frame))))
	return fmt.Sprintf(`{"action": %q, "text": %s}`, act, text)
}

// script is the writer's reply: every turn from the one asked for to the
// episode's end, a line of the turn's size each, and END.
func (s *standIn) script(tok *estimate.Tokenizer, req chat.Request) string {
	user := ""
	for _, m := range req.Messages {
		if m.Role == chat.User {
			user = m.Content
			break
		}
	}
	last := req.Messages[len(req.Messages)-1].Content
	names := [2]string{"A", "B"}
	for _, m := range characterRe.FindAllStringSubmatch(user, -1) {
		i, _ := strconv.Atoi(m[1])
		names[i-1] = m[2]
	}
	from, limit := 1, 20
	if m := scriptFromRe.FindAllStringSubmatch(last, -1); m != nil {
		from, _ = strconv.Atoi(m[len(m)-1][1])
	}
	if m := atMostRe.FindStringSubmatch(last); m != nil {
		limit, _ = strconv.Atoi(m[1])
	}
	to := s.endTurn(limit)
	if strings.Contains(last, "Write only turn") {
		to = min(to, from)
	}
	var b strings.Builder
	for n := from; n <= to; n++ {
		head := fmt.Sprintf("%d. %s: ", n, names[(n-1)%2])
		if s.EndAt < 1 && n == s.endTurn(limit) {
			head += "[leave] "
		}
		fmt.Fprintf(&b, "%s%s\n", head, s.filler(tok, max(1, s.TurnTokens-tok.Count(head))))
	}
	b.WriteString("END\n")
	return b.String()
}

// noFindings is the leak check's reply in a dry run: the turn states no
// private fact (a real check's finding adds a few tokens per fact).
const noFindings = `{"facts": []}`

// judgement is the judge's reply: every dimension, a score in its range
// and reasoning that brings the reply to its size.
func (s *standIn) judgement(tok *estimate.Tokenizer) string {
	scores := map[string]any{}
	for _, d := range metrics.JudgeDimensions {
		scores[d.Key] = map[string]any{"reasoning": "", "score": math.Max(d.Min, math.Min(d.Max, 0))}
	}
	bare, _ := json.Marshal(scores)
	per := max(1, (s.JudgeTokens-tok.Count(string(bare)))/len(metrics.JudgeDimensions))
	for _, d := range metrics.JudgeDimensions {
		scores[d.Key].(map[string]any)["reasoning"] = s.filler(tok, per)
	}
	out, _ := json.Marshal(scores)
	return string(out)
}
