#!/bin/sh
# count.sh: the figures of the shared Sotopia episodes, counted with jq and
# awk straight from the files (not with the importer's code), for
# count.tsv. Run from this folder:
#   sh count.sh ../../../../../../shared/data/sotopia-episodes > count.tsv
# Columns: file (under the data folder), line, turns (transcript entries,
# a turn where the agent did nothing included), first speaker, models
# (evaluator,agent1,agent2 or -), each agent's scores (overall then the
# seven dimensions in Sotopia's order, or -).
set -eu
data=$1
dims='[.believability,.relationship,.knowledge,.secret,.social_rules,.financial_and_material_benefits,.goal]'
printf 'file\tline\tturns\tfirst\tmodels\tscores1\tscores2\n'

# episodes_to_jsonl: one paragraph per turn ("Name said:" or "Name: ..."),
# an empty paragraph for a turn of doing nothing.
for f in sotopia-rl/example_episodes.jsonl sotopia-rl/example_episodes_with_scores.jsonl; do
jq -r --arg f "$f" "
  (.agents_background | keys_unsorted) as \$n
  | [.social_interactions | split(\"\n\n\")[]
     | select(. == \"\" or startswith(\$n[0] + \" said: \") or startswith(\$n[0] + \": \")
              or startswith(\$n[1] + \" said: \") or startswith(\$n[1] + \": \"))] as \$p
  | [\$f, input_line_number, (\$p | length),
     (\$p | map(select(. != \"\"))[0] | if startswith(\$n[0]) then \$n[0] else \$n[1] end),
     \"-\",
     (.rewards[0] | [.overall_score] + $dims | map(tostring) | join(\",\")),
     (.rewards[1] | [.overall_score] + $dims | map(tostring) | join(\",\"))] | @tsv" "$data/$f"
done

# raw EpisodeLog (a JSON string holding the record): a turn is a list of
# messages with at least one agent's message to the environment.
f=raw-episodelog/episode_example.json
jq -r --arg f "$f" "
  fromjson
  | [.messages[] | select(any(.[]; .[1] == \"Environment\" and .[0] != \"Environment\"))] as \$t
  | [\$f, 1, (\$t | length),
     ([.messages[][] | select(.[1] == \"Environment\" and .[0] != \"Environment\" and .[2] != \"did nothing\")][0][0]),
     (.models | join(\",\")),
     (.rewards[0] | [.[0]] + (.[1] | $dims) | map(tostring) | join(\",\")),
     (.rewards[1] | [.[0]] + (.[1] | $dims) | map(tostring) | join(\",\"))] | @tsv" "$data/$f"

# rewards_prompt only: a turn is a "Turn #n" mark, counted in the layout
# of the first mark ("Turn #n" alone on its line, or "Turn #n: ...") and
# only when numbered one more than the mark before (speech that quotes a
# transcript does not count).
for f in $(cd "$data" && ls sotopia-pi-human-eval/*/*.json | sort); do
	models=$(jq -r '.models | join(",")' "$data/$f")
	jq -r .rewards_prompt "$data/$f" | awk -v f="$f" -v models="$models" '
		function speaker(s) {
			if (first == "" && index(s, who[1] " ") == 1) first = who[1]
			if (first == "" && index(s, who[2] " ") == 1) first = who[2]
		}
		/^Participants: / { sub(/^Participants: /, ""); split($0, who, " and ") }
		/^Turn #[0-9]+/ {
			n = $0; sub(/^Turn #/, "", n); colon = (n ~ /^[0-9]+:/); sub(/[^0-9].*$/, "", n)
			if (!seen) { seen = 1; layout = colon; last = n - 1 }
			if (colon == layout && n == last + 1) {
				turns++; last = n
				rest = $0; sub(/^Turn #[0-9]+:? ?/, "", rest)
				speaker(rest)
				next
			}
		}
		seen { speaker($0) }
		END { printf "%s\t1\t%d\t%s\t%s\t-\t-\n", f, turns, first, models }'
done
