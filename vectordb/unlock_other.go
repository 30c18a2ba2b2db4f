//go:build windows || plan9 || solaris || aix || android

package vectordb

import "os"

// unlockFile has nothing to do here: bbolt locks with fcntl or LockFileEx,
// whose locks end when the file is closed.
func unlockFile(*os.File) {}
