package amount

import (
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/words"
)

func TestNumbers(t *testing.T) {
	m := NewReader(words.NumberIndex())
	for text, want := range map[string][]float64{
		"$1,200":                   {1200},
		"1200 dollars":             {1200},
		"1.2k":                     {1200},
		"twelve hundred":           {1200},
		"five hundred and fifty":   {550},
		"500.0":                    {500},
		"450-500":                  {450, 500},
		"two fifty":                {250},
		"one thousand two hundred": {1200},
		"a thousand":               {1000},
		"3 grand":                  {3000},
		"It's 500.":                {500},
		"2nd place, 50% off":       nil,
		"twenty-five":              {25},
		"a grand piano":            nil,
		"$1.5 thousand":            {1500},
		"500,60":                   {500, 60},
	} {
		if got := m.Numbers(text); !slices.Equal(got, want) {
			t.Errorf("Numbers(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestAmountsIgnoreNumeralsPastFloatRange(t *testing.T) {
	huge := "4" + strings.Repeat("5", 400)
	if got := Amounts("about " + huge + " or $40"); len(got) != 1 || got[0] != 40 {
		t.Errorf("Amounts = %v, want [40]", got)
	}
}

// FuzzAmounts: reading amounts never panics, whatever the bytes.
func FuzzAmounts(f *testing.F) {
	for _, s := range []string{"I can do $1,200 or twelve hundred.", "4x4 2nd 10am 50% 1.2k", "five-two-oh, 20 under 600", "ünï ’s \x00\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) { Amounts(text) })
}
