package llm

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// script is one script stream's state, shared between the goroutine that
// reads the stream and the Turn calls that hand out its turns.
type script struct {
	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every change
	cancel  context.CancelFunc
	who     speakers
	onlyOne bool

	past   []event.Turn   // the dialogue before turns[0]
	first  int            // the turn number of turns[0]
	turns  []event.Action // complete turns, in order
	sealed int            // turns[:sealed] can have no more lines joined
	more   []string       // lines without a speaker after the open turn
	open   string         // the line being streamed
	bad    string         // a line after which a turn still came: a failure
	held   string         // a line that cannot be read, kept until it matters
	read   bool           // the current call has written a turn
	ended  bool           // END was written
	usage  []event.Usage  // usage not yet handed out
	// failures (recovered by a re-ask) and reasoning not yet handed out
	failures  []error
	reasoning string
	raw       strings.Builder // what the current call wrote, for a failure
	done      bool
	err       error
	told      bool // err was handed out with a turn
}

// notify wakes the waiting Turn; callers hold mu.
func (s *script) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// feed takes a piece of the stream and reports whether to keep reading.
func (s *script) feed(d string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped() {
		return false // pieces still in flight after the call was stopped
	}
	defer s.notify()
	if s.raw.Len() < 8000 {
		s.raw.WriteString(d)
	}
	s.open += d
	for {
		i := strings.IndexByte(s.open, '\n')
		if i < 0 {
			break
		}
		line := s.open[:i]
		s.open = s.open[i+1:]
		s.line(line)
		if s.stopped() {
			return false
		}
	}
	return true
}

// stopped says whether the current call should be read no further: a
// line failed, the one turn asked for is there, END was written, or the
// last turn allowed is complete. Callers hold mu.
func (s *script) stopped() bool {
	return s.bad != "" || s.enough()
}

// enough says whether the script has all it can use; callers hold mu.
func (s *script) enough() bool {
	return (s.onlyOne && len(s.turns) > 0) || s.ended || s.first+len(s.turns)-1 >= s.who.view.MaxTurns
}

// line files one complete line; callers hold mu.
func (s *script) line(raw string) {
	if s.ended {
		return
	}
	l := s.who.parse(raw, s.read)
	if l.kind == lineMore && s.sealed < len(s.turns) && s.held == "" {
		// Perhaps a second paragraph of the turn still open, perhaps a
		// postscript: joined only once a line of the script follows.
		s.more = append(s.more, l.text)
		return
	}
	if l.kind != lineSkip {
		if len(s.more) > 0 {
			last := &s.turns[len(s.turns)-1]
			last.Text = strings.TrimSpace(last.Text + " " + strings.Join(s.more, " "))
			s.more = nil
		}
		s.sealed = len(s.turns)
	}
	switch l.kind {
	case lineEnd:
		s.ended = true
	case lineBad:
		switch {
		case l.refused:
			// A move, not a postscript: bad even as the last line.
			s.bad = l.problem
		case s.held == "":
			s.held = l.problem
		}
	case lineMore:
		if s.held == "" {
			s.held = fmt.Sprintf("%q names neither character", clip(l.text, 80))
		}
	case lineNarration:
		// A stage direction about the next speaker is their non-verbal
		// turn; any other is scenery, not a turn.
		if n := s.first + len(s.turns); l.seat == (n-1)%2 && s.held == "" && n <= s.who.view.MaxTurns {
			s.turns = append(s.turns, event.Action{Type: event.NonVerbal, Text: l.text})
			s.read = true
		}
	case lineTurn:
		n := s.first + len(s.turns)
		want := (n - 1) % 2
		switch {
		case s.held != "":
			s.bad = s.held
		case l.seat != want:
			s.bad = fmt.Sprintf("turn %d must be spoken by %s", n, s.who.view.Seats[want].Name)
		case n > s.who.view.MaxTurns:
			s.ended = true
		default:
			if why := s.refused(l.action, l.seat); why != "" {
				s.bad = fmt.Sprintf("turn %d: %s", n, why)
				return
			}
			s.turns = append(s.turns, l.action)
			s.read = true
		}
	}
}

// refused says why the family's rules leave seat's move nothing to do
// after the script so far (an acceptance with no proposal standing), or
// ""; callers hold mu.
func (s *script) refused(a event.Action, seat int) string {
	history := append([]event.Turn(nil), s.past...)
	for i, t := range s.turns {
		n := s.first + i
		history = append(history, event.Turn{Number: n, Seat: (n - 1) % 2, Speaker: s.who.view.Seats[(n-1)%2].Name, Action: t})
	}
	if err := allowedNow(a, s.who.view, seat, history); err != nil {
		return err.Error()
	}
	return ""
}

// flush files an unfinished last line when the stream ends without a
// newline. A line that could not be read at the very end is a postscript
// and ignored.
func (s *script) flush() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if strings.TrimSpace(s.open) != "" {
		s.line(s.open)
	}
	// Lines after the last turn that no END closed are a postscript.
	s.open, s.bad, s.more = "", "", nil
	s.sealed = len(s.turns)
}

// state reports a failure to re-ask about and whether the stream was
// stopped because it had written all that was asked.
func (s *script) state() (bad string, enough bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.enough() {
		s.sealed = len(s.turns)
	}
	return s.bad, s.enough()
}

// progress reports how many turns the script has and whether the current
// call wrote any.
func (s *script) progress() (turns int, wrote bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.turns), s.read
}

func (s *script) rawText() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.raw.String()
}

// addFailure keeps a failed reply that was recovered from, for the next
// turn handed out; addReasoning does the same for a call's reasoning.
func (s *script) addFailure(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures = append(s.failures, err)
}

func (s *script) addReasoning(r string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reasoning = joinThought(s.reasoning, r)
}

// followUp appends the turns so far, as the writer's own words in the
// format, and a request to continue after them, optionally explaining a
// problem. The stream's unfinished line and held problem are dropped.
func (s *script) followUp(msgs []chat.Message, v view.View, problem string) []chat.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	for i, a := range s.turns {
		n := s.first + i
		fmt.Fprintf(&b, "%d. %s: %s\n", n, v.Seats[(n-1)%2].Name, scenario.Tagged(a))
	}
	next := s.first + len(s.turns)
	s.open, s.bad, s.held, s.read, s.sealed, s.more = "", "", "", false, len(s.turns), nil
	s.raw.Reset()
	s.notify()
	ask := continueAsk(v, problem, next)
	out := append([]chat.Message(nil), msgs...)
	if b.Len() > 0 {
		out = append(out, chat.Message{Role: chat.Assistant, Content: b.String()})
	} else {
		out = append(out, chat.Message{Role: chat.Assistant, Content: "(no turns yet)"})
	}
	return append(out, chat.Message{Role: chat.User, Content: ask})
}

func (s *script) addUsage(u []event.Usage) {
	if len(u) == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.usage = append(s.usage, u...)
	s.notify()
}

func (s *script) finish(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.done, s.err = true, err
	s.notify()
}

// leftover takes what a finished script has not handed out: its usage,
// reasoning and recovered failures, and the failure that ended it.
func (s *script) leftover() run.Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	res := run.Result{Usage: s.usage, Reasoning: s.reasoning, Failures: s.failures}
	if s.err != nil && !s.told {
		res.Failures = append(res.Failures, s.err)
	}
	s.usage, s.reasoning, s.failures, s.told = nil, "", nil, true
	return res
}

// failedBefore says whether the stream ended in an error without turn n,
// so the writer should start again from the real history.
func (s *script) failedBefore(n int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.done && s.err != nil && n-s.first >= len(s.turns)
}
