//go:build !unix

package service

import "os"

// canWrite opens a file for writing, without writing, and closes it; a
// directory is taken to be writable (its read-only attribute, where there
// is one, does not stop files being created in it).
func canWrite(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	return f.Close()
}
