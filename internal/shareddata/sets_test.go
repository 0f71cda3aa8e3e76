package shareddata

import (
	"fmt"
	"os"
	"path"
	"regexp"
	"strings"
	"testing"
)

var (
	repoName = regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$`)
	commit   = regexp.MustCompile(`^[0-9a-f]{40}$`)
)

func TestSetsSaySourceLicenseAndPlace(t *testing.T) {
	seen := map[string]string{}
	for _, s := range Sets {
		if s.Name == "" || s.What == "" || s.License == "" || len(s.Files) == 0 ||
			!repoName.MatchString(s.Repo) || !commit.MatchString(s.Commit) {
			t.Errorf("%+v: a name, what it is, a license, files, owner/name and a full commit", s)
		}
		for _, f := range s.Files {
			at := strings.TrimSuffix(f.At, "/")
			if f.From == "" || at == "" || path.Clean(at) != at || path.IsAbs(at) || strings.HasPrefix(at, "..") ||
				strings.HasSuffix(f.From, "/") != strings.HasSuffix(f.At, "/") {
				t.Errorf("%s: %+v is not a clean relative path (a folder ends in / on both sides)", s.Name, f)
			}
			if at == Reserved || strings.HasPrefix(Reserved, at+"/") {
				t.Errorf("%s: %s holds the reserved %s", s.Name, f.At, Reserved)
			}
			for other, name := range seen {
				if at == other || strings.HasPrefix(at, other+"/") || strings.HasPrefix(other, at+"/") {
					t.Errorf("%s's %s and %s's %s overlap", s.Name, at, name, other)
				}
			}
			seen[at] = s.Name
		}
	}
}

// listing is the list of Sets that README.md and docs/TESTING.md hold.
func listing() string {
	var b strings.Builder
	for _, s := range Sets {
		item := fmt.Sprintf("**%s** (%s): %s. From [%s](%s) at `%s`: %s.",
			s.Name, s.License, s.What, s.Repo, s.URL(), s.Commit[:7], whereFilesGo(s.Files))
		b.WriteString(wrapped("- ", item, 76))
	}
	return b.String()
}

// whereFilesGo says where each file goes: files that keep their names
// from one folder into another together, a renamed one by itself.
func whereFilesGo(files []File) string {
	var parts []string
	for i := 0; i < len(files); {
		from, at := folderOf(files[i].From), folderOf(files[i].At)
		var names []string
		for ; i < len(files) && folderOf(files[i].From) == from && folderOf(files[i].At) == at &&
			nameOf(files[i].From) == nameOf(files[i].At); i++ {
			names = append(names, "`"+nameOf(files[i].From)+"`")
		}
		switch {
		case len(names) == 0:
			parts = append(parts, fmt.Sprintf("`%s` as `%s`", files[i].From, files[i].At))
			i++
		case from == "":
			parts = append(parts, fmt.Sprintf("%s into `%s`", and(names), at))
		default:
			parts = append(parts, fmt.Sprintf("%s of `%s` into `%s`", and(names), from, at))
		}
	}
	return strings.Join(parts, ", ")
}

// folderOf and nameOf split a path of File at its last folder, a folder's
// own path ending in /.
func folderOf(p string) string {
	i := strings.LastIndex(strings.TrimSuffix(p, "/"), "/")
	return p[:i+1]
}

func nameOf(p string) string { return strings.TrimPrefix(p, folderOf(p)) }

func and(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// wrapped is a list item of text, its lines at most width long where its
// words allow, the later ones indented under the first's text.
func wrapped(bullet, text string, width int) string {
	var b strings.Builder
	line := bullet
	for i, word := range strings.Fields(text) {
		if i > 0 && len(line)+1+len(word) > width {
			b.WriteString(line + "\n")
			line = strings.Repeat(" ", len(bullet)) + word
			continue
		}
		if i > 0 {
			line += " "
		}
		line += word
	}
	return b.String() + line + "\n"
}

// The docs list every data set as the table says, so that a new user
// reads what the skip messages say.
func TestDocsListEveryDataSet(t *testing.T) {
	want := listing()
	for _, doc := range []string{"../../README.md", "../../docs/TESTING.md"} {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), want) {
			t.Errorf("%s does not hold the data sets of shareddata.Sets as a list; it should hold:\n%s", doc, want)
		}
	}
}
