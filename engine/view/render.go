package view

import (
	"fmt"
	"strings"
)

// Render writes the view as plain text: the background of every prompt, the
// human player's info panel and the prompt audit screen.
func (v View) Render() string {
	if v.Viewer == Writer {
		return v.RenderOmniscient("You write the dialogue for both characters and know everything about both.")
	}
	var b strings.Builder
	v.renderCommon(&b)
	self, partner := v.Self(), v.Partner()
	fmt.Fprintf(&b, "\nYou are %s (%s).\n", self.Name, self.Role)
	renderSeat(&b, self, "Your")
	fmt.Fprintf(&b, "\nYour partner is %s (%s).\n", partner.Name, partner.Role)
	if partner.Public == "" && partner.Personality == "" && !partner.Full {
		b.WriteString("You know nothing about them beyond their name and role.\n")
	}
	renderSeat(&b, partner, "Their")
	return b.String()
}

// RenderOmniscient writes a writer's View, both seats in full, under a
// framing sentence that says who reads it (the writer, or a judge).
func (v View) RenderOmniscient(framing string) string {
	var b strings.Builder
	v.renderCommon(&b)
	fmt.Fprintf(&b, "\n%s\n", framing)
	for seat := 0; seat < 2; seat++ {
		fmt.Fprintf(&b, "\nCharacter %d: %s (%s)\n", seat+1, v.Seats[seat].Name, v.Seats[seat].Role)
		renderSeat(&b, v.Seats[seat], "Their")
	}
	if len(v.EnvFacts) > 0 {
		b.WriteString("\nKnown to the narrator:\n")
		for _, f := range v.EnvFacts {
			fmt.Fprintf(&b, "- %s\n", f.Text)
		}
	}
	return b.String()
}

// RenderOwn writes only the viewer's own seat, the part every mode must give
// a seat identically.
func (v View) RenderOwn() string {
	var b strings.Builder
	renderSeat(&b, v.Self(), "Your")
	return b.String()
}

// RenderOwnForOthers writes the viewer's own seat as told to someone else
// ("Their goal: ..."), as a reveal shows the partner's side.
func (v View) RenderOwnForOthers() string {
	var b strings.Builder
	renderSeat(&b, v.Self(), "Their")
	return b.String()
}

func (v View) renderCommon(b *strings.Builder) {
	fmt.Fprintf(b, "Scenario: %s\n", v.Title)
	fmt.Fprintf(b, "Setting: %s\n", strings.TrimSpace(v.Setting))
	fmt.Fprintf(b, "Relationship: %s\n", v.Relationship)
	if v.Background != "" {
		fmt.Fprintf(b, "Background (known to the narrator): %s\n", strings.TrimSpace(v.Background))
	}
	fmt.Fprintf(b, "Turn limit: %d turns in all\n", v.MaxTurns)
	if v.Scene != nil {
		v.Scene.Render(b)
	}
	for _, f := range v.PublicFacts {
		fmt.Fprintf(b, "Public: %s\n", f.Text)
	}
}

// renderSeat writes what the view holds about one seat, with pronoun
// "Your" or "Their" to match who reads it.
func renderSeat(b *strings.Builder, sv SeatView, whose string) {
	if about := profileLine(sv); about != "" {
		fmt.Fprintf(b, "%s profile: %s\n", whose, about)
	}
	if sv.Public != "" {
		fmt.Fprintf(b, "%s public profile: %s\n", whose, strings.TrimSpace(sv.Public))
	}
	if sv.Personality != "" {
		fmt.Fprintf(b, "%s personality: %s\n", whose, strings.TrimSpace(sv.Personality))
	}
	if !sv.Full {
		return
	}
	if sv.Secret != "" {
		fmt.Fprintf(b, "%s secret: %s\n", whose, strings.TrimSpace(sv.Secret))
	}
	if whose == "Their" {
		// Goals are written to the character ("every dollar you save"):
		// say so when someone else reads them.
		fmt.Fprintf(b, "Their goal, as told to %s: %s\n", sv.Name, strings.TrimSpace(sv.Goal))
	} else {
		fmt.Fprintf(b, "%s goal: %s\n", whose, strings.TrimSpace(sv.Goal))
	}
	if len(sv.Facts) > 0 {
		fmt.Fprintf(b, "%s private information:\n", whose)
		for _, f := range sv.Facts {
			fmt.Fprintf(b, "- %s\n", f.Text)
		}
	}
	if sv.Holding != nil {
		sv.Holding.Render(b, whose)
	}
}

// profileLine joins the profile fields a view holds: "34, woman
// (she/her), nurse".
func profileLine(sv SeatView) string {
	var parts []string
	if sv.Age > 0 {
		parts = append(parts, fmt.Sprint(sv.Age))
	}
	g := sv.Gender
	if sv.Pronouns != "" {
		g = strings.TrimSpace(g + " (" + sv.Pronouns + ")")
	}
	for _, p := range []string{g, sv.Occupation} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}
