//go:build !unix

package vectordb

import (
	"io"
	"os"
)

// mapFile reads the first size bytes of f into memory where this package
// has no memory map.
func mapFile(f *os.File, size int, _ bool) ([]byte, func() error, error) {
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, nil, err
	}
	return data, func() error { return nil }, nil
}
