// Package atomicfile writes a file whole or not at all.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes data to a temporary file in path's directory (made if
// needed), syncs it, renames it over path and syncs the directory, so that
// a reader, a crash or a power cut sees the old file or the new one, never
// part of it. On error, the temporary file is removed.
func Write(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
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
	if d, derr := os.Open(dir); derr == nil {
		// Not every file system can sync a directory; the rename is done
		// either way, so a failure here is not worth failing the caller.
		_ = d.Sync()
		d.Close()
	}
	return nil
}
