package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
	"github.com/gtrag/gtrag/weaviatestore"
)

// Store is what a Service needs of a knowledge base. *vectordb.DB is one;
// another backend (a Weaviate server) is another. Implementations must be
// safe for concurrent use.
type Store interface {
	// Query returns the k stored chunks best matching text, best first.
	Query(ctx context.Context, text string, k int) ([]vectordb.Result, error)
	// Add upserts documents and returns how many were written.
	Add(ctx context.Context, docs []vectordb.Document) (int, error)
	// HasPaper reports whether this exact version of a paper is stored.
	HasPaper(paperID string) bool
	// Count is the number of stored chunks.
	Count() int
	// Info describes the store for `gtrag stats`.
	Info() vectordb.Info
	Close() error
}

// Service answers questions over one store, one set of reasoners and one
// arXiv client. Make it with Open or New; it is safe for concurrent use.
type Service struct {
	store    Store
	llm      reasoner.Set
	arxiv    *arxiv.Client
	embedder string // the store's embedder spec, read once
}

// Open opens the embedded knowledge base in cfg.DataDir (seeding a new one,
// see Config.Seed), the reasoners cfg.LLM names, and an arXiv client. A
// cfg.Router the reasoners cannot serve (CheckRouter) is refused once they
// are open and before the store is: nothing is opened or created.
func Open(ctx context.Context, cfg Config) (*Service, error) {
	rs, err := OpenReasoners(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := CheckRouter(cfg.Router, rs); err != nil {
		rs.Close()
		return nil, err
	}
	db, err := OpenStore(ctx, cfg)
	if err != nil {
		rs.Close()
		return nil, err
	}
	return New(db, rs, NewArxivClient(cfg.Arxiv)), nil
}

// New makes a Service over a store that is already open, the reasoners and
// the arXiv client. The Service owns the store and the reasoners from then
// on: Close closes them. The client should be the process's only one, so
// that its pacing holds for every request.
//
// Each search's pool is ranked with poolRanker, whatever embedder the
// store was built with.
func New(store Store, llm reasoner.Set, client *arxiv.Client) *Service {
	embedder := ""
	if sp, ok := store.(interface{ Spec() string }); ok {
		embedder = sp.Spec() // a remote store's Info counts its papers: a scan
	} else {
		embedder = store.Info().Embedder
	}
	return &Service{store: store, llm: llm, arxiv: client, embedder: embedder}
}

// poolRanker orders the papers of each arXiv search (vectordb.Ranker): the
// store's hybrid scorer with the offline embedder's cosine beside BM25 over
// the pool, whatever embedder the store itself uses.
//
// Why not the store's embedder. A pool is fetched for the question: every
// candidate is on its topic, and what sets the paper the question is about
// apart from the rest is which of the question's words it holds. A
// sentence embedding says what topic a text is on, and so favours the
// pool's most typical paper. Measured in round 2 session 21 on the tuning
// sets of testdata/world (902 answerable questions, offline reasoners,
// fresh stores; the 10k and the 20k background), with the Universal
// Sentence Encoder (lite, 512 dimensions) as the store's embedder, served
// through Ollama's /api/embed (testdata/embedserver):
//
//	pools ranked with                               papers cited
//	its cosine at equal RRF, as the store fuses it    818 / 806
//	its cosine at the offline weight (0.2, k 40)      867 / 858
//	the offline embedder's cosine (this)              870 / 862
//	(the offline embedder for the store as well       871 / 863)
//
// It also spares each search an embedding request for every candidate (50
// abstracts), which a paid embedding API charges for. The answer is still
// retrieved from the store with the store's own embedder. A stronger model
// than this one might rank pools better; none could be measured here.
var poolRanker = vectordb.Ranker{Embedder: vectordb.NewOfflineEmbedder()}

// Close closes the store and the reasoners.
func (s *Service) Close() error {
	return errors.Join(s.store.Close(), s.llm.Close())
}

// Store is the knowledge base the Service answers from.
func (s *Service) Store() Store { return s.store }

// Arxiv is the Service's arXiv client, for ingestion that must share its
// pacing.
func (s *Service) Arxiv() *arxiv.Client { return s.arxiv }

// Reasoners are the judge, filter and answerer of the Service's LLM.
func (s *Service) Reasoners() reasoner.Set { return s.llm }

// LLM names the reasoners: "offline", "ollama:llama3.2".
func (s *Service) LLM() string { return s.llm.Name }

// Embedder names the store's embedder: "offline", "ollama:nomic-embed-text".
func (s *Service) Embedder() string { return s.embedder }

// ErrNoStore is in OpenStore's error when Config.MustExist is set and the
// knowledge base is not there.
var ErrNoStore = errors.New("no knowledge base")

// noStore is OpenStore's error for cfg's missing knowledge base.
func noStore(cfg Config) error {
	where := cfg.DataDir
	if cfg.Store != "" {
		where = cfg.Store
	}
	return fmt.Errorf("%w in %s yet", ErrNoStore, where)
}

// OpenStore opens (creating if needed) the knowledge base cfg.Store names,
// the embedded one in cfg.DataDir by default, and seeds a new, empty one as
// cfg.Seed says; with cfg.MustExist it opens only one that is there, and
// neither creates nor seeds. Its embedder records embeddings into the trace
// of the Ask that caused them (see AskOptions.Trace). Commands that need
// only the store (search, stats, ingest) call it alone.
func OpenStore(ctx context.Context, cfg Config) (Store, error) {
	if cfg.NoEmbedder && cfg.MustExist {
		return openStoreWith(ctx, cfg, nil)
	}
	emb, err := vectordb.ParseEmbedder(orDefault(cfg.Embedder, vectordb.OfflineSpec), cfg.Getenv)
	if err != nil {
		err = &ConfigError{Setting: "embedder", Err: err}
		if cfg.MustExist {
			// A store that is not there is said first, whatever the
			// embedder: the one of a store that does not exist yet is
			// chosen when it is made. Only this error path asks twice.
			switch ok, xerr := storeExists(ctx, cfg); {
			case xerr != nil:
				return nil, xerr
			case !ok:
				return nil, noStore(cfg)
			}
		}
		return nil, err
	}
	return openStoreWith(ctx, cfg, tracedEmbedder{emb})
}

// openStoreWith is OpenStore with the embedder made: nil for a NoEmbedder
// open.
func openStoreWith(ctx context.Context, cfg Config, emb vectordb.Embedder) (Store, error) {
	var (
		db  Store
		err error
	)
	dirWasThere := true // only the embedded store makes a directory
	var filesThere map[string]fs.FileInfo
	if cfg.Store != "" {
		db, err = openWeaviate(ctx, cfg, emb)
	} else {
		if !cfg.MustExist { // what a seed that fails must leave (discardNew)
			_, serr := os.Stat(cfg.DataDir)
			dirWasThere = !errors.Is(serr, fs.ErrNotExist)
			filesThere = storeFilesIn(cfg.DataDir)
		}
		db, err = openEmbedded(ctx, cfg, emb)
	}
	if err != nil {
		return nil, err
	}
	if cfg.MustExist {
		return db, nil // it was there: not new, nothing to seed
	}
	switch cfg.Seed {
	case "", SeedPrimer:
		if !cfg.SeedByCaller && seedPending(ctx, db) {
			if err := SeedWithPrimer(ctx, db); err != nil {
				return nil, errors.Join(err, discardNew(ctx, cfg, db, !dirWasThere, filesThere))
			}
			if m, ok := db.(seedMarker); ok {
				if err := m.MarkSeeded(ctx); err != nil {
					db.Close()
					return nil, err
				}
			}
		}
	case SeedNone:
	default:
		db.Close()
		return nil, configErrorf("seed", "%q: want %s or %s", cfg.Seed, SeedPrimer, SeedNone)
	}
	return db, nil
}

// discardNew closes db, a store that this open created and could not
// seed, and removes it, so that nothing is left tied to an embedder that
// never worked: when the seed's embeddings fail (--embedder ollama:x and no
// Ollama, or an Ollama that answered the probe a new Weaviate collection
// learns its dimension from and then failed), the store left behind would
// refuse every later run with another embedder ("built with embedder
// ollama:x"). The embedded store's files are removed once it is closed; a
// Weaviate collection is dropped before, and only one this open created
// (weaviatestore.Store.DropCreated): a collection that was there before is
// never seeded, so never dropped. The drop is not cut short by ctx, since
// an interrupted seed is one reason to drop. madeDir says the open made the
// data directory too: it goes as well, if nothing else is in it, so that a
// first run that failed leaves nothing behind.
//
// Of the embedded store's files only those the open made go: before says
// which were there before it (storeFilesIn). A regular file that was not
// there is removed; anything else is left as it is — a directory (os.Remove
// takes an empty one), a link, a file that was there — except an empty
// store file the open made a store in, which is emptied again, as it was.
func discardNew(ctx context.Context, cfg Config, db Store, madeDir bool, before map[string]fs.FileInfo) error {
	if cfg.Store != "" {
		var err error
		if w, ok := db.(*weaviatestore.Store); ok && w.Created() {
			if err = w.DropCreated(context.WithoutCancel(ctx)); err != nil {
				err = fmt.Errorf("drop the collection that could not be seeded: %w", err)
			}
		}
		db.Close()
		return err
	}
	db.Close()
	var errs []error
	for _, name := range vectordb.FileNames {
		path := filepath.Join(cfg.DataDir, name)
		fi, err := os.Lstat(path)
		if err != nil || !fi.Mode().IsRegular() {
			continue // not there, or nothing the open made
		}
		was, there := before[name]
		switch {
		case !there:
			err = os.Remove(path)
		case was.Mode().IsRegular() && was.Size() == 0 && fi.Size() > 0 && os.SameFile(was, fi):
			err = os.Truncate(path, 0)
		default:
			continue // the user's, or another store's: not the open's to remove
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("remove the store that could not be seeded: %w", errors.Join(errs...))
	}
	if madeDir {
		_ = os.Remove(cfg.DataDir) // fails, harmlessly, if anything else is there
	}
	return nil
}

// storeFilesIn says which of the embedded store's files (vectordb.FileNames)
// are in dir, as they are (not followed if links): what discardNew must
// leave there.
func storeFilesIn(dir string) map[string]fs.FileInfo {
	there := map[string]fs.FileInfo{}
	for _, name := range vectordb.FileNames {
		if fi, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			there[name] = fi
		}
	}
	return there
}

// seedMarker is a store that records whether the seed its creation asked
// for is still to come (vectordb.SeedPending).
type seedMarker interface {
	SeedIsPending() bool
	MarkSeeded(ctx context.Context) error
}

// seedPending reports whether db is to be seeded with the primer now. Only
// a store made to be seeded is: one created with --seed none, opened again
// by a command that names no seed (`gtrag stats` after a lesson's `ask
// --seed none --step`), stays empty. The embedded store says so itself,
// from the commit that creates it until the seed is committed, so that
// one killed between the two is seeded by the next open (a store made
// before gtrag recorded this is never seeded again). Another store is
// seeded when this open created it (isNew) and it is empty; one killed
// before its seed stays without the primer, as --seed none would.
func seedPending(ctx context.Context, db Store) bool {
	if m, ok := db.(seedMarker); ok {
		return m.SeedIsPending()
	}
	return isNew(db) && vectordb.CountContext(ctx, db) == 0
}

// StoreInfo is db.Info(), asked with ctx and failing with the server where
// db asks one (weaviatestore.Store.InfoContext).
func StoreInfo(ctx context.Context, db Store) (vectordb.Info, error) {
	if c, ok := db.(interface {
		InfoContext(context.Context) (vectordb.Info, error)
	}); ok {
		return c.InfoContext(ctx)
	}
	return db.Info(), nil
}

// isNew reports whether db was created by this open, when the store can
// tell (the embedded store and Weaviate both can); a store that cannot is
// new when it is empty.
func isNew(db Store) bool {
	if c, ok := db.(interface{ Created() bool }); ok {
		return c.Created()
	}
	return true
}

// CheckDataDir returns the *ConfigError of a data directory that cannot
// be one: a file, or a path under a file. A directory that does not exist
// yet is fine: the store makes it.
func CheckDataDir(dir string) error {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return configErrorf("data-dir", "%s is a file, not a directory", dir)
	} else if errors.Is(err, syscall.ENOTDIR) {
		return configErrorf("data-dir", "%s is under a file, not a directory", dir)
	}
	return nil
}

