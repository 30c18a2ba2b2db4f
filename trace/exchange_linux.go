package trace

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// exchange swaps the files at a and b in one step (renameat2 with
// RENAME_EXCHANGE, Linux 3.15 and later): both names stay taken
// throughout, so nothing at either can be lost in between. Both must
// exist (fs.ErrNotExist otherwise). A file system that cannot exchange
// answers errors.ErrUnsupported.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOTSUP):
		return fmt.Errorf("exchange %s and %s: %w (%w)", a, b, errors.ErrUnsupported, err)
	}
	return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
}
