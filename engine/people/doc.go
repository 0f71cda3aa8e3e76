// Package people brings people's ratings of episodes beside the
// automated scorers (docs/METRICS.md, "People beside the scorers"): it
// reads rating files (Sotopia-PI's published CSV files, and a plain
// JSONL form for other sources), joins each rating to the recording
// whose header names its episode and to the seat of the agent it rates,
// sets every seat's ratings beside the scores an imported evaluator,
// omnigap's judge and the rules gave it, and says per dimension, for
// every recording pooled and per model or mode, how far the raters agree
// with each other and each scorer with the raters. The report, the
// pages, the card and the replay all read it from here.
package people
