// Package termtest is what the tests that run omnigap as a process or in
// a terminal share: a tmux server of the test's own (tmux.go), the
// omnigap binary built once per test process (binary.go), waiting for
// what the process shows or writes (poll.go), and the small helpers
// those tests need (files.go, net.go). docs/TESTING.md says how to run
// and watch such a test.
//
// A test that needs tmux (or ssh) asks for it through internal/tools:
// without it the test is skipped outside CI and fails under CI=true.
package termtest
