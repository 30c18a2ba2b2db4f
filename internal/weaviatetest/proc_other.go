//go:build !linux

package weaviatetest

import "syscall"

func sysProcAttr() *syscall.SysProcAttr { return nil }
