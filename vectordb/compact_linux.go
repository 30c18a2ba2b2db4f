package vectordb

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// punch frees the blocks of f in [off, off+n), keeping its length.
func punch(f *os.File, off, n int64) error {
	err := unix.Fallocate(int(f.Fd()), unix.FALLOC_FL_PUNCH_HOLE|unix.FALLOC_FL_KEEP_SIZE, off, n)
	if errors.Is(err, unix.EOPNOTSUPP) || errors.Is(err, unix.ENOSYS) {
		return ErrCompactUnsupported
	}
	return err
}

// fileBlocks returns the block size to punch in (the file's preferred I/O
// size, at least 4 KiB, so that a punched range never shares a block with a
// live slot) and the bytes of disk f takes.
func fileBlocks(f *os.File) (block, used int64, err error) {
	var st unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &st); err != nil {
		return 0, 0, err
	}
	return max(int64(st.Blksize), 4096), st.Blocks * 512, nil
}

// diskBytes is the disk a file takes: its allocated blocks.
func diskBytes(fi fs.FileInfo) int64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Blocks * 512
	}
	return fi.Size()
}