// CheckStoreFiles returns the *ConfigError (data-dir) of a directory where
// one of the embedded store's files goes (vectordb.CheckPaths) in the data
// directory dir, its Err an *InTheWayError: the store cannot be opened,
// nor made, until the user moves it away, so every command refuses it as
// bad usage (exit 2) before anything is created. Opening the store
// refuses it so (vectordb.Open checks first); this is for a command that
// checks before it opens.
func CheckStoreFiles(dir string) error {
	return inTheWay(vectordb.CheckPaths(dir))
}

// inTheWay is CheckStoreFiles' *ConfigError for the
// *vectordb.InTheWayError in err; nil when err holds none.
func inTheWay(err error) error {
	var in *vectordb.InTheWayError
	if !errors.As(err, &in) {
		return nil
	}
	return &ConfigError{Setting: "data-dir", Err: &InTheWayError{Path: in.Path}}
}

// InTheWayError is a directory where a file of the store goes, in words
// that name it whole, as ingest says it: "D/store.vec is a directory, not
// a file; move it away".
type InTheWayError struct{ Path string }

func (e *InTheWayError) Error() string {
	return e.Path + " is a directory, not a file; move it away"
}

// openEmbedded opens the embedded store in cfg.DataDir; with
// cfg.MustExist, only one whose store file is there.
func openEmbedded(ctx context.Context, cfg Config, emb vectordb.Embedder) (*vectordb.DB, error) {
	if err := CheckDataDir(cfg.DataDir); err != nil {
		return nil, err
	}
	opts := []vectordb.Option{vectordb.WaitNotices(orDiscard(cfg.Notices))}
	if cfg.LockTimeout > 0 {
		opts = append(opts, vectordb.LockTimeout(cfg.LockTimeout))
	}
	if cfg.MustExist {
		opts = append(opts, vectordb.MustExist())
	} else if cfg.Seed == "" || cfg.Seed == SeedPrimer {
		opts = append(opts, vectordb.SeedPending())
	}
	db, err := vectordb.Open(ctx, cfg.DataDir, emb, opts...)
	if err != nil {
		if errors.Is(err, vectordb.ErrNoStore) {
			return nil, noStore(cfg)
		}
		if cerr := inTheWay(err); cerr != nil {
			return nil, cerr // refused before anything was made
		}
		var mismatch *vectordb.MismatchError
		if errors.As(err, &mismatch) {
			return nil, &ConfigError{Setting: "embedder", Err: err}
		}
		// A place the user cannot write is a setting to change, said as
		// ingest says it (exit 2), not a failure to retry. So is a data
		// directory that could not be made for any reason (mkdir under
		// /proc fails with ENOENT): nothing was there to fail. Only a
		// refusal, or a store that could not be created in a directory
		// that exists (a place that takes no new files, /proc), is
		// explained by CheckWritable, which would otherwise give a reason
		// the system did not; an I/O error of a store that exists stays
		// an error (exit 1).
		denied := errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)
		createDir := errors.Is(err, vectordb.ErrCreateDir)
		if denied || errors.Is(err, fs.ErrNotExist) && !createDir {
			if werr := CheckWritable("data directory", cfg.DataDir); werr != nil {
				return nil, &ConfigError{Setting: "data-dir", Err: werr}
			}
		}
		if denied || createDir {
			return nil, &ConfigError{Setting: "data-dir", Err: fmt.Errorf("open the knowledge base: %w", err)}
		}
		return nil, fmt.Errorf("open the knowledge base: %w", err)
	}
	return db, nil
}

