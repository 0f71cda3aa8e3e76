package batch

// Every family registered, as in the binary: its scenarios load and the
// report has its rows (report.Measures).
import _ "github.com/omnigap/omnigap/engine/family/all"
