package cocoa

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Find reads FILE[#UUID]: the dialogue with that uuid (or scenario
// uuid), or the file's first readable one, reading no further than it.
// When none is found, the error (ErrNotFound) names the file and says
// why the dialogues read were skipped.
func Find(ref string) (*Transcript, error) {
	path, uuid, _ := strings.Cut(ref, "#")
	var found *Transcript
	var skipped []interop.Problem
	err := EachTranscript(context.Background(), path, func(t *Transcript) error {
		if uuid == "" || t.UUID == uuid || strings.EqualFold(t.Scenario.ID, "dealornodeal/cocoa-"+scenario.Slug(uuid)) {
			found = t
			return errFound
		}
		return nil
	}, func(p interop.Problem) { skipped = append(skipped, p) })
	if err != nil && err != errFound {
		return nil, err
	}
	if found != nil {
		return found, nil
	}
	what := "no readable dialogue"
	if uuid != "" {
		what = fmt.Sprintf("no dialogue with uuid %q", uuid)
	}
	if len(skipped) == 0 {
		return nil, notFound(fmt.Sprintf("%s: %s", path, what))
	}
	return nil, notFound(fmt.Sprintf("%s: %s; %d skipped:%s", path, what, len(skipped), interop.Reasons(skipped)))
}

// ErrNotFound is what Find's error is when the file was read but held no
// such dialogue (errors.Is), as against a file that could not be read.
var ErrNotFound = errors.New("no such dialogue")

type notFound string

func (e notFound) Error() string        { return string(e) }
func (e notFound) Is(target error) bool { return target == ErrNotFound }

// errFound ends a search through a file's records.
var errFound = errors.New("found")
