package page

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/safefile"
)

// MaxPages is how many episode pages report --html writes unless told
// otherwise (--pages): one per group of twins, every group's up to it,
// past it the groups with the biggest gaps.
const MaxPages = 2000

// WriteStudyFiles writes report --html's files: an episode page per
// group of twins the listing holds (in the gap's order), at most limit
// of them, the first ones, in the folder beside path named after it
// (study-episodes/ for study.html); then the study page at path, whose
// index lists every group and links to its page. Files are written as p
// allows (never over an input, an existing one only with Replace). A
// group that can have no page (unreadable, a transcript's dialogues, a
// recording unreadable past its header) is listed with why. It returns
// the folder and how many pages it wrote; it stops between two pages
// when ctx is done. Pages carry the people's ratings when rated (nil for
// none) holds them.
func WriteStudyFiles(ctx context.Context, path string, r report.Report, l Listing, limit int, p safefile.Policy, rated *people.Study) (string, int, error) {
	folder := strings.TrimSuffix(path, filepath.Ext(path)) + "-episodes"
	var picked []int
	pages := map[int]groupPage{}
	capped := false
	for i, g := range l.Groups {
		switch {
		case g.Problem != "":
			pages[i] = groupPage{Why: "no page: " + clean(g.Problem)}
		case g.NoPage != "":
			pages[i] = groupPage{Why: "no page: " + clean(g.NoPage)}
		case len(picked) < limit:
			picked = append(picked, i)
		default:
			capped = true
		}
	}
	written, err := writePages(ctx, folder, l.Groups, picked, pages, p, rated)
	if err != nil {
		return folder, written, err
	}
	index := indexOf(l, pages, capped, limit)
	err = safefile.WriteFile(path, p, func(w io.Writer) error {
		return buffered(w, func(w io.Writer) error { return WriteStudy(w, r, index, rated) })
	})
	return folder, written, err
}

// writePages writes the groups' pages in the folder, on every core, and
// notes each in pages: its link and its turns, or why it has none. A
// file that may not be written stops it.
func writePages(ctx context.Context, folder string, all []Group, picked []int, pages map[int]groupPage, p safefile.Policy, rated *people.Study) (int, error) {
	if len(picked) == 0 {
		return 0, nil
	}
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return 0, err
	}
	dir, err := safefile.OpenDir(folder, p)
	if err != nil {
		return 0, err
	}
	defer dir.Close()
	ids := make([]string, len(picked))
	for i, g := range picked {
		ids[i] = all[g].ID
	}
	names := FileNames(ids)
	made := make([]groupPage, len(picked))
	errs := make([]error, len(picked))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), len(picked)) {
		wg.Go(func() {
			for i := range next {
				made[i], errs[i] = writeGroupPage(ctx, dir, names[i], all[picked[i]].Paths, rated)
			}
		})
	}
feed:
	for i := range picked {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	written := 0
	for i, g := range picked {
		if errs[i] != nil {
			return written, errs[i]
		}
		if made[i].Href != "" {
			made[i].Href = filepath.Base(folder) + "/" + made[i].Href
			written++
		}
		pages[g] = made[i]
	}
	return written, ctx.Err()
}

// writeGroupPage writes one group's page, named name, and returns its link
// (relative to the folder) and turns; a recording that cannot be read
// whole is why it has none, a file that cannot be written an error.
func writeGroupPage(ctx context.Context, dir *safefile.Dir, name string, paths []string, rated *people.Study) (groupPage, error) {
	if ctx.Err() != nil {
		return groupPage{}, nil
	}
	recs := make([]*record.Recording, 0, len(paths))
	for _, path := range paths {
		rec, err := record.ReadTurns(ctx, path)
		if err != nil {
			return groupPage{Why: "no page: " + clean(err.Error())}, nil
		}
		recs = append(recs, rec)
	}
	ep, err := episodeOf(recs, rated)
	if err != nil {
		return groupPage{Why: "no page: " + err.Error()}, nil
	}
	if err := dir.Write(name, func(w io.Writer) error {
		return buffered(w, func(w io.Writer) error { return templates().ExecuteTemplate(w, "episode", ep) })
	}); err != nil {
		if errors.Is(err, context.Canceled) {
			return groupPage{}, nil
		}
		return groupPage{}, err
	}
	return groupPage{Href: name, Turns: ep.turnLines()}, nil
}

// buffered runs write through a buffer to w: a template writes in many
// small pieces, each a system call on a file.
func buffered(w io.Writer, write func(io.Writer) error) error {
	b := bufio.NewWriterSize(w, 64<<10)
	if err := write(b); err != nil {
		return err
	}
	return b.Flush()
}

// FileNames names each group's page: its id with every character but
// letters, digits, '.', '_' and '-' as '-', and a number after a name
// already taken.
func FileNames(ids []string) []string {
	taken := map[string]bool{}
	names := make([]string, len(ids))
	for i, id := range ids {
		base := strings.Map(func(r rune) rune {
			if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
				return r
			}
			return '-'
		}, id)
		base = strings.TrimLeft(base, ".")
		if base == "" {
			base = "episode"
		}
		name := base + ".html"
		for n := 2; taken[strings.ToLower(name)]; n++ {
			name = fmt.Sprintf("%s-%d.html", base, n)
		}
		taken[strings.ToLower(name)] = true
		names[i] = name
	}
	return names
}
