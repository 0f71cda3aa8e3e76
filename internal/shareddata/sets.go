package shareddata

// Set is one public data set that tests read, from one repository at one
// commit.
type Set struct {
	Name    string
	What    string // what it holds, for a reader choosing what to fetch
	Repo    string // on GitHub, owner/name
	Commit  string
	License string
	Files   []File
}

// File is one file of a set, or one folder taken whole (its paths end
// in "/").
type File struct {
	From string // its path in the repository at the set's commit
	At   string // where it goes, relative to the data folder, slash-separated
}

// URL is the address of the set's repository at its commit.
func (s Set) URL() string { return "https://github.com/" + s.Repo + "/tree/" + s.Commit }

// Sets are every public data set a test may read, each file copied as
// it is. The skip messages and the lists in README.md and docs/TESTING.md
// come from here.
var Sets = []Set{
	{
		Name: "Sotopia's profiles",
		What: "Sotopia's 90 scenarios, 40 characters (with their secrets), 120 pairs of them and 450 " +
			"scenario-and-pair combinations, as Sotopia exports them",
		Repo: "sotopia-lab/sotopia-space", Commit: "12c13d807a62ce523ff87afefacb307b277b1604", License: "Apache-2.0",
		Files: []File{
			{"profiles/environment_profiles.jsonl", "sotopia/environment_profiles.jsonl"},
			{"profiles/agent_profiles.jsonl", "sotopia/agent_profiles.jsonl"},
			{"profiles/relationship_profiles.jsonl", "sotopia/relationship_profiles.jsonl"},
			{"profiles/env_agent_combo_storages.jsonl", "sotopia/env_agent_combo_storages.jsonl"},
		},
	},
	{
		Name: "Deal-or-No-Deal dialogues",
		What: "422 dialogues between people (Deal-or-No-Deal's validation split) in cocoa's transcript " +
			"format, with each side's private values of the items",
		Repo: "stanfordnlp/cocoa", Commit: "52fb2d47a28537c7892f146a8972a75bcde4812c", License: "MIT",
		Files: []File{{"dealornodeal/data/val.json", "cocoa/dealornodeal-val.json"}},
	},
	{
		Name: "CraigslistBargain scenarios",
		What: "20 CraigslistBargain scenarios in cocoa's format: a listing with the buyer's and the seller's targets",
		Repo: "stanfordnlp/cocoa", Commit: "eef0a618bfc233ad9ff7a09c3ed3a42dbdd61f4d", License: "MIT",
		Files: []File{{"negotiation/data/sample-scenarios.json", "cocoa/craigslist-sample-scenarios.json"}},
	},
	{
		Name: "Craigslist listings",
		What: "bicycles and phones listed on Craigslist, scraped for CraigslistBargain",
		Repo: "stanfordnlp/cocoa", Commit: "52fb2d47a28537c7892f146a8972a75bcde4812c", License: "MIT",
		Files: []File{
			{"craigslistbargain/scraper/data/negotiation/craigslist_bike.json", "cocoa/craigslist-listings-bike.json"},
			{"craigslistbargain/scraper/data/negotiation/craigslist_phone.json", "cocoa/craigslist-listings-phone.json"},
		},
	},
	{
		Name: "MutualFriends schema",
		What: "the seven attributes of a MutualFriends friend and the values each may take",
		Repo: "stanfordnlp/cocoa", Commit: "52fb2d47a28537c7892f146a8972a75bcde4812c", License: "MIT",
		Files: []File{{"mutualfriends/data/schema.json", "cocoa/mutualfriends-schema.json"}},
	},
	{
		Name: "Sotopia-RL's example episodes",
		What: "30 Sotopia episodes played by models as Sotopia's episodes_to_jsonl writes them (backgrounds, " +
			"goals, dialogue, the evaluator's reasoning and rewards), and the same with scores",
		Repo: "sotopia-lab/sotopia-rl", Commit: "378b9e981699e1a9a424c7efd38c9f81e7b42ed5", License: "Apache-2.0",
		Files: []File{
			{"example_episodes.jsonl", "sotopia-episodes/sotopia-rl/example_episodes.jsonl"},
			{"example_episodes_with_scores.jsonl", "sotopia-episodes/sotopia-rl/example_episodes_with_scores.jsonl"},
		},
	},
	{
		Name: "Sotopia-PI's human evaluation",
		What: "126 episodes people rated in Sotopia-PI's study (GPT-3.5 against GPT-3.5, Mistral-7B-Instruct " +
			"and three Sotopia-PI Mistrals), each with the evaluator's prompt holding the scenario, backgrounds, " +
			"goals and dialogue; the study's GPT3.5-GPT4 folder stays out (kept for acceptance checks)",
		Repo: "sotopia-lab/sotopia-pi", Commit: "016b571c806dcbf963cc3430f4d13d89be6c58f8", License: "Apache-2.0",
		Files: []File{
			{"human_eval/otree_project/sotopia_official_study/GPT3.5-GPT3.5/", "sotopia-episodes/sotopia-pi-human-eval/GPT3.5-GPT3.5/"},
			{"human_eval/otree_project/sotopia_official_study/GPT3.5-MistralInstruct/", "sotopia-episodes/sotopia-pi-human-eval/GPT3.5-MistralInstruct/"},
			{"human_eval/otree_project/sotopia_official_study/GPT3.5-BC/", "sotopia-episodes/sotopia-pi-human-eval/GPT3.5-BC/"},
			{"human_eval/otree_project/sotopia_official_study/GPT3.5-SR/", "sotopia-episodes/sotopia-pi-human-eval/GPT3.5-SR/"},
			{"human_eval/otree_project/sotopia_official_study/GPT3.5-BC-SR/", "sotopia-episodes/sotopia-pi-human-eval/GPT3.5-BC-SR/"},
		},
	},
	{
		Name: "Sotopia-PI's human ratings",
		What: "people's ratings of those 126 episodes, two raters each, both agents on Sotopia's seven dimensions " +
			"with a written reason per score, as published (the raters' Prolific ids replaced by rater-NN); the " +
			"study's GPT-4 file stays out (kept for acceptance checks)",
		Repo: "sotopia-lab/sotopia-pi", Commit: "c8163ac7571bc42dbb12af04744868e43be8784b", License: "Apache-2.0",
		Files: []File{
			{"human_eval/gpt3.5_final.csv", "sotopia-episodes/sotopia-pi-human-eval/ratings/gpt3.5_final.csv"},
			{"human_eval/mistral-instruct_final.csv", "sotopia-episodes/sotopia-pi-human-eval/ratings/mistral-instruct_final.csv"},
			{"human_eval/BC_final.csv", "sotopia-episodes/sotopia-pi-human-eval/ratings/BC_final.csv"},
			{"human_eval/SR_final.csv", "sotopia-episodes/sotopia-pi-human-eval/ratings/SR_final.csv"},
			{"human_eval/BC+SR_final.csv", "sotopia-episodes/sotopia-pi-human-eval/ratings/BC+SR_final.csv"},
		},
	},
	{
		Name: "A raw Sotopia EpisodeLog",
		What: "one Sotopia EpisodeLog record with every field, stored as a JSON string (a Diplomacy game " +
			"played by GPT-3.5)",
		Repo: "andyjliu/sotopia-diplomacy", Commit: "322d7c3cf8651edd71309e6e361a87201ba0493a", License: "MIT",
		Files: []File{{"notebooks/episode_example.json", "sotopia-episodes/raw-episodelog/episode_example.json"}},
	},
}
