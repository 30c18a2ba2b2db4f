package service

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// CheckWritable reports, leaving nothing created or changed, whether a
// run could write path: a file or directory that exists must be writable,
// and one that does not exist yet must be creatable, its nearest existing
// parent directory writable. what names path in the error ("store",
// "ingest progress directory"). `gtrag ingest` calls it before its first
// arXiv request, so that a store it could not write ends the command before
// anything is fetched for it; OpenStore calls it to say why a store could
// not be opened. The error is a *NotWritableError; a path that cannot be
// checked (a parent that is a file, say) is left to the write itself to
// report.
func CheckWritable(what, path string) error {
	check := path
	for {
		_, err := os.Stat(check)
		if err == nil {
			break
		}
		parent := filepath.Dir(check)
		if !errors.Is(err, fs.ErrNotExist) || parent == check {
			return nil
		}
		check = parent
	}
	if err := canWrite(check); err != nil && (errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)) {
		return &NotWritableError{What: what, Path: path, Where: check, Err: err}
	}
	if fi, err := os.Stat(check); err == nil && fi.IsDir() {
		if err := probeCreate(check); err != nil {
			return &NotWritableError{What: what, Path: path, Where: check, Err: err}
		}
	}
	return nil
}

// NotWritableError is a place a run would write that cannot be written.
type NotWritableError struct {
	What string
	Path string
	// Where is Path, or the nearest existing parent of a Path to create.
	Where string
	Err   error // the system's: fs.ErrPermission or syscall.EROFS
}

func (e *NotWritableError) Error() string {
	what := e.What + " " + e.Path
	if e.Where != e.Path {
		what = fmt.Sprintf("%s cannot be created: %s", what, e.Where)
	}
	if errors.Is(e.Err, syscall.EROFS) {
		return what + " is on a read-only file system; remount it read-write"
	}
	if !errors.Is(e.Err, fs.ErrPermission) {
		// Not a matter of permissions: a file system that takes no new
		// files (/proc), say.
		return fmt.Sprintf("%s does not take new files (%v); choose another place", what, e.Err)
	}
	return fmt.Sprintf("%s is not writable (%v); fix its permissions", what, e.Err)
}

func (e *NotWritableError) Unwrap() error { return e.Err }

// probeCreate makes sure a file can be created in dir: whether one can is
// not what access(2) says everywhere. Root may write every directory by
// its permissions, yet /proc and /sys take no new files ("no such file or
// directory"); `gtrag ingest --data-dir /proc` asked arXiv before its
// store failed to open. It makes an unnamed file where the system can
// (probeUnnamed), else a named one that it removes; a named one that
// cannot be removed (an append-only directory) shows the directory takes
// files, and is not an error, though it stays.
func probeCreate(dir string) error {
	if ok, err := probeUnnamed(dir); ok {
		return pathErr(err)
	}
	f, err := os.CreateTemp(dir, ".gtrag-probe-*")
	if err != nil {
		return pathErr(err)
	}
	name := f.Name()
	f.Close()
	_ = os.Remove(name)
	return nil
}

// pathErr is the system's error of a *fs.PathError, which the
// NotWritableError names the path of already.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
