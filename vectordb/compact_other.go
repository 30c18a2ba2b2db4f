//go:build !linux

package vectordb

import (
	"io/fs"
	"os"
)

func punch(*os.File, int64, int64) error { return ErrCompactUnsupported }

// fileBlocks returns a block size and the file's length: without
// punch there is nothing to measure against.
func fileBlocks(f *os.File) (block, used int64, err error) {
	fi, err := f.Stat()
	if err != nil {
		return 0, 0, err
	}
	return 4096, fi.Size(), nil
}

// diskBytes is the disk a file takes, taken to be its length.
func diskBytes(fi fs.FileInfo) int64 { return fi.Size() }