// OpenReasoners resolves cfg.LLM into the three reasoners. With "auto" it
// looks for an LLM (OPENAI_API_KEY, then an Ollama server) and falls back to
// offline with a notice in the Set.
func OpenReasoners(ctx context.Context, cfg Config) (reasoner.Set, error) {
	var opts []reasoner.Option
	t := cfg.LLMTuning
	if t.Timeout > 0 {
		opts = append(opts, reasoner.WithTimeout(t.Timeout))
	}
	if t.Backoff > 0 {
		opts = append(opts, reasoner.WithBackoff(t.Backoff))
	}
	switch {
	case t.Retries > 0:
		opts = append(opts, reasoner.WithRetries(t.Retries))
	case t.Retries < 0:
		opts = append(opts, reasoner.WithRetries(0))
	}
	set, err := reasoner.Open(ctx, orDefault(cfg.LLM, "auto"), cfg.Getenv, opts...)
	if err != nil {
		var spec *reasoner.SpecError
		if errors.As(err, &spec) {
			return set, &ConfigError{Setting: "llm", Err: err}
		}
		return set, fmt.Errorf("set up the LLM: %w", err)
	}
	return set, nil
}

// NewArxivClient makes the arXiv client of a process. Make one and share it:
// its pacing holds across the requests of one client, and across processes
// only through c.PaceFile.
func NewArxivClient(c ArxivConfig) *arxiv.Client {
	client := &arxiv.Client{
		BaseURL: c.URL, Delay: c.Delay,
		RequestTimeout: c.RequestTimeout, Backoff: c.Backoff, MaxAttempts: c.MaxAttempts,
		PaceFile: c.PaceFile,
	}
	if c.CacheDir != "" {
		client.Cache = &arxiv.FileCache{Dir: c.CacheDir, TTL: c.CacheTTL}
	}
	return client
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}

