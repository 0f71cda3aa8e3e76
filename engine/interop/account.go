package interop

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/omnigap/omnigap/engine/textsafe"
)

// Made is what an import writes: scenario files (scenarios import) or
// recordings of episodes played elsewhere (episodes import).
type Made int

const (
	Scenarios Made = iota
	Recordings
)

// counted is n of what m makes: "1 recording", "20 scenario files".
func (m Made) counted(n int) string {
	noun := "scenario file"
	if m == Recordings {
		noun = "recording"
	}
	if n != 1 {
		noun += "s"
	}
	return fmt.Sprintf("%d %s", n, noun)
}

// Account tells what an import does as it goes and counts what it
// leaves on disk; every importer reports to one. Each record skipped,
// each note and each episode found again is a line as it happens; at the
// end one line counts the files written, the records skipped and the
// episodes found again, and one more names a command that uses what was
// written. The files are counted as they are written, so the counts are
// what is on disk. Every line is cleaned (textsafe).
type Account struct {
	w    io.Writer
	dir  string
	made Made
	// files are what this import wrote, in order, and where each was
	// made from; at finds one by name.
	files   []Placed
	at      map[string]int
	skipped int
	repeats []Repeat
	claimed map[string]Position
}

// Placed is a file an import wrote: its name in the folder and the
// record it was made of.
type Placed struct {
	Name string
	From Position
}

// NewAccount is the account of an import of made into the folder dir
// (as the user gave it), told to w.
func NewAccount(w io.Writer, dir string, made Made) *Account {
	return &Account{w: w, dir: dir, made: made, at: map[string]int{}, claimed: map[string]Position{}}
}

// Skipped tells a record that was not imported, with why.
func (a *Account) Skipped(p Problem) {
	a.skipped++
	a.say("skipped: " + p.Error())
}

// Noted tells what the import made do with for the record at.
func (a *Account) Noted(at Position, note string) {
	a.say("note: " + at.String() + ": " + note)
}

// Said tells what the import found beside its records (a staging folder
// an earlier import left).
func (a *Account) Said(note string) {
	a.say("note: " + note)
}

// Claim reserves the file name for the record at; a name an earlier
// record of this import took is a skip (two records with one id).
func (a *Account) Claim(name string, at Position) bool {
	if was, ok := a.claimed[name]; ok {
		a.Skipped(Problem{At: at, Msg: fmt.Sprintf("the same scenario id as %s, whose file is %s", was, name)})
		return false
	}
	a.claimed[name] = at
	return true
}

// Wrote counts the file name, written into the folder, made of the
// record from.
func (a *Account) Wrote(name string, from Position) {
	a.at[name] = len(a.files)
	a.files = append(a.files, Placed{name, from})
}

// FoundAgain tells an episode found a second time, imported once; a
// copy that took the place of one this import wrote is its file now.
func (a *Account) FoundAgain(r Repeat) {
	a.repeats = append(a.repeats, r)
	a.say("note: " + r.String())
	if i, ok := a.at[r.Replaced]; ok {
		delete(a.at, r.Replaced)
		a.at[r.Recording] = i
		a.files[i] = Placed{r.Recording, r.Second}
	}
}

// Files are the files this import wrote, in order.
func (a *Account) Files() []Placed { return a.files }

// Repeats are the episodes found again, in order.
func (a *Account) Repeats() []Repeat { return a.repeats }

// Interrupted tells what an import stopped by ctrl-c left: whole files
// only.
func (a *Account) Interrupted() {
	fmt.Fprintln(a.w, "interrupted: "+a.counts())
}

// Done tells what the import wrote and fails when it wrote nothing and
// found nothing again; otherwise it names a command that uses what was
// written.
func (a *Account) Done() error {
	fmt.Fprintln(a.w, a.counts())
	if len(a.files) == 0 && len(a.repeats) == 0 {
		if a.skipped > 0 {
			return fmt.Errorf("nothing imported: every record was skipped (the reasons are above)")
		}
		return fmt.Errorf("nothing imported: no record to import")
	}
	if len(a.files) == 0 {
		return nil
	}
	first := filepath.Join(a.dir, a.files[0].Name)
	if a.made == Recordings {
		a.say("replay one: omnigap replay " + first + "; all of them: omnigap report " + a.dir)
	} else {
		a.say("watch one: omnigap watch " + first)
	}
	return nil
}

// counts is the account's last line: "30 recordings written to out, 0
// skipped, 30 episodes found again (...)".
func (a *Account) counts() string {
	s := fmt.Sprintf("%s written to %s, %d skipped", a.made.counted(len(a.files)), textsafe.Line(a.dir), a.skipped)
	switch n := len(a.repeats); n {
	case 0:
	case 1:
		s += ", 1 episode found again (imported once, as the note says)"
	default:
		s += fmt.Sprintf(", %d episodes found again (each imported once, as the notes say)", n)
	}
	return s
}

func (a *Account) say(line string) { fmt.Fprintln(a.w, textsafe.Line(line)) }
