// Package origin says where an imported Sotopia episode's recording came
// from: its source as the header names it (or, for a recording imported
// before the header kept it, as its ending's note does), and which seat
// each of the source's agents sat in. The importer (episodes) writes
// what it reads; people's ratings are joined by it.
package origin
