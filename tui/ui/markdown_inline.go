package ui

import (
	"html"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// inlines draws the inline content of a block (or of one of its inline
// nodes) in style, on one line: a line break in the source is a space,
// and wrapping is the block's to do.
func (l mdLook) inlines(n ast.Node, src []byte, style mdStyle) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		b.WriteString(l.inline(c, src, style))
	}
	return b.String()
}

func (l mdLook) inline(n ast.Node, src []byte, style mdStyle) string {
	switch n := n.(type) {
	case *ast.Text:
		s := plainText(n.Segment.Value(src))
		if n.SoftLineBreak() || n.HardLineBreak() {
			s += " "
		}
		return style.render(s)
	case *ast.String:
		return style.render(plainText(n.Value))
	case *ast.CodeSpan:
		var code strings.Builder
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if t, ok := c.(*ast.Text); ok {
				code.Write(t.Segment.Value(src))
			}
		}
		return style.over(l.code).render(l.codePad + html.UnescapeString(code.String()) + l.codePad)
	case *ast.Emphasis:
		inner := l.emph
		if n.Level > 1 {
			inner = l.strong
		}
		return l.inlines(n, src, style.over(inner))
	case *ast.Link:
		return l.inlines(n, src, style.over(l.linkText)) + style.render(" ") + style.over(l.link).render(plainText(n.Destination))
	case *ast.Image:
		return l.inlines(n, src, style.over(l.linkText)) + style.render(" ") + style.over(l.link).render(plainText(n.Destination))
	case *ast.AutoLink:
		return style.over(l.link).render(plainText(n.URL(src)))
	case *ast.RawHTML:
		var raw strings.Builder
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			raw.Write(seg.Value(src))
		}
		return style.render(strings.ReplaceAll(raw.String(), "\n", " "))
	}
	return l.inlines(n, src, style)
}

// plainText is Markdown source text as read: backslash escapes and
// character references resolved.
func plainText(b []byte) string {
	return html.UnescapeString(string(util.UnescapePunctuations(b)))
}
