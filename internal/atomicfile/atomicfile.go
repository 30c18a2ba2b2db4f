// Package atomicfile writes a file whole or not at all.
package atomicfile

import (
	"io"
	"os"
	"path/filepath"
)

// Write writes data to a temporary file in path's directory (made if
// needed), syncs it, renames it over path and syncs the directory, so that
// a reader, a crash or a power cut sees the old file or the new one, never
// part of it. The file has mode 0600. On error, the temporary file is
// removed.
func Write(path string, data []byte) error {
	return WriteFunc(path, 0o600, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc is Write with the content written by write and the file's mode
// given: perm exactly, whatever the umask (the temporary file is made 0600,
// then set to perm before anything is written into it). write gets the
// temporary file, unbuffered, and must not close it. When write or any
// step after it fails, or write panics, path is left as it was and the
// temporary file is removed.
func WriteFunc(path string, perm os.FileMode, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	renamed := false
	defer func() {
		// Also when write panics: err is not set then, renamed is not.
		if !renamed {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = f.Chmod(perm.Perm()); err != nil {
		return err
	}
	if err = write(f); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	renamed = true
	if d, derr := os.Open(dir); derr == nil {
		// Not every file system can sync a directory; the rename is done
		// either way, so a failure here is not worth failing the caller.
		_ = d.Sync()
		d.Close()
	}
	return nil
}
