package study

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// NoRecordings is the error of paths that hold no recording: a path
// that is not there is named as given; a folder that holds none but
// folders in it do (the usual slip: the parent of several studies) is
// told where they are.
func NoRecordings(paths []string) error {
	var below []string
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return fmt.Errorf("%s", textsafe.Line(safefile.Explain(err).Error()))
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			continue
		}
		for _, e := range entries {
			dir := filepath.Join(p, e.Name())
			if files, err := record.Files(dir); e.IsDir() && err == nil && len(files) > 0 {
				below = append(below, dir)
			}
		}
	}
	msg := "no recordings in " + textsafe.Line(strings.Join(paths, " "))
	if len(below) == 0 {
		return fmt.Errorf("%s", msg)
	}
	const shown = 3
	more := ""
	if len(below) > shown {
		more = fmt.Sprintf(" and %d more", len(below)-shown)
		below = below[:shown]
	}
	return fmt.Errorf("%s; the folders in it hold some: name them (%s%s), e.g. %s", msg,
		textsafe.Line(strings.Join(below, ", ")), more, textsafe.Line(filepath.Join(paths[0], "*")))
}
