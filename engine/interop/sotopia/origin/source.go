package origin

import (
	"strings"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
)

// FormatPrefix begins the format of every Sotopia source an import names
// (record.Source.Format): "sotopia/" and the form.
const FormatPrefix = "sotopia/"

// SourceOf is where an imported recording's episode came from: its
// header's source, or, for a recording imported before the header named
// it, what its ending's note says ("Sotopia episode PK (FORM)"): the
// format and the id, when the note gives one. Nil for a recording that
// names neither.
func SourceOf(rec *record.Recording) *record.Source {
	if rec.Header.Source != nil {
		return rec.Header.Source
	}
	end := rec.Ending()
	if end == nil {
		return nil
	}
	origin, ok := strings.CutPrefix(end.Notes[metrics.ImportedNote], "Sotopia episode ")
	open := strings.LastIndex(origin, " (")
	if !ok || open < 0 || !strings.HasSuffix(origin, ")") {
		return nil
	}
	src := &record.Source{Format: FormatPrefix + origin[open+2:len(origin)-1]}
	// An episode without an id was noted by where it sat (file:line).
	if id := origin[:open]; !strings.ContainsAny(id, " :/\\") {
		src.Episode = id
	}
	return src
}
