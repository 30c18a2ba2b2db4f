package atomicfile

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// leftovers lists what dir holds besides want.
func leftovers(t *testing.T, dir string, want ...string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var extra []string
	for _, e := range entries {
		found := false
		for _, w := range want {
			found = found || e.Name() == w
		}
		if !found {
			extra = append(extra, e.Name())
		}
	}
	return extra
}

func TestWriteFuncHonoursMode(t *testing.T) {
	dir := t.TempDir()
	for _, perm := range []os.FileMode{0o600, 0o644, 0o640, 0o755} {
		path := filepath.Join(dir, "sub", "f")
		err := WriteFunc(path, perm, func(w io.Writer) error {
			bw := bufio.NewWriter(w)
			bw.WriteString("mode ")
			bw.WriteString(perm.String())
			return bw.Flush()
		})
		if err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != perm {
			t.Errorf("mode %v, want %v", fi.Mode().Perm(), perm)
		}
		if b, _ := os.ReadFile(path); string(b) != "mode "+perm.String() {
			t.Errorf("content %q", b)
		}
	}
	if extra := leftovers(t, filepath.Join(dir, "sub"), "f"); len(extra) > 0 {
		t.Errorf("left behind: %v", extra)
	}
}

func TestWriteIsPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := Write(path, []byte("x")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}

// TestWriteFuncFailureKeepsOldFile: a write that fails half way, or
// panics, leaves the old file as it was, with its mode, and no temporary
// file beside it.
func TestWriteFuncFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := WriteFunc(path, 0o644, func(w io.Writer) error {
		_, err := io.WriteString(w, "old content")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteFunc(path, 0o600, func(w io.Writer) error {
		if _, err := io.WriteString(w, "new content, cut short"); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err %v, want the write's", err)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic went missing")
			}
		}()
		_ = WriteFunc(path, 0o600, func(w io.Writer) error {
			io.WriteString(w, "new content")
			panic("write panics")
		})
	}()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "old content" {
		t.Errorf("content %q, want the old file's", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want the old file's 0644", fi.Mode().Perm())
	}
	if extra := leftovers(t, dir, "f"); len(extra) > 0 {
		t.Errorf("left behind: %v", extra)
	}
}

// TestWriteFuncFailureCreatesNothing: a failing first write of a file
// leaves no file at all.
func TestWriteFuncFailureCreatesNothing(t *testing.T) {
	dir := t.TempDir()
	err := WriteFunc(filepath.Join(dir, "f"), 0o644, func(io.Writer) error { return errors.New("no") })
	if err == nil {
		t.Fatal("no error")
	}
	if extra := leftovers(t, dir); len(extra) > 0 {
		t.Errorf("left behind: %v", extra)
	}
}
