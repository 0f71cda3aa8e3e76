package tui

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"github.com/omnigap/omnigap/engine/event"
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
	highlight                      []lipgloss.Style // in annotationKinds order
	tab, tabShown, tabActive       lipgloss.Style
	help                           help.Styles
	// callout is the presenter's leak callout; spacious puts a blank
	// line after each turn (presenter mode).
	callout  lipgloss.Style
	body     lipgloss.Style
	spacious bool
}

// annotationKinds lists the highlight kinds in legend order.
var annotationKinds = []event.AnnotationKind{event.Leak, event.Disclosure, event.MindRead, event.FirstMention}

// kindLabel is how a kind is named in legends and pane counters.
var kindLabel = map[event.AnnotationKind]string{
	event.Leak:         "leak",
	event.Disclosure:   "disclosure",
	event.MindRead:     "mind-read",
	event.FirstMention: "first mention",
}

// kindMeaning says in a few words what a kind marks, for the presenter's
// legend.
var kindMeaning = map[event.AnnotationKind]string{
	event.Leak:         "said what it could not know",
	event.Disclosure:   "told its own secret",
	event.MindRead:     "knew it only by being told",
	event.FirstMention: "of the hidden answer",
}

// counterLabels name the kinds in pane headers, longest first; a header
// uses the first set that fits, and initials when none does.
var counterLabels = []map[event.AnnotationKind]string{
	kindLabel,
	{event.Leak: "leak", event.Disclosure: "disc", event.MindRead: "mind", event.FirstMention: "1st"},
	{event.Leak: "l", event.Disclosure: "d", event.MindRead: "m", event.FirstMention: "f"},
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
		highlight: []lipgloss.Style{
			fg("#c00000", "#ff6b6b").Bold(true).Underline(true), // leak
			fg("#8a5a00", "#f2c94c").Underline(true),            // disclosure
			fg("#8e24aa", "#e0a8ff").Italic(true),               // mind-read
			fg("#1b6e20", "#7ee787").Reverse(true),              // first mention
		},
		tab:       fg("#6e6e6e", "#8a8a8a"),
		tabShown:  lipgloss.NewStyle().Bold(true),
		tabActive: lipgloss.NewStyle().Bold(true).Reverse(true),
		help:      help.DefaultStyles(dark),
		callout:   fg("#c00000", "#ff6b6b").Bold(true).Reverse(true),
	}
}
