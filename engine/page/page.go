// Package page writes omnigap's HTML pages (docs/PAGES.md): an episode
// page, one scenario's runs side by side with every annotation marked and
// explained, and a study page, a report's tables and charts with links to
// episode pages. A page is one self-contained file: its style and script
// are inline and allowed by hash in a Content-Security-Policy that allows
// nothing else, and every text from a recording goes through
// html/template after textsafe.Clean.
package page

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"strings"
	"sync"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/highlight"
	"github.com/omnigap/omnigap/engine/palette"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

//go:embed page.css
var baseStyle string

//go:embed episode.js
var episodeScript string

//go:embed study.js
var studyScript string

//go:embed head.html
var headHTML string

//go:embed people.css
var peopleStyle string

//go:embed people.html
var peopleHTML string

// templates are the pages' templates (the episode page, the study page
// and the head they share), parsed the first time a page is written
// rather than at every start of the binary.
var templates = sync.OnceValue(func() *template.Template {
	t := template.Must(template.New("head").Parse(headHTML))
	template.Must(t.New("episode").Parse(episodeHTML))
	template.Must(t.New("study").Parse(studyHTML))
	template.Must(t.New("people").Parse(peopleHTML))
	return t
})

// head is what every page's <head> and closing script take: the style
// (the base style and the palette's colours), the page's script and the
// policy that allows exactly those two.
type head struct {
	Title  string
	Style  template.CSS
	Script template.JS
	Policy string
}

func newHead(title, script string) head {
	style := baseStyle + peopleStyle + colourRules()
	return head{
		Title:  title,
		Style:  template.CSS(style),
		Script: template.JS(script),
		Policy: Policy(style, script),
	}
}

// Policy is the Content-Security-Policy of a page whose only style and
// script are the inline ones given: nothing is fetched, nothing else runs,
// no form is sent, no frame is loaded.
func Policy(style, script string) string {
	return "default-src 'none'; style-src " + hash(style) + "; script-src " + hash(script) +
		"; img-src data:; base-uri 'none'; form-action 'none'; frame-src 'none'; object-src 'none'; connect-src 'none'"
}

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// colourRules are the palette's colours as style rules: each kind's
// highlight (by its word in data-kind), the model check's and a
// denial's, and each mode's heading, for a light background and, under
// prefers-color-scheme: dark, a dark one.
func colourRules() string {
	var light, dark strings.Builder
	rule := func(b *strings.Builder, sel, colour string) {
		fmt.Fprintf(b, "%s{--c:%s}\n", sel, colour)
	}
	for _, k := range event.Kinds {
		p := palette.Kind(k.Kind)
		sel := fmt.Sprintf("[data-kind=%q]", k.Word)
		rule(&light, sel, p.Light)
		rule(&dark, sel, p.Dark)
	}
	rule(&light, "[data-source=model]", palette.ModelCheck.Light)
	rule(&dark, "[data-source=model]", palette.ModelCheck.Dark)
	rule(&light, "[data-denied]", palette.Denied.Light)
	rule(&dark, "[data-denied]", palette.Denied.Dark)
	for _, m := range append(append([]view.Mode{}, view.Modes...), view.Humans, view.People) {
		p := palette.Mode(m)
		sel := fmt.Sprintf("[data-mode=%q]", m)
		rule(&light, sel, p.Light)
		rule(&dark, sel, p.Dark)
	}
	return light.String() + "@media (prefers-color-scheme: dark){\n" + dark.String() + "}\n"
}

// clean is a text from a recording as a page shows it: control
// characters, escape sequences and bidi overrides taken out
// (textsafe.Clean); html/template escapes the rest.
func clean(s string) string { return textsafe.Clean(s) }

// kindWord is the word an annotation's kind is named by in data-kind.
func kindWord(a event.Annotation) string {
	if k, ok := event.InfoOf(a.Kind); ok {
		return k.Word
	}
	return clean(string(a.Kind))
}

// legendRow is one kind in a page's legend.
type legendRow struct {
	Word, Marker, Meaning string
	Model, Denied         bool
}

func legend() []legendRow {
	var rows []legendRow
	for _, k := range event.Kinds {
		rows = append(rows, legendRow{Word: k.Word, Marker: k.Marker, Meaning: k.Meaning})
	}
	return append(rows,
		legendRow{Word: "model check", Marker: event.ModelMarker, Meaning: "found by the model's leak check, not the rules", Model: true},
		legendRow{Word: "denied", Meaning: "a denial of the fact: shown, not counted", Denied: true})
}

// markerOf is the sign that opens an annotation's span.
func markerOf(a event.Annotation) string { return highlight.Of(a).Marker() }
