package tui

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/palette"
	"github.com/omnigap/omnigap/engine/view"
)

// styles holds every style the app draws with. Colours come in light and
// dark pairs picked from the terminal's background; each annotation kind
// also has its own text attribute so highlights survive NO_COLOR, where the
// renderer drops colours but keeps attributes.
type styles struct {
	title, setting, dim, sep       lipgloss.Style
	mode, modeFocused, statusLabel lipgloss.Style
	seat                           [2]lipgloss.Style
	action, errText, note          lipgloss.Style
	good, bad                      lipgloss.Style
	// highlight is each annotation kind's look, model the look of the
	// model check's annotations, denied the look of a denial (a negated
	// annotation, shown and not counted); marks holds them in mark order
	// (highlight.go).
	highlight                map[event.AnnotationKind]lipgloss.Style
	model, denied            lipgloss.Style
	marks                    []lipgloss.Style
	tab, tabShown, tabActive lipgloss.Style
	help                     help.Styles
	// callout is the presenter's leak callout; spacious puts a blank
	// line after each turn (presenter mode).
	callout  lipgloss.Style
	body     lipgloss.Style
	spacious bool
	// modeColour is a mode's colour for this background, from the
	// palette the report's figures share (engine/palette).
	modeColour func(view.Mode) color.Color
}

// modeHeading is a pane's mode label: bold in the mode's colour,
// reversed when the pane has the focus.
func (st styles) modeHeading(m view.Mode, focused bool) lipgloss.Style {
	s := st.mode
	if focused {
		s = st.modeFocused
	}
	return s.Foreground(st.modeColour(m))
}

// withMarks fills marks from highlight and denied, in mark order.
func (st styles) withMarks() styles {
	st.marks = make([]lipgloss.Style, 0, len(event.Kinds)+1)
	for _, k := range event.Kinds {
		st.marks = append(st.marks, st.highlight[k.Kind])
	}
	st.marks = append(st.marks, st.model, st.denied)
	return st
}

func newStyles(dark bool) styles {
	ld := lipgloss.LightDark(dark)
	c := func(light, dark string) color.Color { return ld(lipgloss.Color(light), lipgloss.Color(dark)) }
	fg := func(light, dark string) lipgloss.Style { return lipgloss.NewStyle().Foreground(c(light, dark)) }
	return styles{
		title:       lipgloss.NewStyle().Bold(true),
		setting:     fg("#555555", "#a0a0a0"),
		dim:         fg("#6e6e6e", "#8a8a8a"),
		sep:         fg("#b0b0b0", "#4a4a4a"),
		mode:        lipgloss.NewStyle().Bold(true),
		modeFocused: lipgloss.NewStyle().Bold(true).Reverse(true),
		statusLabel: fg("#005f87", "#87d7ff"),
		seat: [2]lipgloss.Style{
			fg("#0b57d0", "#7cb7ff").Bold(true),
			fg("#a0470a", "#ffb070").Bold(true),
		},
		action:  fg("#6b3fa0", "#c9a6ff"),
		errText: fg("#b3261e", "#ff8a80"),
		note:    fg("#555555", "#a0a0a0").Italic(true),
		good:    fg("#1b6e20", "#7ee787").Bold(true),
		bad:     fg("#9c2b23", "#ff9b91").Bold(true),
		highlight: map[event.AnnotationKind]lipgloss.Style{
			event.Leak:       fg("#c00000", "#ff6b6b").Bold(true).Underline(true),
			event.MindRead:   fg("#8e24aa", "#e0a8ff").Italic(true),
			event.Guess:      fg("#5f6f8a", "#8a9bb8").Faint(true).Underline(true),
			event.Disclosure: fg("#8a5a00", "#f2c94c").Underline(true),
			// A first mention is drawn in reverse video: it names the
			// hidden answer, the span to find at a glance.
			event.FirstMention: fg("#1b6e20", "#7ee787").Reverse(true),
		},
		// The model check's findings: their own colour, and italics with
		// an underline, which no rules' kind has, for NO_COLOR.
		model:     fg("#00695c", "#64d8cb").Italic(true).Underline(true),
		denied:    fg("#6e6e6e", "#8a8a8a").Strikethrough(true),
		tab:       fg("#6e6e6e", "#8a8a8a"),
		tabShown:  lipgloss.NewStyle().Bold(true),
		tabActive: lipgloss.NewStyle().Bold(true).Reverse(true),
		help:      help.DefaultStyles(dark),
		callout:   fg("#c00000", "#ff6b6b").Bold(true).Reverse(true),
		modeColour: func(m view.Mode) color.Color {
			p := palette.Mode(m)
			return c(p.Light, p.Dark)
		},
	}.withMarks()
}
