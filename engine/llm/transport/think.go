package transport

import "strings"

// thinkSplit keeps a reasoning model's thinking out of its answer. Blocks
// in <think>, <thinking> or <reasoning> tags, anywhere in the reply and
// also when never closed, go to the reasoning; the rest is passed on as
// content while it streams. A tag split across deltas is held back until
// it can be told apart from ordinary text.
//
// When the chat template opens the block itself, the reply is thinking up
// to a lone closing tag. For a role that answers in JSON, a reply that
// does not start with an object (or a code fence) is therefore held back
// until that tag or the end: words before a lone closing tag are
// reasoning, never streamed.
type thinkSplit struct {
	emit      func(string)
	pending   string
	closeTag  string // set while inside a block
	trimNext  bool   // drop the blank lines that follow a block
	content   strings.Builder
	reasoning strings.Builder
	state     splitState
	held      strings.Builder // content held back while it may be thinking
}

type splitState int

const (
	passing   splitState = iota // content streams on
	undecided                   // a JSON role's reply has not started yet
	holding                     // it started with prose: hold it back
)

var thinkTags = []struct{ open, close string }{
	{"<think>", "</think>"}, {"<thinking>", "</thinking>"}, {"<reasoning>", "</reasoning>"},
}

func newThinkSplit(emit func(string), jsonRole bool) *thinkSplit {
	t := &thinkSplit{emit: emit}
	if jsonRole {
		t.state = undecided
	}
	return t
}

func (t *thinkSplit) feed(s string) {
	t.pending += s
	for t.pending != "" {
		if t.closeTag != "" {
			if i := strings.Index(strings.ToLower(t.pending), t.closeTag); i >= 0 {
				t.reasoning.WriteString(t.pending[:i])
				t.pending = t.pending[i+len(t.closeTag):]
				t.closeTag, t.trimNext = "", true
				continue
			}
			keep := prefixTail(strings.ToLower(t.pending), t.closeTag)
			t.reasoning.WriteString(t.pending[:len(t.pending)-keep])
			t.pending = t.pending[len(t.pending)-keep:]
			return
		}
		i := strings.IndexByte(t.pending, '<')
		if i < 0 {
			t.out(t.pending)
			t.pending = ""
			return
		}
		t.out(t.pending[:i])
		t.pending = t.pending[i:]
		low, partial, orphan := strings.ToLower(t.pending), false, false
		for _, tag := range thinkTags {
			if strings.HasPrefix(low, tag.open) {
				t.closeTag = tag.close
				t.pending = t.pending[len(tag.open):]
				break
			}
			if t.state == holding && strings.HasPrefix(low, tag.close) {
				// Everything held back was thinking; the answer follows.
				t.reasoning.WriteString(t.held.String())
				t.held.Reset()
				t.state, t.trimNext, orphan = undecided, true, true
				t.pending = t.pending[len(tag.close):]
				break
			}
			partial = partial || strings.HasPrefix(tag.open, low) || (t.state == holding && strings.HasPrefix(tag.close, low))
		}
		if t.closeTag != "" || orphan {
			continue
		}
		if partial {
			return // wait for the rest of a possible tag
		}
		t.out("<")
		t.pending = t.pending[1:]
	}
}

// end flushes what is held back when the reply is complete.
func (t *thinkSplit) end() {
	if t.closeTag != "" {
		t.reasoning.WriteString(t.pending)
	} else {
		t.out(t.pending)
	}
	t.pending = ""
	if t.state != passing {
		t.state = passing
		t.out(t.held.String())
		t.held.Reset()
	}
}

// thought is the reasoning so far, the unfinished block included.
func (t *thinkSplit) thought() string {
	if t.closeTag != "" {
		return t.reasoning.String() + t.pending
	}
	return t.reasoning.String()
}

func (t *thinkSplit) out(s string) {
	if t.trimNext {
		s = strings.TrimLeft(s, " \t\r\n")
		t.trimNext = s == ""
	}
	if s == "" {
		return
	}
	switch t.state {
	case holding:
		t.held.WriteString(s)
		return
	case undecided:
		t.held.WriteString(s)
		lead := strings.TrimLeft(t.held.String(), " \t\r\n")
		if lead == "" {
			return
		}
		if lead[0] != '{' && lead[0] != '`' {
			t.state = holding
			return
		}
		t.state, s = passing, t.held.String()
		t.held.Reset()
	}
	t.content.WriteString(s)
	t.emit(s)
}

// prefixTail is the length of the longest end of s that begins tag.
func prefixTail(s, tag string) int {
	for n := min(len(s), len(tag)-1); n > 0; n-- {
		if strings.HasSuffix(s, tag[:n]) {
			return n
		}
	}
	return 0
}

// orphanThinking handles a reply whose opening tag was in the prompt
// template: text up to a lone closing tag is reasoning.
func orphanThinking(text string) (content, reasoning string) {
	low := strings.ToLower(text)
	for _, tag := range thinkTags {
		if i := strings.Index(low, tag.close); i >= 0 {
			return strings.TrimLeft(text[i+len(tag.close):], " \t\r\n"), text[:i]
		}
	}
	return text, ""
}
