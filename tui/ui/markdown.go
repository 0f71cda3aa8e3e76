package ui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/omnigap/omnigap/engine/textsafe"
)

// Markdown renders untrusted Markdown (the simulation card) for a panel
// of width cells: headings, emphasis and tables drawn, not shown as
// Markdown. The text is cleaned (engine/textsafe) before it is parsed,
// and what reaches the terminal is text and SGR styles only: a link is
// shown with its address, never made a hyperlink, and raw HTML is shown
// as the text it is. Without colour (NO_COLOR, Styles.Colourless) it
// draws with text attributes alone.
//
// The blocks are parsed by goldmark's core (cheap to link: no extension,
// no highlighter) and pipe tables by markdownTables; the look is the one
// the card has always had (tui/testdata/TestCardGolden).
func Markdown(md string, width int, st *Styles) []string {
	look := markdownLook(st.Dark, st.Colourless)
	width = max(width, 1)
	var blocks [][]string
	for _, part := range markdownTables(textsafe.Clean(md)) {
		if part.table != nil {
			blocks = append(blocks, look.table(part.table, width))
			continue
		}
		src := []byte(part.text)
		doc := parser.NewParser(parser.WithBlockParsers(parser.DefaultBlockParsers()...),
			parser.WithInlineParsers(parser.DefaultInlineParsers()...),
			parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...)).Parse(text.NewReader(src))
		for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
			blocks = append(blocks, look.block(n, src, width)...)
		}
	}
	var lines []string
	for i, b := range blocks {
		if i > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, b...)
	}
	for i, l := range lines {
		lines[i] = Fit(tidy(l), width)
	}
	return lines
}

// mdLook is how each part of the Markdown is drawn.
type mdLook struct {
	text, heading, h1, h2, strong, emph, code, link, linkText mdStyle
	// h1Prefix opens a top heading; codePad surrounds a code span (a
	// no-break space, so the pad stays with the code when lines wrap).
	h1Prefix, codePad string
	border            lipgloss.Border
}

// markdownLook is the look on a dark or light background, or with text
// attributes alone: headings told by their look rather than by
// Markdown's #.
func markdownLook(dark, colourless bool) mdLook {
	if colourless {
		bold := mdStyle{bold: true}
		return mdLook{heading: bold, h1: mdStyle{bold: true, underline: true}, h2: mdStyle{bold: true, underline: true},
			strong: bold, emph: mdStyle{italic: true},
			border: lipgloss.Border{Top: "-", Bottom: "-", Left: "|", Right: "|", Middle: "|"}}
	}
	// The 256-colour indexes of the card's look, dark then light.
	text, heading, codeBg, link, linkText := colour(252), colour(39), colour(236), colour(30), colour(35)
	if !dark {
		text, heading, codeBg, link, linkText = colour(234), colour(27), colour(254), colour(36), colour(29)
	}
	head := mdStyle{fg: heading, bold: true}
	return mdLook{text: mdStyle{fg: text}, heading: head, h1: mdStyle{fg: colour(228), bg: colour(63), bold: true}, h2: head,
		strong: mdStyle{bold: true}, emph: mdStyle{italic: true}, code: mdStyle{fg: colour(203), bg: codeBg},
		link: mdStyle{fg: link, underline: true}, linkText: mdStyle{fg: linkText, bold: true},
		h1Prefix: " ", codePad: "\u00a0", border: lipgloss.NormalBorder()}
}

// block draws one block of the document (several for a list); a kind
// the card never writes is drawn as its text, so nothing is lost.
func (l mdLook) block(n ast.Node, src []byte, width int) [][]string {
	switch n := n.(type) {
	case *ast.Heading:
		style, prefix := l.heading, ""
		switch n.Level {
		case 1:
			style, prefix = l.h1, l.h1Prefix
		case 2:
			style = l.h2
		}
		return [][]string{wrapStyled(style.render(prefix)+l.inlines(n, src, style), width)}
	case *ast.List:
		var items []string
		number := n.Start
		for item := n.FirstChild(); item != nil; item = item.NextSibling() {
			mark := "• "
			if n.IsOrdered() {
				mark = strconv.Itoa(number) + ". "
				number++
			}
			var body []string
			for c := item.FirstChild(); c != nil; c = c.NextSibling() {
				for _, b := range l.block(c, src, max(width-2, 1)) {
					body = append(body, b...)
				}
			}
			for i, line := range body {
				if i == 0 {
					items = append(items, l.text.render(mark)+line)
				} else {
					items = append(items, "  "+line)
				}
			}
		}
		return [][]string{items}
	case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
		var lines []string
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			lines = append(lines, l.text.render(strings.TrimRight(string(seg.Value(src)), "\n")))
		}
		return [][]string{lines}
	case *ast.ThematicBreak:
		return [][]string{{l.text.render(strings.Repeat("─", min(width, 8)))}}
	case *ast.Blockquote:
		var out [][]string
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			for _, b := range l.block(c, src, max(width-2, 1)) {
				for i := range b {
					b[i] = "│ " + b[i]
				}
				out = append(out, b)
			}
		}
		return out
	}
	return [][]string{wrapStyled(l.inlines(n, src, l.text), width)}
}

// wrapStyled wraps a styled line to width, at spaces and hyphens.
func wrapStyled(s string, width int) []string {
	return strings.Split(lipgloss.Wrap(s, width, ""), "\n")
}

// tidy is one drawn line with only its text and SGR styles, and without
// the styled spaces at its end (the panel pads plain).
func tidy(line string) string {
	var b strings.Builder
	var state byte
	end := 0 // b's length after the last character that is not a space
	for len(line) > 0 {
		seq, width, n, next := ansi.DecodeSequence(line, state, nil)
		if n == 0 {
			break
		}
		switch {
		case width > 0:
			b.WriteString(seq)
			if strings.TrimSpace(seq) != "" {
				end = b.Len()
			}
		case strings.HasPrefix(seq, "\x1b[") && strings.HasSuffix(seq, "m"):
			b.WriteString(seq)
		}
		state, line = next, line[n:]
	}
	out := b.String()[:end]
	if strings.Contains(out, "\x1b[") {
		out += "\x1b[m"
	}
	return out
}
