package generate

// attribute is one column of a MutualFriends friend list and the values it
// can take. No value is a whole-word part of another value, of any
// attribute, so a value said in a sentence points at exactly one column.
type attribute struct {
	name   string
	values []string
}

// attributes is the set generated scenarios draw their three columns from.
var attributes = []attribute{
	{"school", []string{
		"Bard College", "Bowdoin", "Brandeis", "Bryn Mawr", "Carleton", "Colgate", "Dartmouth",
		"Emory", "Fordham", "Gonzaga University", "Grinnell", "Haverford", "Kenyon", "Lehigh",
		"Macalester", "Middlebury", "Oberlin", "Pomona", "Purdue", "Reed College", "Rutgers",
		"Smith College", "Swarthmore", "Temple University", "Tufts", "Tulane", "Vanderbilt",
		"Vassar", "Wellesley", "Wesleyan", "Williams College", "Xavier University",
	}},
	{"major", []string{
		"accounting", "anthropology", "architecture", "astronomy", "biochemistry", "classics",
		"computer science", "criminology", "dance", "ecology", "economics", "electrical engineering",
		"film studies", "forestry", "geology", "journalism", "linguistics", "marine biology",
		"mathematics", "mechanical engineering", "music theory", "neuroscience", "nursing",
		"oceanography", "philosophy", "physics", "psychology", "public health", "sociology",
		"statistics", "theater", "urban planning",
	}},
	{"company", []string{
		"Acme Robotics", "Bluefin Logistics", "Brightwater Energy", "Cedar Health", "Cobalt Games",
		"Copperleaf Bank", "Driftwood Media", "Emberline Foods", "Fernhill Pharma", "Foxglove Studios",
		"Granite Insurance", "Harborview Hospital", "Ironbark Construction", "Juniper Airlines",
		"Kestrel Aerospace", "Lanternfish Labs", "Maplecrest Schools", "Nimbus Cloud", "Northwind Rail",
		"Orchard Analytics", "Pinecone Software", "Quarry Hill Consulting", "Redwood Motors",
		"Saltmarsh Shipping", "Silverline Telecom", "Sparrow Books", "Tidewater Biotech",
		"Umber Architects", "Verdant Farms", "Willowbrook Publishing", "Yellowtail Outfitters",
		"Zephyr Wind Power",
	}},
	{"hobby", []string{
		"archery", "baking", "beekeeping", "birdwatching", "bouldering", "calligraphy", "canoeing",
		"chess", "crossword puzzles", "embroidery", "fencing", "fly fishing", "gardening", "geocaching",
		"juggling", "kayaking", "knitting", "origami", "painting", "photography", "pottery",
		"salsa dancing", "scuba diving", "skateboarding", "sourdough", "stargazing", "surfing",
		"table tennis", "trail running", "ukulele", "woodworking", "yoga",
	}},
	{"city", []string{
		"Albuquerque", "Anchorage", "Baltimore", "Boise", "Buffalo", "Charleston", "Chattanooga",
		"Cincinnati", "Des Moines", "Duluth", "El Paso", "Fresno", "Halifax", "Honolulu",
		"Knoxville", "Lisbon", "Louisville", "Milwaukee", "Minneapolis", "Montreal", "Oaxaca",
		"Omaha", "Pittsburgh", "Providence", "Reykjavik", "Sacramento", "Savannah", "Spokane",
		"Tallinn", "Tucson", "Valparaiso", "Winnipeg",
	}},
	// Time and place preferences have only a few natural values.
	{"time", []string{"morning", "afternoon", "evening"}},
	{"location", []string{"indoors", "outdoors"}},
}
