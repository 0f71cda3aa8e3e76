package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/episode"
)

// backendOptions chooses what plays the seats.
type backendOptions struct {
	backend string
}

func (b *backendOptions) addFlags(cmd *cobra.Command) {
	cmd.Flags().StringVar(&b.backend, "backend", "builtin", "what plays the seats: builtin (offline, rule-based)")
}

func (b *backendOptions) factory() (episode.Factory, error) {
	switch b.backend {
	case "builtin":
		return builtin.Factory{}, nil
	}
	return nil, fmt.Errorf("--backend: unknown backend %q (want builtin)", b.backend)
}
