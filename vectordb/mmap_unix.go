//go:build unix

package vectordb

import (
	"os"

	"golang.org/x/sys/unix"
)

// mapFile maps the first size bytes of f read-only. A map for a scan is
// advised sequential: the kernel then reads ahead in large steps, instead
// of faulting in one page at a time (bbolt maps its file MADV_RANDOM, which
// made a cold scan of the vectors format 1 kept there run at a fraction of
// the disk's speed). A map read at a few random slots (the float32 vectors
// behind a float16 copy) is advised random: with the sequential advice a
// handful of reads mapped the whole cached file into the process.
//
// On Linux a scan map is also advised MADV_HUGEPAGE (adviseLargeFolios).
func mapFile(f *os.File, size int, sequential bool) ([]byte, func() error, error) {
	data, err := unix.Mmap(int(f.Fd()), 0, size, unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	if sequential {
		adviseLargeFolios(data)
		_ = unix.Madvise(data, unix.MADV_SEQUENTIAL)
		_ = unix.Madvise(data, unix.MADV_WILLNEED)
	} else {
		_ = unix.Madvise(data, unix.MADV_RANDOM)
	}
	return data, func() error { return unix.Munmap(data) }, nil
}
