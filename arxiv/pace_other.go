//go:build !unix

package arxiv

import (
	"errors"
	"os"
)

// tryLock fails where flock does not exist: pacing then holds within the
// process only.
func tryLock(*os.File) (bool, error) { return false, errors.New("no flock") }

func unlock(*os.File) {}
