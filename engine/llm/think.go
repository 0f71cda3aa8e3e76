package llm

import "strings"

// thinkSplit keeps a reasoning model's thinking out of its answer. Blocks
// in <think>, <thinking> or <reasoning> tags, anywhere in the reply and
// also when never closed, go to the reasoning; the rest is passed on as
// content while it streams. A tag split across deltas is held back until
// it can be told apart from ordinary text.
type thinkSplit struct {
	emit      func(string)
	pending   string
	closeTag  string // set while inside a block
	trimNext  bool   // drop the blank lines that follow a block
	content   strings.Builder
	reasoning strings.Builder
}

var thinkTags = []struct{ open, close string }{
	{"<think>", "</think>"}, {"<thinking>", "</thinking>"}, {"<reasoning>", "</reasoning>"},
}

func newThinkSplit(emit func(string)) *thinkSplit { return &thinkSplit{emit: emit} }

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
		low, partial := strings.ToLower(t.pending), false
		for _, tag := range thinkTags {
			if strings.HasPrefix(low, tag.open) {
				t.closeTag = tag.close
				t.pending = t.pending[len(tag.open):]
				break
			}
			partial = partial || strings.HasPrefix(tag.open, low)
		}
		if t.closeTag != "" {
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
