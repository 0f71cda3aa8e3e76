package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/omnigap/omnigap/engine/rejudge"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// progress prints a line on log as each of total recordings is done.
func progress(log io.Writer, total int) func(rejudge.Result) {
	done := 0
	return func(r rejudge.Result) {
		done++
		what := ""
		switch r.State {
		case rejudge.Judged:
			prompt, completion := tokens(r)
			what = fmt.Sprintf("judged (%d calls, %d prompt and %d completion tokens)", len(r.Usage), prompt, completion)
		case rejudge.Kept:
			what = "kept: judged already"
		case rejudge.Failed:
			what = "the judge failed, noted in the copy (--resume judges it again): " + r.Err.Error()
		case rejudge.Refused:
			what = "left out: " + r.Err.Error()
		}
		fmt.Fprintf(log, "omnigap judge: [%d/%d] %s: %s\n", done, total, textsafe.Line(r.Path), textsafe.Line(what))
	}
}

func tokens(r rejudge.Result) (prompt, completion int) {
	for _, u := range r.Usage {
		prompt, completion = prompt+u.Prompt, completion+u.Completion
	}
	return prompt, completion
}

// summary says how the judging went: an error when it was interrupted or
// when any recording was not judged, so that scripts notice.
func (o *judgeOptions) summary(w io.Writer, results []rejudge.Result, err error) error {
	var counts [4]int
	calls, prompt, completion := 0, 0, 0
	for _, r := range results {
		if r.Path == "" {
			continue // not reached before an interruption
		}
		counts[r.State]++
		p, c := tokens(r)
		calls, prompt, completion = calls+len(r.Usage), prompt+p, completion+c
	}
	judged, kept, failed, refused := counts[rejudge.Judged], counts[rejudge.Kept], counts[rejudge.Failed], counts[rejudge.Refused]
	fmt.Fprintf(w, "%d of %d recordings judged into %s (%d kept as judged already, %d with the judge's failure noted, %d left out); the judge's calls: %d, %d prompt and %d completion tokens\n",
		judged, len(results), textsafe.Line(o.out), kept, failed, refused, calls, prompt, completion)
	if err != nil {
		fmt.Fprintln(w, "interrupted: run the same command with --resume to judge the rest")
		return errInterrupted
	}
	if failed+refused > 0 {
		return errors.New(fmt.Sprint(failed+refused, " recordings not judged (named above)"))
	}
	return nil
}
