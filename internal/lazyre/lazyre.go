// Package lazyre is a regular expression compiled on its first use
// rather than at package initialisation, for a package-level pattern
// that a start of the app does not need (docs/PERFORMANCE.md: a start
// pays only for what it draws). A bad pattern still panics, at its first
// use; each pattern's package tests use it.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a pattern compiled once, when first matched.
type Regexp struct {
	compiled func() *regexp.Regexp
}

// New returns the pattern expr, compiled when first used.
func New(expr string) *Regexp {
	return &Regexp{compiled: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
}

func (r *Regexp) MatchString(s string) bool            { return r.compiled().MatchString(s) }
func (r *Regexp) FindStringSubmatch(s string) []string { return r.compiled().FindStringSubmatch(s) }
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.compiled().FindAllStringSubmatch(s, n)
}
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.compiled().ReplaceAllString(src, repl)
}
func (r *Regexp) FindStringIndex(s string) []int { return r.compiled().FindStringIndex(s) }
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.compiled().FindAllStringIndex(s, n)
}
