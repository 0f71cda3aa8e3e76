package openaiapi

import "testing"

func TestPublicURLDropsCredentials(t *testing.T) {
	for in, want := range map[string]string{
		"http://127.0.0.1:8000/v1":                       "http://127.0.0.1:8000/v1",
		"https://me:sk-secret@host.example/v1":           "https://host.example/v1",
		"https://host.example/v1?api-key=sk-secret#frag": "https://host.example/v1",
		"http://[::1]:11434/v1/?key=sk-secret":           "http://[::1]:11434/v1/",
	} {
		if got := PublicURL(in); got != want {
			t.Errorf("PublicURL(%q) = %q, want %q", in, got, want)
		}
	}
}
