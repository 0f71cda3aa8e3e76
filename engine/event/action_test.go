package event_test

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	dond "github.com/omnigap/omnigap/engine/family/dealornodeal"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
)

// recordedAction is an action as encoding/json reads it into a struct
// with each family's argument in a field of its own, as the recorded
// action was read before the families held their arguments.
type recordedAction struct {
	Type   string         `json:"type"`
	Text   string         `json:"text"`
	Price  *float64       `json:"price"`
	Friend *string        `json:"friend"`
	Split  map[string]int `json:"split"`
}

// FuzzActionReadsAsEncodingJSON: the action reader, which reads a
// recording's actions in one pass without reflection, reads any bytes as
// encoding/json reads them into such a struct: the same type, text and
// argument, an error when it gives one, and never a panic.
func FuzzActionReadsAsEncodingJSON(f *testing.F) {
	for _, s := range []string{`{"type":"offer","text":"$450?","price":450}`, `{"type":"select","friend":"Jacob Reyes"}`,
		`{"type":"offer","split":{"book":2,"hat":0}}`, `{"TYPE":"speak","Text":"hi \u00e9\"","text":"again"}`, `{"type":"speak","x":[1,{"y":"}"}],"text":"a, b"}`,
		`{ "type" : "offer" , "price" : null }`, `{"type":5}`, `{"price":"5"}`, `[1]`, `null`, `{"t\u0079pe":"leave"}`, `{"type":"\xff"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var got event.Action
		err := json.Unmarshal(data, &got)
		var want recordedAction
		werr := json.Unmarshal(data, &want)
		args := 0
		for _, present := range []bool{want.Price != nil, want.Friend != nil, want.Split != nil} {
			if present {
				args++
			}
		}
		if werr != nil || args > 1 {
			if err == nil {
				t.Fatalf("%q read as %+v; encoding/json: %v (%d arguments)", data, got, werr, args)
			}
			return
		}
		if err != nil {
			t.Fatalf("%q: %v; encoding/json reads %+v", data, err, want)
		}
		if string(got.Type) != want.Type || got.Text != want.Text {
			t.Fatalf("%q read as %q %q, encoding/json reads %q %q", data, got.Type, got.Text, want.Type, want.Text)
		}
		var arg event.Arg
		switch {
		case want.Price != nil:
			arg = cl.Price(*want.Price)
		case want.Friend != nil:
			arg = mf.Pick(*want.Friend)
		case want.Split != nil:
			arg = dond.Split(want.Split)
		}
		if !reflect.DeepEqual(got.Arg, arg) && !(isNaN(got.Arg) && isNaN(arg)) {
			t.Fatalf("%q: argument %#v, encoding/json reads %#v", data, got.Arg, arg)
		}
	})
}

func isNaN(a event.Arg) bool {
	p, ok := a.(cl.Price)
	return ok && math.IsNaN(float64(p))
}

// An action written and read back is the same action, its argument in
// its family's type.
func TestActionsReadBackAsWritten(t *testing.T) {
	for _, a := range []event.Action{
		{Type: event.Speak, Text: "Hello <there> & \"you\""},
		{Type: event.Offer, Text: "$450?", Arg: cl.Price(450.5)},
		{Type: event.Select, Arg: mf.Pick("Jacob Reyes")},
		{Type: event.Offer, Arg: dond.Split{"book": 2, "hat": 0}},
		{Type: event.None},
	} {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		var back event.Action
		if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, a) {
			t.Errorf("%s read back as %#v, %v", b, back, err)
		}
	}
	if _, err := json.Marshal(event.Action{Type: event.Offer, Arg: unregistered{}}); err == nil {
		t.Error("an argument of no registered kind was written")
	}
}

type unregistered struct{}

func (unregistered) Key() string                          { return "nobody" }
func (unregistered) Label() string                        { return "" }
func (unregistered) Said() string                         { return "" }
func (unregistered) AppendJSON(dst []byte) ([]byte, bool) { return dst, true }
