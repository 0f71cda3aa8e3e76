package cocoa

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// Listings reads scraped Craigslist listings (cocoa's
// craigslist-listings-*.json: title, description lines, price, category)
// for the Craigslist generator. A listing without a title, or priced below
// generate.MinListingPrice, is a Problem (interop) and the rest are kept.
func Listings(path string) ([]generate.Listing, []interop.Problem, error) {
	var out []generate.Listing
	var probs []interop.Problem
	err := eachRecord(context.Background(), path, MaxListingsBytes, func(i int, raw json.RawMessage) error {
		var l struct {
			Category    string   `json:"category"`
			Title       string   `json:"title"`
			Description []string `json:"description"`
			Price       float64  `json:"price"`
		}
		if err := json.Unmarshal(raw, &l); err != nil {
			probs = append(probs, interop.Problem{At: interop.Position{File: path, Record: i}, Msg: "not a listing: " + err.Error()})
			return nil
		}
		switch {
		case clean(l.Title) == "":
			probs = append(probs, interop.Problem{At: interop.Position{File: path, Record: i}, Field: "title", Msg: "is empty"})
		case l.Price < generate.MinListingPrice:
			probs = append(probs, interop.Problem{At: interop.Position{File: path, Record: i}, Field: "price", Msg: fmt.Sprintf("%g is below %d, too low to bargain over", l.Price, generate.MinListingPrice)})
		default:
			out = append(out, generate.Listing{Category: clean(l.Category), Title: clean(l.Title), Description: clean(strings.Join(l.Description, " ")), Price: l.Price})
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if len(out) == 0 {
		return nil, probs, fmt.Errorf("%s: no usable listing", path)
	}
	return out, probs, nil
}

// Schema reads a cocoa MutualFriends schema (attributes with a value_type,
// and the values per value_type) as the generator's attributes. Names are
// not an attribute of a friend list and are left out.
func Schema(path string) ([]generate.Attribute, error) {
	f, err := safefile.OpenCapped(path, MaxSchemaBytes)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	var s struct {
		Attributes []struct {
			Name      string `json:"name"`
			ValueType string `json:"value_type"`
		} `json:"attributes"`
		Values map[string][]string `json:"values"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s: not a cocoa schema: %w", path, err)
	}
	textsafe.CleanAll(&s)
	var out []generate.Attribute
	for i, a := range s.Attributes {
		if a.ValueType == "name" {
			continue
		}
		var vals []string
		for _, v := range s.Values[a.ValueType] {
			if v = clean(v); v != "" {
				vals = append(vals, v)
			}
		}
		if len(vals) < 2 {
			return nil, fmt.Errorf("%s: attributes[%d] (%s): values.%s needs at least 2 values (got %d)", path, i, a.Name, a.ValueType, len(vals))
		}
		out = append(out, generate.Attribute{Name: strings.ToLower(clean(a.Name)), Values: vals})
	}
	if len(out) < 3 {
		return nil, fmt.Errorf("%s: attributes: needs at least 3 attributes besides the name (got %d)", path, len(out))
	}
	return out, nil
}
