package replycache

import "os"

// createNew creates an empty file at path, failing if anything is there:
// exclusive creation never follows a link, dangling or not, and never
// truncates a file another process just made. It is the package's only
// file creation.
func createNew(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}