// PaceFileFor is the file through which the gtrag processes of this user
// keep arXiv's pacing between them for the endpoint baseURL ("" is arXiv's):
// in cacheDir, the user's gtrag cache directory, one per server, so that
// a local test server never holds up requests to arXiv. "" when there is
// no cache directory: pacing then holds within each process.
//
// A server is its host and port (paceKey), not the URL as written: arXiv
// asks for its pace per server, and "https://export.arxiv.org/api/query/"
// or "http://EXPORT.arxiv.org:80/api/query" given to one process and the
// default to another would otherwise each keep a pace of their own and
// send two requests within the 3 s.
func PaceFileFor(cacheDir, baseURL string) string {
	if cacheDir == "" {
		return ""
	}
	if baseURL == "" {
		baseURL = arxiv.DefaultBaseURL
	}
	sum := sha256.Sum256([]byte(paceKey(baseURL)))
	return filepath.Join(cacheDir, "arxiv-pace-"+hex.EncodeToString(sum[:6]))
}

// paceKey is the server a base URL names: its host, lower-cased, with the
// port when it is not the scheme's default. The scheme itself is left
// out: arXiv serves its API over http and https alike, and its pace is
// the server's. A URL that does not parse, or names no host, is its own
// key.
func paceKey(baseURL string) string {
	u, err := url.Parse(strings.TrimSpace(baseURL))
	if err != nil || u.Hostname() == "" {
		return baseURL
	}
	host := strings.ToLower(u.Hostname())
	switch port := u.Port(); {
	case port == "",
		port == "80" && strings.EqualFold(u.Scheme, "http"),
		port == "443" && strings.EqualFold(u.Scheme, "https"):
		return host
	default:
		return host + ":" + port
	}
}
