package trace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// File is a trace being written. It writes to a temporary file beside the
// target and renames it into place on Close, so that a reader never sees a
// half-written trace under the real name: a crash leaves
// ".NAME.partial-*" behind instead. (Appending with an fsync per event would
// keep more of a crashed run, but every step would wait for the disk and a
// truncated file would look like a trace; a run's trace is small and the
// answer is printed anyway.)
type File struct {
	f    *os.File
	path string
}

// Create starts writing the trace that Close will put at path.
func Create(path string) (*File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("create trace %s: it is a directory", path)
	}
	f, err := os.CreateTemp(dir, "."+base+".partial-*")
	if err != nil {
		// The error names the temporary file, which the user never asked
		// for: say what went wrong with the directory instead.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("create trace %s: directory %s: %w", path, filepath.Clean(dir), pe.Err)
		}
		return nil, fmt.Errorf("create trace %s: %w", path, err)
	}
	return &File{f: f, path: path}, nil
}

// Write appends to the temporary file.
func (f *File) Write(p []byte) (int, error) { return f.f.Write(p) }

// Close syncs the trace and moves it into place.
func (f *File) Close() error {
	err := f.f.Chmod(0o644) // a trace is meant to be shared; CreateTemp makes 0600
	if serr := f.f.Sync(); err == nil {
		err = serr
	}
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.f.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.f.Name())
		return fmt.Errorf("save trace %s: %w", f.path, err)
	}
	return nil
}

// Abort discards the trace.
func (f *File) Abort() error {
	f.f.Close()
	return os.Remove(f.f.Name())
}
