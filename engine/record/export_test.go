package record

// The encoder's functions, for the tests of the families' arguments and
// terms on its fast path (package record_test, which may import the
// families).
var (
	AppendEvent  = appendEvent
	AppendFooter = appendFooter
)

// FooterKind is the kind of a footer line.
const FooterKind = footerKind

// RawControl is rawControl, for the encoder's tests.
var RawControl = rawControl

// rawControl returns where the first raw control character other than a
// newline is in a recording's line, or -1: every other one must be
// escaped.
func rawControl(line []byte) int {
	for i, r := range string(line) {
		if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c {
			return i
		}
	}
	return -1
}
