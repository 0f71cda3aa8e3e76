package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

func newScenariosCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "scenarios",
		Short: "List and inspect scenarios",
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "list",
		Short: "List the built-in scenarios and the generators",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return listScenarios(cmd.OutOrStdout())
		},
	})
	var seed int64
	show := &cobra.Command{
		Use:   "show ID|FILE",
		Short: "Print a scenario and, per mode, what each seat is given",
		Args:  usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return printScenario(cmd.OutOrStdout(), args[0], seed)
		},
	}
	show.Flags().Int64Var(&seed, "seed", 1, "seed for a gen-* scenario")
	cmd.AddCommand(show, newImportCmd())
	groupRun(cmd)
	return cmd
}

func listScenarios(w io.Writer) error {
	list, err := library.Builtin()
	if err != nil {
		return err
	}
	for _, sc := range list {
		fmt.Fprintf(w, "%-34s %-14s %s\n", sc.ID, sc.Family, sc.Title)
	}
	for _, f := range library.GeneratedFamilies() {
		fmt.Fprintf(w, "%-34s %-14s %s\n", f+"/gen-N", f, "generated from seed N (gen-* draws one per episode)")
	}
	fmt.Fprint(w, `
Any command that takes a scenario also takes a scenario file (.yaml) and
sotopia:DIR#N (combo N of a Sotopia export); 'omnigap scenarios import'
writes files from Sotopia and cocoa. Deal-or-No-Deal scenarios come with
cocoa transcripts: omnigap watch --humans dealornodeal-val.json
`)
	return nil
}

// printScenario prints the scenario ref names (seed: a gen-* one's) and
// what each seat is given, cleaned.
func printScenario(w io.Writer, ref string, seed int64) error {
	sc, err := library.Resolve(ref, seed)
	if err != nil {
		return err
	}
	var b strings.Builder
	showScenario(&b, sc)
	_, err = io.WriteString(w, textsafe.Clean(b.String()))
	return err
}

func showScenario(w io.Writer, sc *scenario.Scenario) {
	fmt.Fprintf(w, "%s  (%s, %s, %d turns)\n%s\n", sc.ID, sc.Family, sc.Relationship, sc.MaxTurns, sc.Title)
	fmt.Fprintln(w, "\nFacts:")
	for _, f := range sc.Facts() {
		fmt.Fprintf(w, "  %-28s %-8s %s\n", f.ID, sc.OwnerName(f.Owner), f.Text)
		if len(f.Paraphrases) > 0 {
			fmt.Fprintf(w, "  %-28s %-8s also said as: %s\n", "", "", strings.Join(f.Paraphrases, "; "))
		}
		if len(f.Together) > 0 {
			fmt.Fprintf(w, "  %-28s %-8s only two together: %s\n", "", "", strings.Join(f.Together, "; "))
		}
	}
	for _, mode := range view.Modes {
		for _, who := range view.Viewers(mode) {
			if who == view.Writer {
				section(w, mode.Label()+": the writer is given")
			} else {
				section(w, fmt.Sprintf("%s: %s (seat %d) is given", mode.Label(), sc.Seats[who].Character.Name, who))
			}
			fmt.Fprint(w, indent(view.For(sc, mode, who).Render()))
		}
	}
}

func section(w io.Writer, title string) {
	fmt.Fprintf(w, "\n== %s\n", title)
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n  ") + "\n"
}
