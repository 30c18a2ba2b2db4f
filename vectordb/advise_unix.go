//go:build unix && !linux

package vectordb

// adviseLargeFolios is Linux's alone (advise_linux.go).
func adviseLargeFolios([]byte) {}
