//go:build unix

package service

import "golang.org/x/sys/unix"

// canWrite asks the system whether this process may write path, as an open
// for writing (or creating in a directory) would find: a read-only file
// system, permission bits and ACLs, an immutable file. Nothing is opened.
func canWrite(path string) error { return unix.Access(path, unix.W_OK) }
