package importer

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/omnigap/omnigap/engine/textsafe"
)

// Account says what an import does as it goes: each record skipped,
// with its reason, and at the end how many files it wrote, counted as
// they are written, so the counts are what is on disk.
type Account struct {
	w                  io.Writer
	dir                string
	scenarios, skipped int
	recordings         int
	first, firstRec    string
	claimed            map[string]string // file name -> the record it was made of
}

func NewAccount(w io.Writer, dir string) *Account {
	return &Account{w: w, dir: dir, claimed: map[string]string{}}
}

func (a *Account) Skip(why string) {
	a.skipped++
	fmt.Fprintln(a.w, textsafe.Line("skipped: "+why))
}

// Claim reserves a file name for the record at at; a name an earlier
// record of this import took is skipped (two records with one uuid).
func (a *Account) Claim(name, at string) (string, bool) {
	if was, ok := a.claimed[name]; ok {
		a.Skip(fmt.Sprintf("%s: the same scenario id as %s, whose file is %s", at, was, name))
		return "", false
	}
	a.claimed[name] = at
	return name, true
}

func (a *Account) Wrote(name string) {
	if a.scenarios++; a.first == "" {
		a.first = name
	}
}

func (a *Account) Recorded(name string) {
	if a.recordings++; a.firstRec == "" {
		a.firstRec = name
	}
}

// Interrupted says what an import stopped by ctrl-c left behind: whole
// files only (a recording cut short is marked canceled).
func (a *Account) Interrupted() {
	fmt.Fprintf(a.w, "interrupted: %d scenario files and %d HUMANS recordings written to %s, %d skipped\n", a.scenarios, a.recordings, textsafe.Line(a.dir), a.skipped)
}

// Done prints what the import wrote and fails when nothing was written;
// otherwise it names a command that uses what was written.
func (a *Account) Done() error {
	if a.recordings > 0 {
		fmt.Fprintf(a.w, "%d HUMANS recordings written\n", a.recordings)
	}
	fmt.Fprintf(a.w, "%d written to %s, %d skipped\n", a.scenarios, textsafe.Line(a.dir), a.skipped)
	if a.scenarios == 0 {
		if a.skipped > 0 {
			return fmt.Errorf("nothing imported: every record was skipped (the reasons are above)")
		}
		return fmt.Errorf("nothing imported: no record to import")
	}
	fmt.Fprintln(a.w, textsafe.Line("watch one: omnigap watch "+filepath.Join(a.dir, a.first)))
	if a.firstRec != "" {
		fmt.Fprintln(a.w, textsafe.Line("replay one: omnigap replay "+filepath.Join(a.dir, a.firstRec)+"; all of them: omnigap report "+a.dir))
	}
	return nil
}
