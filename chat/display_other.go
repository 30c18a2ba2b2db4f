//go:build !unix

package chat

import (
	"errors"
	"os"
)

// stdoutSwap is the Unix way of showing the line editor on a terminal
// other than standard output (display_unix.go); elsewhere the editor
// cannot be moved, and the chat reads plain lines.
type stdoutSwap struct{}

func newStdoutSwap(*os.File) (*stdoutSwap, error) {
	return nil, errors.New("line editing needs standard output on the terminal on this system")
}

func (*stdoutSwap) show() error      { return nil }
func (*stdoutSwap) hide()            {}
func (*stdoutSwap) close() error     { return nil }
func (*stdoutSwap) outputGone() bool { return false }

// pipeWatch watches nothing here: the editor is never moved.
type pipeWatch struct{}

func watchBrokenPipe(func()) *pipeWatch { return &pipeWatch{} }
func (*pipeWatch) exit()                {}
func (*pipeWatch) stop()                {}
