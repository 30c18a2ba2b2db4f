// Package version holds the build version, set by the Makefile with -ldflags.
package version

// Version is "dev" unless the build sets it.
var Version = "dev"
