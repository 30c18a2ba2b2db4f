//go:build unix

package arxiv

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes f's exclusive flock without waiting; false means another
// open file holds it.
func tryLock(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		return false, nil
	case errors.Is(err, syscall.EINTR):
		return false, nil
	}
	return false, err
}

func unlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
