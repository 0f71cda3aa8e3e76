package study

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// Source is one file `report` reads, with the study it belongs to.
type Source struct {
	Path string
	// Study is the study of the folder the file is in (nil for a folder
	// without study.json, a recording or transcript named alone).
	Study *Found
	// Label is the file's value of the study dimension (--by study): its
	// study's, or the argument it came from.
	Label string
}

// Found is one study found among report's arguments: the folders (its
// shards, or the one folder of a whole study) that hold it.
type Found struct {
	id    string // the plan, shards apart, as canonical JSON
	plan  Plan
	label string
	dirs  []string
	// shards are the shards found by index, each with its folder; nil
	// for a whole study.
	shards map[int]string
	count  int
}

// Gather lists the files named by args (folders or files), the
// recordings of every folder in file-name order across the folders, so
// that the shards of a study are read in the order one folder of the
// whole study would be. A folder without recordings of its own stands
// for the shard folders inside it. The shards of a study must be one
// split of it, each given once; missing shards are named on stderr.
//
// With apart set (--by study), folders of the same plan are different
// studies unless they are the shards of one folder: replicates of a study
// can then be set side by side.
func Gather(args []string, apart bool, stderr io.Writer) ([]Source, error) {
	var out []Source
	studies := map[string]*Found{}
	var order []*Found
	for _, arg := range args {
		st, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, Source{Path: arg, Label: arg})
			continue
		}
		dirs, err := studyFolders(arg)
		if err != nil {
			return nil, err
		}
		for _, dir := range dirs {
			s, err := studyOf(dir, apart, studies)
			if err != nil {
				return nil, err
			}
			if s != nil && !slices.Contains(order, s) {
				order = append(order, s)
			}
			label := arg
			if s != nil {
				label = s.label
			}
			files, err := record.Files(dir)
			if err != nil {
				return nil, err
			}
			for _, f := range files {
				out = append(out, Source{Path: f, Study: s, Label: label})
			}
		}
	}
	for _, s := range order {
		if missing := s.missing(); missing != "" {
			fmt.Fprintf(stderr, "%s: %s; the figures cover the shards given\n", textsafe.Clean(s.label), missing)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return filepath.Base(out[i].Path) < filepath.Base(out[j].Path) })
	return out, nil
}

// studyFolders are the folders to read for a folder argument: itself,
// and the shard folders in it (each with its study.json).
func studyFolders(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := []string{dir}
	for _, e := range entries {
		if _, ok := batch.ShardFolder(e.Name()); ok && e.IsDir() {
			if _, err := os.Lstat(filepath.Join(dir, e.Name(), File)); err == nil {
				out = append(out, filepath.Join(dir, e.Name()))
			}
		}
	}
	return out, nil
}

// studyOf reads a folder's study.json into the study it belongs to (nil
// when it has none), and refuses a folder that repeats episodes another
// folder of the same study holds. A shard's study is named by the folder
// its shard folder is in, a whole study's by its own.
func studyOf(dir string, apart bool, studies map[string]*Found) (*Found, error) {
	path := filepath.Join(dir, File)
	plan, err := Read(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	whole := plan
	whole.Shard = ""
	if whole.Plays == nil {
		whole.Plays = map[string]string{}
	}
	data, _ := json.Marshal(whole)
	id := string(data)
	label := dir
	if _, ok := batch.ShardFolder(filepath.Base(dir)); ok && plan.Shard != "" {
		label = filepath.Dir(dir)
	}
	if apart {
		id += "\x00" + filepath.Clean(label)
	}
	s := studies[id]
	if s == nil {
		s = &Found{id: id, plan: plan, label: label}
		studies[id] = s
	}
	for _, d := range s.dirs {
		if filepath.Clean(d) == filepath.Clean(dir) {
			return nil, fmt.Errorf("%s is given twice", dir)
		}
	}
	if plan.Shard == "" {
		if len(s.dirs) > 0 {
			return nil, fmt.Errorf("%s and %s hold the same study (%s): give one of them", s.dirs[0], dir, plan.Text())
		}
		s.dirs = append(s.dirs, dir)
		return s, nil
	}
	shard, err := batch.ParseShard(plan.Shard)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	switch {
	case len(s.dirs) > 0 && s.shards == nil:
		return nil, fmt.Errorf("%s is a shard of the study %s holds whole: give one or the other", dir, s.dirs[0])
	case s.count != 0 && s.count != shard.Count:
		return nil, fmt.Errorf("%s is shard %s, but %s is one of %d: they split the study differently", dir, shard, s.dirs[0], s.count)
	case s.shards[shard.Index] != "":
		return nil, fmt.Errorf("%s and %s are both shard %s of one study", s.shards[shard.Index], dir, shard)
	}
	if s.shards == nil {
		s.shards, s.count = map[int]string{}, shard.Count
	}
	s.shards[shard.Index] = dir
	s.dirs = append(s.dirs, dir)
	return s, nil
}

// missing names the shards of a study that were not given ("" when none).
func (s *Found) missing() string {
	if s.shards == nil || len(s.shards) == s.count {
		return ""
	}
	var gone []string
	for i := range s.count {
		if s.shards[i] == "" {
			gone = append(gone, fmt.Sprint(i+1))
		}
	}
	return fmt.Sprintf("%d of %d shards (shard %s missing)", len(s.shards), s.count, strings.Join(gone, ", "))
}

// Guard refuses, in a report grouped by family and mode only, the
// episodes of a study in a family another study already has episodes
// of: their figures would be mixed in the same cells.
type Guard map[scenario.Family]*Found

// Check takes the episodes of family f from study s (nil for none).
func (g Guard) Check(f scenario.Family, s *Found) error {
	if s == nil {
		return nil
	}
	first, ok := g[f]
	if !ok {
		g[f] = s
		return nil
	}
	if first == s {
		return nil
	}
	return fmt.Errorf("%s and %s are different studies of %s (%s): set them side by side with --by study or --by model, or report them one at a time",
		first.label, s.label, f, first.plan.Differences(s.plan))
}
