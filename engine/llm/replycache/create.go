package replycache

import "github.com/omnigap/omnigap/engine/safefile"

// createNew creates an empty file at path, failing if anything is there:
// safefile.CreateNew never follows a link, dangling or not, and never
// truncates a file another process just made. It is the package's only
// file creation.
func createNew(path string) error {
	f, err := safefile.CreateNew(path)
	if err != nil {
		return err
	}
	return f.Close()
}
