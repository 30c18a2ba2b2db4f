//go:build unix

package vectordb

import (
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only. A map for a scan is
// advised sequential: the kernel then reads ahead in large steps, instead
// of faulting in one page at a time (bbolt maps its file MADV_RANDOM, which
// made a cold scan of the vectors format 1 kept there run at a fraction of
// the disk's speed). A map read at a few random slots (the float32 vectors
// behind a float16 copy) is advised random: with the sequential advice a
// handful of reads mapped the whole cached file into the process.
func mapFile(f *os.File, size int, sequential bool) ([]byte, func() error, error) {
	data, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	if sequential {
		_ = syscall.Madvise(data, syscall.MADV_SEQUENTIAL)
		_ = syscall.Madvise(data, syscall.MADV_WILLNEED)
	} else {
		_ = syscall.Madvise(data, syscall.MADV_RANDOM)
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
