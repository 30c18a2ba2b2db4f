// Package storetest inspects and damages gtrag store files for tests, as
// bbolt's own btesting and surgeon packages do for bbolt: the page layout
// knowledge lives here once, instead of in every test that needs a damaged
// store. It reads the file's bytes and knows bbolt's meta page format; it
// does not import the vectordb package, so vectordb's own tests can use it.
//
// A bbolt file starts with two meta pages (page 0 and page 1); transaction
// t writes its meta to page t mod 2, so the newest commit and the one before
// are both on disk. A meta page is a 16-byte page header (id, flags, count,
// overflow), then magic, version, page size, flags (uint32 each), the root
// bucket (page, sequence), the freelist page, the high-water page, the
// transaction id and an FNV-64a checksum of the fields before it (uint64
// each), all little-endian.
package storetest

import (
	"encoding/binary"
	"hash/fnv"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

const (
	magic      = 0xED0CDAED
	pageHeader = 16
	// MetaSize is the number of bytes of a meta page after its page header
	// that the checksum covers, plus the checksum.
	MetaSize = 64
	// Byte offsets inside the meta, after the page header.
	OffFreelist = 32
	OffTxid     = 48
	OffChecksum = 56

	freelistFlag = 0x10
)

// Meta is one of the two meta pages as found in the file.
type Meta struct {
	Page      int    // 0 or 1
	Offset    int64  // where the page starts in the file
	Valid     bool   // magic, version and checksum hold
	PageSize  int    // as the page says (page 0's is the file's)
	Freelist  uint64 // page id of the freelist
	HighWater uint64 // first page id past the end of the data
	Txid      uint64
}

// Metas reads both meta pages of the bbolt file.
func Metas(t testing.TB, file string) [2]Meta {
	t.Helper()
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	return MetasOf(t, b)
}

// MetasOf is Metas for the file's bytes.
func MetasOf(t testing.TB, b []byte) [2]Meta {
	t.Helper()
	require.Greater(t, len(b), pageHeader+MetaSize, "a bbolt file")
	first := parse(b, 0)
	size := first.PageSize
	if !first.Valid || size < 512 || 2*size > len(b) {
		size = os.Getpagesize()
	}
	require.GreaterOrEqual(t, len(b), size+pageHeader+MetaSize, "two meta pages")
	return [2]Meta{first, parse(b, 1*int64(size))}
}

func parse(b []byte, off int64) Meta {
	m := b[off+pageHeader:]
	le := binary.LittleEndian
	h := fnv.New64a()
	h.Write(m[:OffChecksum])
	page := 0
	if off > 0 {
		page = 1
	}
	return Meta{
		Page:      page,
		Offset:    off,
		Valid:     le.Uint32(m) == magic && le.Uint32(m[4:]) == 2 && le.Uint64(m[OffChecksum:]) == h.Sum64(),
		PageSize:  int(le.Uint32(m[8:])),
		Freelist:  le.Uint64(m[OffFreelist:]),
		HighWater: le.Uint64(m[40:]),
		Txid:      le.Uint64(m[OffTxid:]),
	}
}

// Newest is the valid meta page with the larger transaction id: the commit
// bbolt opens.
func Newest(t testing.TB, metas [2]Meta) Meta {
	t.Helper()
	require.True(t, metas[0].Valid || metas[1].Valid, "no valid meta page")
	if !metas[1].Valid || metas[0].Valid && metas[0].Txid > metas[1].Txid {
		return metas[0]
	}
	return metas[1]
}

// Older is the other meta page.
func Older(t testing.TB, metas [2]Meta) Meta {
	t.Helper()
	return metas[1-Newest(t, metas).Page]
}

// FreelistPage returns the freelist page of the newest commit and the page
// size, checking that the page is a freelist.
func FreelistPage(t testing.TB, b []byte) (page uint64, pageSize int) {
	t.Helper()
	m := Newest(t, MetasOf(t, b))
	page, pageSize = m.Freelist, m.PageSize
	require.Greater(t, page, uint64(1))
	require.Less(t, page*uint64(pageSize), uint64(len(b)))
	require.Equal(t, uint16(freelistFlag), binary.LittleEndian.Uint16(b[page*uint64(pageSize)+8:]), "page %d is the freelist", page)
	return page, pageSize
}

// FlipBit inverts one bit of the file at byte offset off.
func FlipBit(t testing.TB, file string, off int64, bit uint) {
	t.Helper()
	f, err := os.OpenFile(file, os.O_RDWR, 0)
	require.NoError(t, err)
	defer func() { require.NoError(t, f.Close()) }()
	var b [1]byte
	_, err = f.ReadAt(b[:], off)
	require.NoError(t, err)
	b[0] ^= 1 << (bit % 8)
	_, err = f.WriteAt(b[:], off)
	require.NoError(t, err)
}

// FlipMetaBit inverts the lowest bit of byte at (an offset inside the meta,
// after the page header, below MetaSize) of the given meta page, and checks
// that the page no longer validates.
func FlipMetaBit(t testing.TB, file string, m Meta, at int) {
	t.Helper()
	require.Less(t, at, MetaSize)
	FlipBit(t, file, m.Offset+pageHeader+int64(at), 0)
	require.False(t, Metas(t, file)[m.Page].Valid, "the flipped page fails its checksum")
}

// Overwrite fills n bytes of b from off with pattern, repeated.
func Overwrite(b []byte, off int, pattern []byte, n int) {
	for i := 0; i < n && off+i < len(b); i++ {
		b[off+i] = pattern[i%len(pattern)]
	}
}
