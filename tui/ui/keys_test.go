package ui

import (
	"reflect"
	"testing"

	"charm.land/bubbles/v2/key"
)

// all names every binding of the key map, so that ForBrowse turns off
// every key a new group or binding brings.
func TestAllHoldsEveryBinding(t *testing.T) {
	k := NewKeyMap([]key.Binding{Key("i", "info", "i"), Key("p", "audit", "p")})
	want := len(k.Overlays)
	v := reflect.ValueOf(k)
	for i := range v.NumField() {
		if g := v.Field(i); g.Kind() == reflect.Struct {
			want += g.NumField()
		}
	}
	seen := map[*key.Binding]bool{}
	for _, b := range k.all() {
		seen[b] = true
	}
	if len(seen) != want {
		t.Errorf("all() holds %d bindings, the key map %d", len(seen), want)
	}
	list := k.ForBrowse(false)
	for _, b := range []key.Binding{list.Playback.Pause, list.Overlays[0], list.Browse.Back, list.Navigation.GoTo} {
		if b.Enabled() {
			t.Errorf("%s is on in the list", b.Help().Key)
		}
	}
	if !k.Overlays[0].Enabled() {
		t.Error("ForBrowse turned off the overlays of the map it was made from")
	}
	open := k.ForBrowse(true)
	if !open.Browse.Back.Enabled() || open.General.Quit.Enabled() || open.Browse.Open.Enabled() || !open.Playback.Pause.Enabled() {
		t.Error("an episode opened from the list: q and esc go back, the app's keys act")
	}
}
