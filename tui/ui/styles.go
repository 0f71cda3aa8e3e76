package ui

import (
	"fmt"
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/palette"
	"github.com/omnigap/omnigap/engine/view"
)

// Styles holds every style the app draws with. Colours come in light and
// dark pairs picked from the terminal's background; each annotation kind
// also has its own text attribute so highlights survive NO_COLOR, where the
// renderer drops colours but keeps attributes.
type Styles struct {
	Title, Setting, Dim, Sep       lipgloss.Style
	Mode, ModeFocused, StatusLabel lipgloss.Style
	Seat                           [2]lipgloss.Style
	Action, ErrText, Note          lipgloss.Style
	Good, Bad                      lipgloss.Style
	// Highlight is each annotation kind's look (Looks), Model the look of
	// the model check's annotations, Denied the look of a denial (a
	// negated annotation, shown and not counted); Marks holds them in mark
	// order (pane/highlight.go).
	Highlight                map[event.AnnotationKind]lipgloss.Style
	Model, Denied            lipgloss.Style
	Marks                    []lipgloss.Style
	Tab, TabShown, TabActive lipgloss.Style
	Help                     help.Styles
	// Callout is the presenter's leak callout; Body the presenter's text
	// and Spacious a blank line after each turn (presenter mode).
	Callout  lipgloss.Style
	Body     lipgloss.Style
	Spacious bool
	// ModeColour is a mode's colour for this background, from the
	// palette the report's figures share (engine/palette).
	ModeColour func(view.Mode) color.Color
	// Dark says the styles are for a dark background; Colourless that
	// the terminal shows no colour (NO_COLOR, or none to show), which
	// the app learns from Bubble Tea's colour profile and which decides
	// the card's Markdown style.
	Dark, Colourless bool
}

// ModeHeading is a pane's mode label: bold in the mode's colour,
// reversed when the pane has the focus.
func (st Styles) ModeHeading(m view.Mode, focused bool) lipgloss.Style {
	s := st.Mode
	if focused {
		s = st.ModeFocused
	}
	return s.Foreground(st.ModeColour(m))
}

// Look is how an annotation kind is drawn: its colour on a light and on a
// dark background, and the text attributes that survive NO_COLOR (every
// kind needs a combination of its own).
type Look struct {
	Light, Dark                             string
	Bold, Italic, Underline, Faint, Reverse bool
}

// Looks are the annotation kinds' looks, one row per kind of event.Kinds:
// a new kind's look is a row here.
var Looks = map[event.AnnotationKind]Look{
	event.Leak:       kindLook(event.Leak, Look{Bold: true, Underline: true}),
	event.MindRead:   kindLook(event.MindRead, Look{Italic: true}),
	event.Guess:      kindLook(event.Guess, Look{Faint: true, Underline: true}),
	event.Disclosure: kindLook(event.Disclosure, Look{Underline: true}),
	// A first mention is drawn in reverse video: it names the hidden
	// answer, the span to find at a glance.
	event.FirstMention: kindLook(event.FirstMention, Look{Reverse: true}),
}

// kindLook is l in kind k's colours from the palette the pages share
// (engine/palette).
func kindLook(k event.AnnotationKind, l Look) Look {
	p := palette.Kind(k)
	l.Light, l.Dark = p.Light, p.Dark
	return l
}

// CheckLooks says which kind of event.Kinds has no look, or a look whose
// text attributes another kind's has too.
func CheckLooks() error {
	type attributes struct{ bold, italic, underline, faint, reverse bool }
	seen := map[attributes]event.AnnotationKind{}
	for _, k := range event.Kinds {
		l, ok := Looks[k.Kind]
		if !ok {
			return fmt.Errorf("annotation kind %s has no look in ui.Looks", k.Kind)
		}
		a := attributes{l.Bold, l.Italic, l.Underline, l.Faint, l.Reverse}
		if other, dup := seen[a]; dup {
			return fmt.Errorf("annotation kinds %s and %s have the same text attributes: under NO_COLOR they look alike", other, k.Kind)
		}
		seen[a] = k.Kind
	}
	return nil
}

