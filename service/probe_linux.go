//go:build linux

package service

import (
	"errors"

	"golang.org/x/sys/unix"
)

// probeUnnamed creates an unnamed file in dir (O_TMPFILE) and closes it,
// which leaves nothing behind whatever the directory allows after: an
// append-only directory (chattr +a) takes the file but would refuse its
// removal, and a named probe stayed there. ok is false when the file
// system has no unnamed files (EOPNOTSUPP: /proc among others, but also
// some that do take named ones), for probeCreate to try a named one.
func probeUnnamed(dir string) (ok bool, err error) {
	fd, err := unix.Open(dir, unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o600)
	if errors.Is(err, unix.EOPNOTSUPP) || errors.Is(err, unix.EISDIR) {
		return false, nil // EISDIR: a kernel without O_TMPFILE
	}
	if err != nil {
		return true, err
	}
	return true, unix.Close(fd)
}
