package arxiv

import (
	"context"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gtrag/gtrag/internal/ctxerr"
)

// The pacing file (Client.PaceFile) keeps arXiv's one request every three
// seconds across processes: two ingests started side by side, or a shell
// loop of asks, each with its own Client, would otherwise each keep the
// delay only against their own requests, and arXiv would see them
// interleaved at twice the rate or more.
//
// Why a locked file. The processes share nothing else: a server or a
// socket would have to be started and found, where a file in the user's
// cache directory is simply there. A request holds the file's lock from
// before its pacing wait until its response has been read, so that the
// processes of one user, like the goroutines of one Client, keep a single
// request in flight; the file holds the time the last request went out,
// 8 bytes. The lock is flock(2)'s, which the kernel drops when a process
// dies, so a crash never leaves the others waiting. Where the file cannot
// be used (a read-only cache directory, a system without flock) pacing
// holds within the process only, as it did before.

// pacePoll is how often a request waiting for another process's lock on
// the pacing file tries again.
const pacePoll = 20 * time.Millisecond

// openPace opens (creating it and its directory) and locks the pacing
// file at path, waiting for another holder as long as ctx allows. A nil
// file with a nil error means the file cannot be used.
func openPace(ctx context.Context, path string) (*os.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, nil
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, nil
	}
	for {
		locked, err := tryLock(f)
		switch {
		case err != nil:
			f.Close()
			return nil, nil
		case locked:
			return f, nil
		}
		t := time.NewTimer(pacePoll)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			f.Close()
			return nil, ctxerr.Of(ctx)
		}
	}
}

// readPace is the time the last request of any process went out, zero if
// the file holds none.
func readPace(f *os.File) time.Time {
	var b [8]byte
	if _, err := f.ReadAt(b[:], 0); err != nil && err != io.EOF {
		return time.Time{}
	}
	ns := int64(binary.BigEndian.Uint64(b[:]))
	if ns <= 0 {
		return time.Time{}
	}
	return time.Unix(0, ns)
}

// closePace records t as the last request's start and lets the next
// holder in.
func closePace(f *os.File, t time.Time) {
	if !t.IsZero() {
		var b [8]byte
		binary.BigEndian.PutUint64(b[:], uint64(t.UnixNano()))
		f.WriteAt(b[:], 0) // a failed write costs the next process its wait, no more
	}
	unlock(f)
	f.Close()
}
