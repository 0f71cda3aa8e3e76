package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/omnigap/omnigap/engine/replay"
)

// flagRanges are the checks of flag values that every command shares: a
// flag of that name, where a command has it, must pass its check. Each
// failure is one line naming the flag, the value and what is wanted.
var flagRanges = map[string]func(value string) string{
	"pace":        nonNegativeDuration,
	"episodes":    atLeastOne,
	"concurrency": atLeastOne,
	"speed": func(v string) string {
		x, _ := strconv.ParseFloat(v, 64)
		if x < replay.Speeds[0] || x > replay.Speeds[len(replay.Speeds)-1] {
			return fmt.Sprintf("want %g to %g", replay.Speeds[0], replay.Speeds[len(replay.Speeds)-1])
		}
		return ""
	},
}

func nonNegativeDuration(v string) string {
	if d, _ := time.ParseDuration(v); d < 0 {
		return "want 0 or a positive duration such as 60ms"
	}
	return ""
}

func atLeastOne(v string) string {
	if n, _ := strconv.Atoi(v); n < 1 {
		return "want 1 or more"
	}
	return ""
}

// checkFlags applies flagRanges to the flags cmd has.
func checkFlags(cmd *cobra.Command) error {
	var errs []error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if check, ok := flagRanges[f.Name]; ok {
			if why := check(f.Value.String()); why != "" {
				errs = append(errs, fmt.Errorf("--%s %s: %s", f.Name, f.Value.String(), why))
			}
		}
	})
	return errors.Join(errs...)
}

// flagError rewrites pflag's parse errors ("invalid argument "abc" for
// "--seed" flag: strconv.ParseInt: parsing ...") as one line that says
// what the flag wants.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	if !strings.HasPrefix(msg, "invalid argument ") {
		return fmt.Errorf("%w (see 'omnigap %s --help')", err, cmd.Name())
	}
	_, rest, _ := strings.Cut(msg, " for \"")
	name, _, _ := strings.Cut(rest, "\" flag")
	name = strings.TrimLeft(name, "-")
	if i := strings.Index(name, ", --"); i >= 0 { // "-s, --seed"
		name = name[i+4:]
	}
	f := cmd.Flags().Lookup(name)
	if f == nil {
		return err
	}
	value := strings.TrimPrefix(msg, "invalid argument ")
	value, _, _ = strings.Cut(value, " for \"")
	if v, err := strconv.Unquote(value); err == nil {
		value = v
	}
	want := map[string]string{
		"int": "a whole number", "int64": "a whole number", "float64": "a number",
		"duration": "a duration such as 60ms or 2s", "bool": "true or false",
	}[f.Value.Type()]
	if want == "" {
		return err
	}
	return fmt.Errorf("--%s %s: want %s", name, value, want)
}

// groupRun makes a command that only groups others refuse an unknown
// subcommand (with the nearest names) instead of printing its help and
// exiting 0.
func groupRun(cmd *cobra.Command) {
	cmd.Args = cobra.ArbitraryArgs
	cmd.RunE = helpOrUnknown
}

// helpOrUnknown is a group's help, or the refusal of a word that names
// none of its commands.
func helpOrUnknown(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return cmd.Help()
	}
	return unknownCommand(cmd, args[0])
}

// commandsOnly is the Args of a command that runs with no arguments and
// has subcommands: a word that is none of them is refused with the
// nearest names ("omnigap plya": did you mean play?).
func commandsOnly(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	return unknownCommand(cmd, args[0])
}

// unknownCommand refuses word as a subcommand of cmd, naming the
// subcommands it may have meant.
func unknownCommand(cmd *cobra.Command, word string) error {
	msg := fmt.Sprintf("unknown command %q for %q", word, cmd.CommandPath())
	cmd.SuggestionsMinimumDistance = 2
	if near := cmd.SuggestionsFor(word); len(near) > 0 {
		msg += "; did you mean " + strings.Join(near, " or ") + "?"
	}
	return errors.New(msg + fmt.Sprintf(" (see '%s --help')", cmd.CommandPath()))
}
