package main

import (
	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/run"
)

// addMaxUtteranceFlag gives cmd --max-utterance, the cap on a turn's text,
// worded the same in run, watch and play.
func addMaxUtteranceFlag(cmd *cobra.Command, p *int) {
	cmd.Flags().IntVar(p, "max-utterance", run.DefaultMaxUtterance, "longest turn kept, in characters; longer ones are cut and marked (-1: no cap)")
}
