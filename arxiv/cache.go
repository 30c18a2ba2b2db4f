package arxiv

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gtrag/gtrag/internal/atomicfile"
)

// PageCache keeps the pages of searches, so that a search repeated soon
// after is answered without a request (Client.Cache). Get reports a page
// saved under key that is still fresh; Put saves one. A cache is best
// effort: a page it cannot read or write is a miss, never an error.
type PageCache interface {
	Get(key string) (Page, bool)
	Put(key string, p Page)
}

type cacheHitKey struct{}

// WatchCache returns a context under which a Search answered from the
// Client's Cache, with no request sent, sets hit. A caller that tells the
// user what a search did ("arXiv searched" or "served from the cache") gives
// each Search its own flag. Like CountRequests, it hears one caller's
// searches only, whatever else shares the Client.
func WatchCache(ctx context.Context, hit *atomic.Bool) context.Context {
	return context.WithValue(ctx, cacheHitKey{}, hit)
}

// ServedFromCache tells the context's WatchCache flag, if any, that a search
// was answered from a cache. Client.Search calls it on a hit; a searcher
// standing in for a Client (a recording's replay) calls it to say that the
// recorded search was.
func ServedFromCache(ctx context.Context) {
	if hit, ok := ctx.Value(cacheHitKey{}).(*atomic.Bool); ok && hit != nil {
		hit.Store(true)
	}
}

// Cache defaults.
const (
	// DefaultCacheTTL is how long a cached page is used: arXiv updates its
	// listings once a day, so a page is no staler than a day's papers.
	DefaultCacheTTL = 24 * time.Hour
	// DefaultCacheEntries bounds the pages a FileCache keeps: a question's
	// search is one or two pages of some 100 KB, so a few hundred
	// questions' worth is tens of MB at most.
	DefaultCacheEntries = 256
)

// FileCache is a PageCache of one JSON file per page in Dir, named by the
// hash of its key.
//
// Why a cache at all. The same question asked again (a second run of a
// script, a student repeating a classmate's question, a chat that comes
// back to a topic) sends the same request, and arXiv answers it with the
// same page until its next daily update. Each such request costs the user
// arXiv's pacing (3 s) and arXiv a request its terms ask clients to spare.
// Why files. A page is written once and read whole; a file per page needs
// no lock beyond the rename that makes a write atomic (two processes
// writing one page write the same bytes), and a damaged file is one miss.
// Why not the knowledge base. The store holds what answers questions;
// a page of search results, most of them not kept, is not that.
//
// The zero value is not usable: Dir must be set.
type FileCache struct {
	Dir string
	// TTL is how long a page is used; 0 means DefaultCacheTTL.
	TTL time.Duration
	// MaxEntries bounds the pages kept; 0 means DefaultCacheEntries. Past
	// it, Put removes the oldest.
	MaxEntries int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// cacheEntry is a cached page as stored: the key is kept in the file, so
// that a hash collision is a miss, not another query's page.
type cacheEntry struct {
	Key     string    `json:"key"`
	Saved   time.Time `json:"saved"`
	Papers  []Paper   `json:"papers"`
	Total   int       `json:"total"`
	Start   int       `json:"start"`
	PerPage int       `json:"per_page"`
	Notes   []string  `json:"notes,omitempty"`
}

const cacheSuffix = ".page.json"

func (c *FileCache) path(key string) string {
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(c.Dir, hex.EncodeToString(sum[:16])+cacheSuffix)
}

func (c *FileCache) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func (c *FileCache) ttl() time.Duration {
	if c.TTL > 0 {
		return c.TTL
	}
	return DefaultCacheTTL
}

// Get implements PageCache.
func (c *FileCache) Get(key string) (Page, bool) {
	b, err := os.ReadFile(c.path(key))
	if err != nil {
		return Page{}, false
	}
	var e cacheEntry
	if json.Unmarshal(b, &e) != nil || e.Key != key {
		return Page{}, false
	}
	if age := c.now().Sub(e.Saved); age < 0 || age >= c.ttl() {
		return Page{}, false
	}
	return Page{Papers: e.Papers, Total: e.Total, Start: e.Start, PerPage: e.PerPage, Notes: e.Notes}, true
}

// Put implements PageCache. A page with entries that could not be read, or
// with arXiv's empty-page fault, is not kept: asked again, arXiv may serve
// it whole.
func (c *FileCache) Put(key string, p Page) {
	if len(p.Invalid) > 0 || p.EmptyQuirk() {
		return
	}
	b, err := json.Marshal(cacheEntry{Key: key, Saved: c.now(), Papers: p.Papers, Total: p.Total, Start: p.Start, PerPage: p.PerPage, Notes: p.Notes})
	if err != nil || atomicfile.Write(c.path(key), b) != nil {
		return
	}
	c.prune()
}

// prune removes expired pages, and the oldest past MaxEntries.
func (c *FileCache) prune() {
	entries, err := os.ReadDir(c.Dir)
	if err != nil {
		return
	}
	type page struct {
		name string
		mod  time.Time
	}
	var pages []page
	now := c.now()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), cacheSuffix) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		if now.Sub(info.ModTime()) >= c.ttl() {
			os.Remove(filepath.Join(c.Dir, e.Name()))
			continue
		}
		pages = append(pages, page{e.Name(), info.ModTime()})
	}
	limit := c.MaxEntries
	if limit <= 0 {
		limit = DefaultCacheEntries
	}
	if len(pages) <= limit {
		return
	}
	slices.SortFunc(pages, func(a, b page) int { return a.mod.Compare(b.mod) })
	for _, p := range pages[:len(pages)-limit] {
		os.Remove(filepath.Join(c.Dir, p.name))
	}
}
