package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// CreateError is why Create refused path or could not start a trace
// there: Path is the path as given, Err what is wrong with it, in words a
// user can act on.
type CreateError struct {
	Path string
	Err  error
}

func (e *CreateError) Error() string { return fmt.Sprintf("create trace %s: %v", e.Path, e.Err) }
func (e *CreateError) Unwrap() error { return e.Err }

// Create starts writing the trace that Close will put at path. It checks
// path first, so that a refused trace writes nothing (see CreateError):
//
//   - An existing path that is not a regular file (a directory, a named
//     pipe, a device, a socket) is refused: Close renames over the path,
//     which would replace the pipe or device node with a regular file.
//   - A symbolic link is followed: the trace is written beside the file it
//     points to and renamed over that file, so the link stays a link. A
//     link to nothing is refused.
//   - An existing regular file is replaced only when it is a recording
//     (IsRecording) or empty: a run's trace is cheap to make again, the
//     knowledge base or a user's notes are not.
func Create(path string) (*File, error) {
	target, err := createTarget(path)
	if err != nil {
		return nil, &CreateError{Path: path, Err: err}
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".partial-*")
	if err != nil {
		// The error names the temporary file, which the user never asked
		// for: say what went wrong with the directory instead.
		return nil, &CreateError{Path: path, Err: dirError(filepath.Clean(dir), err)}
	}
	return &File{f: f, path: target}, nil
}

// createTarget is the file Create will replace for path: path itself or,
// for a symbolic link, the file it points to; or why path is refused.
func createTarget(path string) (string, error) {
	fi, err := os.Stat(path) // follows links: what a write to path would reach
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if li, lerr := os.Lstat(path); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
			to, _ := os.Readlink(path)
			return "", fmt.Errorf("a symbolic link to %s, which does not exist; give a file path", to)
		}
		return path, nil
	case err != nil:
		// A missing or unusable directory: Create's CreateTemp says which.
		return path, nil
	case !fi.Mode().IsRegular():
		return "", fmt.Errorf("not a regular file (%s); give a file path", fileKind(fi.Mode()))
	}
	target := path
	if li, err := os.Lstat(path); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); err != nil {
			return "", fmt.Errorf("follow the symbolic link: %w", err)
		}
	}
	ok, err := replaceable(target, fi)
	switch {
	case err != nil:
		return "", fmt.Errorf("it exists, and reading it to check that it is a gtrag recording failed: %w", err)
	case !ok && target != path:
		return "", fmt.Errorf("a symbolic link to %s, which is not a gtrag recording; give a new file name (gtrag replaces only a recording)", target)
	case !ok:
		return "", errors.New("the file exists and is not a gtrag recording; give a new file name (gtrag replaces only a recording)")
	}
	return target, nil
}

// replaceable reports whether the regular file at path, described by fi,
// may be replaced by a trace: it is empty (nothing to lose: mktemp's file,
// say) or a recording.
func replaceable(path string, fi fs.FileInfo) (bool, error) {
	if fi.Size() == 0 {
		return true, nil
	}
	return IsRecording(path)
}

// savedMeanwhile names what is now at path that Close must not replace (""
// when nothing is there, or what Create allowed: see replaceable), and
// whether anything is there.
func savedMeanwhile(path string) (what string, present bool) {
	li, err := os.Lstat(path)
	switch {
	case err != nil:
		return "", false
	case li.Mode()&fs.ModeSymlink != 0:
		return "a symbolic link", true
	case !li.Mode().IsRegular():
		return fileKind(li.Mode()), true
	}
	if ok, err := replaceable(path, li); err != nil || !ok {
		return "a file that is not a gtrag recording", true
	}
	return "", true
}

