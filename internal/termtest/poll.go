package termtest

import (
	"os"
	"strings"
	"time"
)

// pollEvery is how often Poll looks again.
const pollEvery = 50 * time.Millisecond

// Poll calls look until it says done or limit has passed, and returns its
// last answer and whether it was done.
func Poll[T any](limit time.Duration, look func() (T, bool)) (T, bool) {
	deadline := time.Now().Add(limit)
	for {
		v, done := look()
		if done || time.Now().After(deadline) {
			return v, done
		}
		time.Sleep(pollEvery)
	}
}

// WithStatus is a shell command line that runs command, then writes its
// exit status to the file status (aside first, then renamed, so a reader
// never sees it half written).
func WithStatus(command, status string) string {
	return command + "; echo $? > " + ShellQuoted(status+".tmp") + " && mv " + ShellQuoted(status+".tmp") + " " + ShellQuoted(status)
}

// ReadStatus is the exit status WithStatus wrote to the file, or "" while
// the command runs.
func ReadStatus(path string) string {
	data, _ := os.ReadFile(path)
	return strings.TrimSpace(string(data))
}

// ShellQuoted is s quoted for sh.
func ShellQuoted(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
