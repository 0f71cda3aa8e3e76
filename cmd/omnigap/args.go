package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// usageArgs checks a command's arguments with check and, when they are
// wrong, says how the command is used and shows its first example rather
// than cobra's count of arguments.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if check(cmd, args) == nil {
			return nil
		}
		msg := "usage: " + cmd.UseLine()
		if ex, _, _ := strings.Cut(strings.TrimSpace(cmd.Example), "\n"); ex != "" {
			msg += "\nfor example: " + ex
		}
		return fmt.Errorf("%s\n(see '%s --help')", msg, cmd.CommandPath())
	}
}