// fileKind names what a file that is not a regular one is.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// dirError says why no file could be made in dir: it is missing (or not
// a directory), or it exists and refuses new files (read-only, /proc).
func dirError(dir string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	fi, serr := os.Stat(dir)
	switch {
	case serr != nil:
		var spe *fs.PathError
		if errors.As(serr, &spe) {
			serr = spe.Err
		}
		return fmt.Errorf("directory %s: %w", dir, serr)
	case !fi.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	return fmt.Errorf("directory %s exists but a file cannot be created in it (%w); give a path in a writable directory", dir, err)
}

// maxHeadBytes bounds what IsRecording reads: a first event holds the
// question (at most a few KB) and the settings.
const maxHeadBytes = 1 << 20

// IsRecording reports whether the file at path starts as a trace does:
// a first line that is an execution_started event of some trace format
// (a newer gtrag's too). It reads that line only; the rest may be cut
// short, as a crash leaves it.
func IsRecording(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	line, err := bufio.NewReader(io.LimitReader(f, maxHeadBytes)).ReadBytes('\n')
	if err != nil && err != io.EOF {
		return false, err
	}
	var head struct {
		ID          string `json:"id"`
		ExecutionID string `json:"execution_id"`
		Type        Type   `json:"type"`
		Data        struct {
			Format int `json:"format"`
		} `json:"data"`
	}
	if json.Unmarshal(bytes.TrimSpace(line), &head) != nil {
		return false, nil
	}
	return head.Type == ExecutionStarted && head.ID != "" && head.ExecutionID != "" && head.Data.Format >= 1, nil
}

// Write appends to the temporary file.
func (f *File) Write(p []byte) (int, error) { return f.f.Write(p) }

// Close syncs the trace and moves it into place.
//
// The path is checked again first, as Create checked it: a run takes
// seconds to minutes, and a file saved at the path meanwhile (notes, a
// directory, a link) is not replaced. The trace is then kept where it was
// written, beside the path, and the error says where. When nothing is at
// the path, the trace is linked into place rather than renamed, which
// fails if a file appeared there after the check instead of replacing it
// (placeNew). A recording or empty file found there is swapped with the
// trace in one step and checked again where it landed, so that one
// swapped for another file between the check and the move is put back
// (replaceRecording).
func (f *File) Close() error {
	err := f.f.Chmod(0o644) // a trace is meant to be shared; CreateTemp makes 0600
	if serr := f.f.Sync(); err == nil {
		err = serr
	}
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		what, present := savedMeanwhile(f.path)
		if what != "" {
			return f.keptBeside(what)
		}
		if beforeMove != nil {
			beforeMove()
		}
		if present {
			if what, err = replaceRecording(f.f.Name(), f.path); what != "" {
				return f.keptBeside(what)
			}
		} else if err = placeNew(f.f.Name(), f.path); errors.Is(err, fs.ErrExist) {
			return f.keptBeside("a file")
		}
	}
	var swapped *swappedError
	if err != nil && !errors.As(err, &swapped) {
		os.Remove(f.f.Name())
	}
	if err != nil {
		return fmt.Errorf("save trace %s: %w", f.path, err)
	}
	return nil
}

// keptBeside is Close's error when what was saved at the path during the
// run: the trace stays in its temporary file, which the error names.
func (f *File) keptBeside(what string) error {
	return fmt.Errorf("save trace %s: %s was saved there during the run, and gtrag replaces only a recording; the trace is kept in %s", f.path, what, f.f.Name())
}

// placeNew moves the file at tmp to path, where nothing was a moment ago,
// without replacing what may have appeared there since: a hard link fails
// with fs.ErrExist when path exists, where a rename would replace it. On
// a file system without hard links it falls back to the rename. Once
// linked the trace is saved; a temporary name that cannot be removed
// stays behind, hidden, rather than fail the save.
func placeNew(tmp, path string) error {
	err := os.Link(tmp, path)
	switch {
	case err == nil:
		os.Remove(tmp)
		return nil
	case errors.Is(err, fs.ErrExist):
		return err
	default:
		return os.Rename(tmp, path)
	}
}

// beforeMove, when set (by tests only), runs between Close's last check of
// the path and the move, where another program could save a file there.
var beforeMove func()

// replaceRecording moves the trace at tmp over the recording or empty file
// Close found at path, and says what it kept instead when that file was
// swapped for another meanwhile ("" when the trace is in place).
//
// Where the system can (Linux), the two are exchanged in one step and what
// came out of path is checked again: a recording or empty file is removed,
// anything else is exchanged back, so the user's file is where it was and
// the trace in its temporary file. Between the two exchanges the user's
// file sits under the trace's hidden temporary name, never gone; a crash
// just then would leave it there. Elsewhere it is a rename, and a file
// swapped in between the check and the rename is replaced.
func replaceRecording(tmp, path string) (kept string, err error) {
	err = exchange(tmp, path)
	switch {
	case errors.Is(err, errors.ErrUnsupported):
		return "", os.Rename(tmp, path)
	case errors.Is(err, fs.ErrNotExist): // removed since the check
		if err = placeNew(tmp, path); errors.Is(err, fs.ErrExist) {
			return "a file", nil
		}
		return "", err
	case err != nil:
		return "", err
	}
	what, _ := savedMeanwhile(tmp)
	if what == "" {
		os.Remove(tmp)
		return "", nil
	}
	if err := exchange(tmp, path); err != nil {
		return "", &swappedError{what: what, at: tmp, err: err}
	}
	return what, nil
}

// swappedError is replaceRecording's failure to put back the file it
// found swapped in: that file is at the temporary name, which Close must
// therefore not remove, and the trace is at the path.
type swappedError struct {
	what, at string
	err      error
}

func (e *swappedError) Error() string {
	return fmt.Sprintf("%s was saved there during the run, and putting it back after the trace replaced it failed (%v): it is in %s", e.what, e.err, e.at)
}

func (e *swappedError) Unwrap() error { return e.err }

// Abort discards the trace.
func (f *File) Abort() error {
	f.f.Close()
	return os.Remove(f.f.Name())
}
