package main

import (
	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine"
)

func newRootCmd() *cobra.Command {
	w := newWatchOptions()
	root := &cobra.Command{
		Use:   "omnigap",
		Short: "Watch the omniscience gap in simulated social interactions",
		Long: `omnigap runs one social scenario as SCRIPT (one omniscient writer), AGENTS
(each side knows only its own private facts) and MINDREADERS (each side also
knows the other's) side by side, and shows where the scripted success comes
from. With no command it watches the default scenario in all three modes
(as many side by side as the terminal fits, the rest a tab away); in the
app, ? lists every key and q quits.`,
		Version:       engine.Version,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          commandsOnly,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return w.watch(cmd.Context(), cmd.OutOrStdout())
		},
	}
	w.addFlags(root)
	var real realData
	real.addFlags(root)
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if err := checkFlags(cmd); err != nil {
			return err
		}
		return real.apply(cmd.ErrOrStderr())
	}
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(
		newWatchCmd(),
		newPlayCmd(),
		newServeCmd(),
		newRunCmd(),
		newReplayCmd(),
		newBrowseCmd(),
		newReportCmd(),
		newJudgeCmd(),
		newScenariosCmd(),
		newCardCmd(),
		newExportCmd(),
		newEpisodesCmd(),
		newDemoCmd(),
	)
	return root
}
