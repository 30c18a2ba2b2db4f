//go:build linux

package service

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The probe leaves nothing in the directory it checks, even one whose
// files cannot be removed (append-only, chattr +a): a named probe stayed
// there, and the directory was refused as not writable for it.
func TestCheckWritableLeavesNothingInAnAppendOnlyDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := exec.Command("chattr", "+a", dir).Run(); err != nil {
		t.Skipf("cannot make a directory append-only here: %v", err)
	}
	t.Cleanup(func() { _ = exec.Command("chattr", "-a", dir).Run() })
	require.NoError(t, CheckWritable("data directory", dir))
	require.NoError(t, CheckWritable("store", filepath.Join(dir, "store.db")))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, entries)
}

// A directory that takes no new files is refused, for what the system
// said, not for its permissions.
func TestCheckWritableRefusesProc(t *testing.T) {
	if fi, err := os.Stat("/proc/self"); err != nil || !fi.IsDir() {
		t.Skip("no /proc here")
	}
	err := CheckWritable("data directory", "/proc")
	require.EqualError(t, err, "data directory /proc does not take new files (no such file or directory); choose another place")
	err = CheckWritable("store", "/proc/store.db")
	require.EqualError(t, err, "store /proc/store.db cannot be created: /proc does not take new files (no such file or directory); choose another place")
}
