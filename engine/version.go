// Package engine holds what every part of omnigap that is not drawing
// shares; its subpackages do the work.
package engine

// Version is the application version written into recordings and printed
// by --version.
const Version = "0.1.0"
