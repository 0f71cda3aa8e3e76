package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// realData are the flags that give the generators real material.
type realData struct {
	listings []string
	schema   string
}

func (r *realData) addFlags(cmd *cobra.Command) {
	f := cmd.PersistentFlags()
	f.StringArrayVar(&r.listings, "listings", nil, "cocoa Craigslist listings file (craigslist-listings-*.json) for craigslist/gen-N to sell; repeatable")
	f.StringVar(&r.schema, "schema", "", "cocoa MutualFriends schema file for mutualfriends/gen-N to draw attributes from")
}

// apply hands the generators what the flags name, telling how many
// records were left out and why.
func (r *realData) apply(w io.Writer) error {
	if len(r.listings) > 0 {
		var all []generate.Listing
		for _, path := range r.listings {
			ls, probs, err := cocoa.Listings(path)
			if err != nil {
				return err
			}
			if len(probs) > 0 {
				fmt.Fprintln(w, textsafe.Clean(fmt.Sprintf("%s: %d listings used, %d left out (first: %v)", path, len(ls), len(probs), probs[0])))
			}
			all = append(all, ls...)
		}
		library.UseListings(all)
	}
	if r.schema != "" {
		attrs, err := cocoa.Schema(r.schema)
		if err != nil {
			return err
		}
		library.UseSchema(attrs)
	}
	return nil
}