// style is the look as a style on the background.
func (l Look) style(ld lipgloss.LightDarkFunc) lipgloss.Style {
	s := lipgloss.NewStyle().Foreground(ld(lipgloss.Color(l.Light), lipgloss.Color(l.Dark)))
	if l.Bold {
		s = s.Bold(true)
	}
	if l.Italic {
		s = s.Italic(true)
	}
	if l.Faint {
		s = s.Faint(true)
	}
	if l.Underline {
		s = s.Underline(true)
	}
	if l.Reverse {
		s = s.Reverse(true)
	}
	return s
}

// withMarks fills Marks from Highlight, Model and Denied, in mark order.
func (st Styles) withMarks() Styles {
	st.Marks = make([]lipgloss.Style, 0, len(event.Kinds)+2)
	for _, k := range event.Kinds {
		st.Marks = append(st.Marks, st.Highlight[k.Kind])
	}
	st.Marks = append(st.Marks, st.Model, st.Denied)
	return st
}

// NewStyles are the app's styles on a dark or a light background.
func NewStyles(dark bool) Styles {
	ld := lipgloss.LightDark(dark)
	c := func(light, dark string) color.Color { return ld(lipgloss.Color(light), lipgloss.Color(dark)) }
	fg := func(light, dark string) lipgloss.Style { return lipgloss.NewStyle().Foreground(c(light, dark)) }
	highlight := map[event.AnnotationKind]lipgloss.Style{}
	for kind, look := range Looks {
		highlight[kind] = look.style(ld)
	}
	return Styles{
		Title:       lipgloss.NewStyle().Bold(true),
		Setting:     fg("#555555", "#a0a0a0"),
		Dim:         fg("#6e6e6e", "#8a8a8a"),
		Sep:         fg("#b0b0b0", "#4a4a4a"),
		Mode:        lipgloss.NewStyle().Bold(true),
		ModeFocused: lipgloss.NewStyle().Bold(true).Reverse(true),
		StatusLabel: fg("#005f87", "#87d7ff"),
		Seat: [2]lipgloss.Style{
			fg("#0b57d0", "#7cb7ff").Bold(true),
			fg("#a0470a", "#ffb070").Bold(true),
		},
		Action:    fg("#6b3fa0", "#c9a6ff"),
		ErrText:   fg("#b3261e", "#ff8a80"),
		Note:      fg("#555555", "#a0a0a0").Italic(true),
		Good:      fg("#1b6e20", "#7ee787").Bold(true),
		Bad:       fg("#9c2b23", "#ff9b91").Bold(true),
		Highlight: highlight,
		// The model check's findings: their own colour, and italics with
		// an underline, which no rules' kind has, for NO_COLOR.
		Model:     fg(palette.ModelCheck.Light, palette.ModelCheck.Dark).Italic(true).Underline(true),
		Denied:    fg(palette.Denied.Light, palette.Denied.Dark).Strikethrough(true),
		Tab:       fg("#6e6e6e", "#8a8a8a"),
		TabShown:  lipgloss.NewStyle().Bold(true),
		TabActive: lipgloss.NewStyle().Bold(true).Reverse(true),
		Help:      help.DefaultStyles(dark),
		Callout:   fg("#c00000", "#ff6b6b").Bold(true).Reverse(true),
		ModeColour: func(m view.Mode) color.Color {
			p := palette.Mode(m)
			return c(p.Light, p.Dark)
		},
		Dark: dark,
	}.withMarks()
}

// Presenter turns styles into the presenter's: bold text, every highlight
// bold and in reverse video, which carries without colour (NO_COLOR) and
// reads from the back of a room, and a blank line after each turn.
func Presenter(st Styles) Styles {
	highlight := map[event.AnnotationKind]lipgloss.Style{}
	for k, style := range st.Highlight {
		highlight[k] = style.Bold(true).Reverse(true)
	}
	st.Highlight = highlight
	st = st.withMarks()
	st.Body = lipgloss.NewStyle().Bold(true)
	st.Spacious = true
	return st
}
