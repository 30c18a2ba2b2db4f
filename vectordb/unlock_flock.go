//go:build !windows && !plan9 && !solaris && !aix && !android

package vectordb

import (
	"os"
	"syscall"
)

// unlockFile releases the flock bbolt takes on these systems (the build
// constraint is bbolt's own for flock).
func unlockFile(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
