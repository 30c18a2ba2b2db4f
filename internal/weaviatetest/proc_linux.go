package weaviatetest

import "syscall"

// sysProcAttr kills the server when the test process dies (a timeout, a
// panic, Ctrl-C), so that no Weaviate outlives the test that started it.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
}
