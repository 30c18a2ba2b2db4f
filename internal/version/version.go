// Package version holds the build version, set by the Makefile with -ldflags.
package version

// Version is what the Makefile sets with -ldflags, else what the go command
// stamped into the binary (see buildinfo.go), else "dev".
var Version = "dev"
