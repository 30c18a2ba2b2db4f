//go:build unix

package vectordb

import (
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only, advised for a
// sequential scan: the kernel then reads ahead in large steps and drops
// pages behind the scan first, instead of faulting in one page at a time
// (bbolt maps its file MADV_RANDOM, which made a cold scan of the vectors
// format 1 kept there run at a fraction of the disk's speed).
func mapFile(f *os.File, size int) ([]byte, func() error, error) {
	data, err := syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	_ = syscall.Madvise(data, syscall.MADV_SEQUENTIAL)
	_ = syscall.Madvise(data, syscall.MADV_WILLNEED)
	return data, func() error { return syscall.Munmap(data) }, nil
}
