// Package scenarios is the built-in scenario library: one YAML file per
// scenario, embedded in the binary. The format is described in
// docs/SCENARIOS.md.
package scenarios

import "embed"

// Files holds every built-in scenario file at its base name, e.g.
// craigslist-road-bike.yaml for id craigslist/road-bike.
//
//go:embed *.yaml
var Files embed.FS
