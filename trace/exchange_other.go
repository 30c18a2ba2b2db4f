//go:build !linux

package trace

import "errors"

// exchange is Linux's atomic swap of two names; elsewhere Close falls back
// to a rename (see replaceRecording).
func exchange(a, b string) error { return errors.ErrUnsupported }
