package talk

import "strings"

// Slots fills a template's {placeholders}.
type Slots struct {
	Price, Item, Name, One, Many, Count string
	Thing                               string // the item in a word: "bike", "dresser"
	Other                               string // a second price: the partner's limit
	Detail                              string // a sentence of the listing
	Reason                              string // a free-form player's private circumstance
	Echo                                string // the partner's words said back: "you were laid off"
	Heard                               string // what the partner said it would like, said back: "borrow $2,500 from me"
	Offer                               string // the partner's latest price
}

// Render replaces the {placeholders} of slots in t.
func Render(t string, s Slots) string {
	if strings.IndexByte(t, '{') < 0 {
		return t
	}
	var b strings.Builder
	b.Grow(len(t) + 32)
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			b.WriteString(t)
			return b.String()
		}
		j := strings.IndexByte(t[i:], '}')
		if j < 0 {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(t[:i])
		switch t[i+1 : i+j] {
		case "price":
			b.WriteString(s.Price)
		case "item":
			b.WriteString(s.Item)
		case "thing":
			b.WriteString(s.Thing)
		case "name":
			b.WriteString(s.Name)
		case "one":
			b.WriteString(s.One)
		case "many":
			b.WriteString(s.Many)
		case "count":
			b.WriteString(s.Count)
		case "other":
			b.WriteString(s.Other)
		case "detail":
			b.WriteString(s.Detail)
		case "reason":
			b.WriteString(s.Reason)
		case "echo":
			b.WriteString(s.Echo)
		case "heard":
			b.WriteString(s.Heard)
		case "offer":
			b.WriteString(s.Offer)
		default:
			b.WriteString(t[i : i+j+1])
		}
		t = t[i+j+1:]
	}
}

// joinSentences puts a turn's sentences together.
func joinSentences(parts ...string) string {
	n, size := 0, 0
	for _, p := range parts {
		if p != "" {
			n++
			size += len(p) + 1
		}
	}
	if n <= 1 {
		for _, p := range parts {
			if p != "" {
				return p
			}
		}
		return ""
	}
	var b strings.Builder
	b.Grow(size)
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p)
	}
	return b.String()
}
