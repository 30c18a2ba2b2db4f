package weaviatestore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/google/uuid"
	"github.com/weaviate/weaviate-go-client/v5/weaviate"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/fault"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/filters"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/graphql"
	"github.com/weaviate/weaviate/entities/models"

	"github.com/gtrag/gtrag/vectordb"
)

// Property names of a chunk object. See the package doc for what each is
// indexed for.
const (
	propChunkID   = "chunk_id"
	propPaperID   = "paper_id"
	propPaperBase = "paper_base"
	propVersion   = "version"
	propContent   = "content"
	propTerms     = "terms"
	propMetadata  = "metadata"
	propHash      = "hash"
)

// schemaVersion is the layout of the collection this package writes; a
// collection recording another is refused rather than misread.
const schemaVersion = 1

// descriptionPrefix starts the description of every collection gtrag
// creates; the JSON after it is the store's record (storeRecord).
const descriptionPrefix = "gtrag knowledge base "

// storeRecord is what a collection records about itself in its
// description: the embedder its vectors come from and their length, so that
// a store is never queried or written with incomparable vectors.
type storeRecord struct {
	Embedder string `json:"embedder"`
	Dim      int    `json:"dim"`
	Schema   int    `json:"schema"`
}

// chunkNamespace is the UUIDv5 namespace of chunk ids: an object's UUID is
// uuid.NewSHA1(chunkNamespace, chunk id), so writing a chunk again
// overwrites it instead of adding a copy.
var chunkNamespace = uuid.NewSHA1(uuid.NameSpaceURL, []byte("https://github.com/gtrag/gtrag#chunk"))

// ObjectID is the Weaviate object UUID of a chunk id.
func ObjectID(chunkID string) string {
	return uuid.NewSHA1(chunkNamespace, []byte(chunkID)).String()
}

// Store is a gtrag knowledge base in one Weaviate collection. It satisfies
// the interfaces the workflow's nodes and ingestion use, and is safe for
// concurrent use: every call is one or more HTTP requests.
type Store struct {
	cfg   Config
	class string
	emb   vectordb.Embedder
	rec   storeRecord
	// replicas is the collection's replication factor. GraphQL accepts a
	// consistency level only on replicated collections.
	replicas int
	clients  []*weaviate.Client // one per host, in cfg.Hosts order
	http     *http.Client       // the clients' connection pool, also for localClass

	mu        sync.Mutex
	current   int // index of the host that last answered
	lastCount int // Count's answer when the server cannot be asked
	// downErr, when set, is why the last request gave up on an
	// unreachable cluster, at downAt: see retry.
	downErr error
	downAt  time.Time
	// failing, when set, is why the last request to the cluster got no
	// answer, though it may still be retrying: see Unreachable.
	failing error

	// created is set when this Open created the collection: see Created.
	created bool
	// dropped is set once DropCreated has deleted it (or is deleting it).
	dropped atomic.Bool
	// mustExist is set by OpenExisting: a missing collection is an error.
	mustExist bool
}

// Created reports whether Open created the collection, rather than
// finding it there (made by another process a moment before counts as
// found). Whoever seeds a new store asks this, not whether it is empty:
// a collection emptied on purpose stays so.
func (s *Store) Created() bool { return s.created }

// ErrNotCreated is in DropCreated's error for a store whose collection this
// Open did not create.
var ErrNotCreated = errors.New("the collection was not created by this open")

// DropCreated deletes the collection, with everything in it, when this Open
// created it (Created): it undoes an Open whose new store cannot be used,
// such as one whose seed could not be embedded, so that nothing is left
// tied to an embedder that never worked. A collection that was there before
// (or that another process created a moment before) is never dropped:
// DropCreated deletes nothing and returns an error that errors.Is finds
// ErrNotCreated in. A collection already gone is not an error. The store
// is of no use afterwards, and a second call deletes nothing: by then the
// name may hold another process's new collection. Deleting a collection
// goes through Weaviate's Raft leader, so it fails on a cluster that has
// none.
func (s *Store) DropCreated(ctx context.Context) error {
	if !s.created {
		return fmt.Errorf("drop Weaviate store %s: %w", s.cfg, ErrNotCreated)
	}
	if !s.dropped.CompareAndSwap(false, true) {
		return nil
	}
	err := s.do(ctx, func(c *weaviate.Client) error {
		return c.Schema().ClassDeleter().WithClassName(s.class).Do(ctx)
	})
	if err != nil {
		s.dropped.Store(false)
		return fmt.Errorf("drop Weaviate store %s: %w", s.cfg, plain(err))
	}
	return nil
}

// Open connects to the collection cfg names, creating it when it does not
// exist (recording emb's spec and dimension, and cfg.Replicas). emb must be
// the embedder the collection was built with, else Open returns an error
// that errors.As finds a *vectordb.MismatchError in; it may be nil to
// inspect a store (Count, Papers, Info) without adding or querying, and
// then a missing collection is not created.
func Open(ctx context.Context, cfg Config, emb vectordb.Embedder) (*Store, error) {
	return open(ctx, cfg, emb, false)
}

// ErrNotFound is in OpenExisting's error when the collection does not
// exist.
var ErrNotFound = errors.New("the collection does not exist")

// OpenExisting is Open for a collection that must already exist: when it
// does not, OpenExisting creates nothing and returns an error that
// errors.Is finds ErrNotFound in. The one read of the collection's schema
// that finds it also loads it, so a caller that must not create a store
// need not ask whether it exists first (a second connection and read).
func OpenExisting(ctx context.Context, cfg Config, emb vectordb.Embedder) (*Store, error) {
	return open(ctx, cfg, emb, true)
}

func open(ctx context.Context, cfg Config, emb vectordb.Embedder, mustExist bool) (*Store, error) {
	if len(cfg.Hosts) == 0 {
		return nil, errors.New("open Weaviate store: no host")
	}
	s := &Store{cfg: cfg, class: cfg.collection(), emb: emb, mustExist: mustExist}
	scheme := "http"
	if cfg.TLS {
		scheme = "https"
	}
	headers := map[string]string{}
	if cfg.APIKey != "" {
		headers["Authorization"] = "Bearer " + cfg.APIKey
	}
	s.http = &http.Client{Timeout: cfg.timeout()}
	for _, h := range cfg.Hosts {
		c, err := newClient(ctx, weaviate.Config{
			Host: h, Scheme: scheme, Headers: headers, ConnectionClient: s.http,
		})
		if err != nil {
			return nil, fmt.Errorf("open Weaviate store %s: %w", cfg, err)
		}
		s.clients = append(s.clients, c)
	}
	if err := s.load(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// load reads the collection's record, creating the collection if needed.
func (s *Store) load(ctx context.Context) error {
	class, err := s.getClass(ctx)
	if errors.Is(err, syscall.ECONNREFUSED) {
		// Nothing listens there: say what to do, as the embedder's and
		// the LLM's errors do.
		return fmt.Errorf("open Weaviate store %s: %w (is Weaviate running there? Start it, or check the URL)", s.cfg, err)
	}
	var timeout interface{ Timeout() bool }
	if err != nil && ctx.Err() == nil && errors.As(err, &timeout) && timeout.Timeout() {
		// Something listens and does not answer (a stopped or overloaded
		// server): the error alone ("context deadline exceeded (Client.
		// Timeout exceeded while awaiting headers)") said nothing of what
		// to do.
		return fmt.Errorf("open Weaviate store %s: %w (Weaviate did not answer within %s: is it overloaded or stopped? Check the server, or give a longer timeout= in the URL)", s.cfg, err, s.cfg.timeout())
	}
	if err != nil {
		return fmt.Errorf("open Weaviate store %s: %w", s.cfg, err)
	}
	if class == nil {
		if s.mustExist {
			return fmt.Errorf("open Weaviate store %s: %w", s.cfg, ErrNotFound)
		}
		if s.emb == nil {
			// Inspecting a store that does not exist yet: an empty one.
			return nil
		}
		if err := s.create(ctx); err != nil {
			return fmt.Errorf("create Weaviate store %s: %w", s.cfg, err)
		}
		if class, err = s.getClass(ctx); err != nil || class == nil {
			return fmt.Errorf("open Weaviate store %s after creating it: %v", s.cfg, err)
		}
	}
	rec, err := parseRecord(class.Description)
	if err != nil {
		return fmt.Errorf("open Weaviate store %s: the collection %s %v; choose another collection in the URL (weaviate://HOST:PORT/Name)", s.cfg, s.class, err)
	}
	s.rec = rec
	s.replicas = replicationFactor(class)
	return s.checkEmbedder()
}

func parseRecord(description string) (storeRecord, error) {
	js, ok := strings.CutPrefix(description, descriptionPrefix)
	if !ok {
		return storeRecord{}, errors.New("was not created by gtrag")
	}
	var rec storeRecord
	if err := json.Unmarshal([]byte(js), &rec); err != nil || rec.Embedder == "" {
		return storeRecord{}, fmt.Errorf("has an unreadable gtrag record %q", js)
	}
	if rec.Schema != schemaVersion {
		return storeRecord{}, fmt.Errorf("has gtrag schema %d, this gtrag reads %d: use the gtrag that wrote it", rec.Schema, schemaVersion)
	}
	return rec, nil
}

// MismatchError is a *vectordb.MismatchError that names a Weaviate store;
// errors.As finds the vectordb error in it. What to do about it (which flag
// to change) is the command layer's to say.
type MismatchError struct{ Err *vectordb.MismatchError }

func (e *MismatchError) Error() string {
	m := e.Err
	if m.DimMismatch {
		return fmt.Sprintf("store %s was built with embedder %q (dim %d); embedder %q returns vectors of dim %d",
			m.Dir, m.StoredSpec, m.StoredDim, m.AskedSpec, m.AskedDim)
	}
	return fmt.Sprintf("store %s was built with embedder %q (dim %d); you asked for %q",
		m.Dir, m.StoredSpec, m.StoredDim, m.AskedSpec)
}

func (e *MismatchError) Unwrap() error { return e.Err }

func (s *Store) checkEmbedder() error {
	if s.emb == nil || s.rec.Embedder == "" {
		return nil
	}
	m := &vectordb.MismatchError{Dir: s.cfg.String(), StoredSpec: s.rec.Embedder, StoredDim: s.rec.Dim, AskedSpec: s.emb.Spec(), AskedDim: s.emb.Dim()}
	switch {
	case s.emb.Spec() != s.rec.Embedder:
		return &MismatchError{m}
	case s.emb.Dim() != 0 && s.rec.Dim != 0 && s.emb.Dim() != s.rec.Dim:
		m.DimMismatch = true
		return &MismatchError{m}
	}
	return nil
}

func (s *Store) checkDim(got int) error {
	if s.rec.Dim == 0 || got == s.rec.Dim {
		return nil
	}
	return &MismatchError{&vectordb.MismatchError{Dir: s.cfg.String(), StoredSpec: s.rec.Embedder, StoredDim: s.rec.Dim,
		AskedSpec: s.emb.Spec(), AskedDim: got, DimMismatch: true}}
}

func ptr[T any](v T) *T { return &v }

// create makes the collection. Its schema:
//
//   - no vectorizer: gtrag embeds and sends the vectors, so a store works
//     with any gtrag embedder and the server needs no model module;
//   - an HNSW index with cosine distance;
//   - terms, the chunk's text as gtrag's tokenizer splits it (stemmed,
//     stop words dropped, joined by spaces), tokenized on whitespace and
//     searchable: Weaviate's BM25 then ranks by the same terms as the
//     embedded store, with no stop-word list of its own;
//   - chunk_id, paper_id, paper_base (the id without its version) and
//     version, filterable, for upserts, HasPaper and DeletePaper;
//   - content, searchable with Weaviate's own word tokenizer (the
//     alternative to terms that TestRetrievalQuality measures);
//   - metadata (JSON) and hash (of content and metadata, to skip identical
//     re-adds), stored but not indexed.
func (s *Store) create(ctx context.Context) error {
	dim := s.emb.Dim()
	if dim == 0 {
		// A model embedder learns its dimension from its first answer.
		vecs, err := s.emb.Embed(ctx, []string{"dimension probe"})
		if err != nil {
			return fmt.Errorf("embed a probe to learn the embedder's dimension: %w", err)
		}
		if len(vecs) != 1 {
			return fmt.Errorf("embedder %s returned %d vectors for one text", s.emb.Spec(), len(vecs))
		}
		dim = len(vecs[0])
	}
	rec, _ := json.Marshal(storeRecord{Embedder: s.emb.Spec(), Dim: dim, Schema: schemaVersion})
	stored := func(name, dataType string) *models.Property {
		return &models.Property{Name: name, DataType: []string{dataType},
			IndexFilterable: ptr(false), IndexSearchable: ptr(false), IndexRangeFilters: ptr(false)}
	}
	filterable := func(name, dataType string) *models.Property {
		p := stored(name, dataType)
		p.IndexFilterable = ptr(true)
		if dataType == "text" {
			p.Tokenization = models.PropertyTokenizationField
		}
		return p
	}
	content := stored(propContent, "text")
	content.IndexSearchable = ptr(true)
	content.Tokenization = models.PropertyTokenizationWord
	terms := stored(propTerms, "text")
	terms.IndexSearchable = ptr(true)
	terms.Tokenization = models.PropertyTokenizationWhitespace
	class := &models.Class{
		Class:             s.class,
		Description:       descriptionPrefix + string(rec),
		Vectorizer:        "none",
		VectorIndexType:   "hnsw",
		VectorIndexConfig: map[string]any{"distance": "cosine"},
		InvertedIndexConfig: &models.InvertedIndexConfig{
			Bm25:      &models.BM25Config{K1: 1.2, B: 0.75},
			Stopwords: &models.StopwordConfig{Preset: "none"},
		},
		Properties: []*models.Property{
			filterable(propChunkID, "text"),
			filterable(propPaperID, "text"),
			filterable(propPaperBase, "text"),
			filterable(propVersion, "int"),
			content,
			terms,
			stored(propMetadata, "text"),
			stored(propHash, "text"),
		},
	}
	if s.cfg.Replicas > 0 {
		class.ReplicationConfig = &models.ReplicationConfig{Factor: int64(s.cfg.Replicas)}
	}
	err := s.do(ctx, func(c *weaviate.Client) error {
		return c.Schema().ClassCreator().WithClass(class).Do(ctx)
	})
	var we *fault.WeaviateClientError
	if errors.As(err, &we) && we.StatusCode == http.StatusUnprocessableEntity && strings.Contains(we.Msg, "already exists") {
		// Another process created it first: use theirs (load re-reads it).
		return nil
	}
	if err == nil {
		s.created = true
	}
	return plain(err)
}

// getClass returns the collection's schema, nil when it does not exist. It
// reads the schema of the node it asks first (Weaviate's "consistency:
// false"), which needs no Raft leader: a cluster that lost its quorum (one
// of two nodes down) still serves reads, and so does Open. Only a
// collection the node does not know is asked of the leader, since it may
// have been created a moment ago through another node.
func (s *Store) getClass(ctx context.Context) (*models.Class, error) {
	var class *models.Class
	err := s.doHost(ctx, func(h int) error {
		var err error
		class, err = s.localClass(ctx, h)
		return err
	})
	if err != nil || class != nil {
		return class, plain(err)
	}
	err = s.do(ctx, func(c *weaviate.Client) error {
		ok, err := c.Schema().ClassExistenceChecker().WithClassName(s.class).Do(ctx)
		if err != nil || !ok {
			return err
		}
		class, err = c.Schema().ClassGetter().WithClassName(s.class).Do(ctx)
		return err
	})
	return class, plain(err)
}

// localClass reads the collection's schema from host h's own copy of the
// schema; nil when that node does not know it. The client has no way to
// send the consistency header, so this is a plain request.
func (s *Store) localClass(ctx context.Context, h int) (*models.Class, error) {
	scheme := "http"
	if s.cfg.TLS {
		scheme = "https"
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, scheme+"://"+s.cfg.Hosts[h]+"/v1/schema/"+s.class, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("consistency", "false")
	if s.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+s.cfg.APIKey)
	}
	resp, err := s.http.Do(req)
	if err != nil {
		// Shaped as the client's errors, so that do moves on to the next host.
		return nil, &fault.WeaviateClientError{StatusCode: -1, Msg: "read schema", DerivedFromError: err}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	switch {
	case err != nil:
		return nil, &fault.WeaviateClientError{StatusCode: -1, Msg: "read schema", DerivedFromError: err}
	case resp.StatusCode == http.StatusNotFound:
		return nil, nil
	case resp.StatusCode != http.StatusOK:
		return nil, &fault.WeaviateClientError{IsUnexpectedStatusCode: true, StatusCode: resp.StatusCode, Msg: string(body)}
	}
	var class models.Class
	if err := json.Unmarshal(body, &class); err != nil {
		return nil, fmt.Errorf("read schema of %s: %w", s.class, err)
	}
	return &class, nil
}

// Spec is the embedder the store was built with ("" for a collection that
// does not exist yet).
func (s *Store) Spec() string { return s.rec.Embedder }

// Dim is the vector length the store records.
func (s *Store) Dim() int { return s.rec.Dim }

// newClient is weaviate.NewClient, given up when ctx ends. The client asks
// the server for its version as it is made (v5.5.0, NewClient's
// getVersionFn), with context.Background(): against a hung server, opening
// a store held Ctrl-C for the request timeout, a minute. Given up, the
// request goes on in the background until that timeout.
func newClient(ctx context.Context, cfg weaviate.Config) (*weaviate.Client, error) {
	type made struct {
		c   *weaviate.Client
		err error
	}
	done := make(chan made, 1)
	go func() {
		c, err := weaviate.NewClient(cfg)
		done <- made{c, err}
	}()
	select {
	case m := <-done:
		return m.c, m.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Config is the configuration the store was opened with.
func (s *Store) Config() Config { return s.cfg }

// Count is the number of stored chunks. The interface it satisfies has no
// error: when the server cannot be asked, it returns the last count it
// got. CountContext reports the error.
func (s *Store) Count() int {
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.timeout())
	defer cancel()
	n, err := s.CountContext(ctx)
	if err != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.lastCount
	}
	return n
}

// LastCount is the count the server last gave (CountContext), with no
// request: what Count returns when the server cannot be asked.
func (s *Store) LastCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastCount
}

// CountContext is the number of stored chunks, from Weaviate's aggregate.
func (s *Store) CountContext(ctx context.Context) (int, error) {
	if s.rec.Embedder == "" {
		return 0, nil // opened to inspect a collection that did not exist
	}
	var out struct {
		Aggregate map[string][]struct {
			Meta struct {
				Count int `json:"count"`
			} `json:"meta"`
		} `json:"Aggregate"`
	}
	err := s.retry(ctx, func(c *weaviate.Client) error {
		resp, err := c.GraphQL().Aggregate().WithClassName(s.class).
			WithFields(graphql.Field{Name: "meta", Fields: []graphql.Field{{Name: "count"}}}).Do(ctx)
		return decodeGraphQL(resp, err, &out)
	})
	if err != nil {
		return 0, fmt.Errorf("count chunks in %s: %w", s.cfg, err)
	}
	n := 0
	if rows := out.Aggregate[s.class]; len(rows) > 0 {
		n = rows[0].Meta.Count
	}
	s.mu.Lock()
	s.lastCount = n
	s.mu.Unlock()
	return n, nil
}

func replicationFactor(c *models.Class) int {
	if c.ReplicationConfig == nil {
		return 1
	}
	return int(c.ReplicationConfig.Factor)
}

// HasPaper reports whether any chunk of the paper is stored: of exactly
// that version when the id has one ("2301.01234v2"), of any version when it
// has none. A server that cannot be asked counts as "no": the caller then
// fetches the paper again, and Add skips what is stored.
func (s *Store) HasPaper(paperID string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.timeout())
	defer cancel()
	ok, _ := s.HasPaperContext(ctx, paperID)
	return ok
}

// HasPaperContext is HasPaper with the error.
func (s *Store) HasPaperContext(ctx context.Context, paperID string) (bool, error) {
	if s.rec.Embedder == "" {
		return false, nil
	}
	hits, err := s.getObjects(ctx, paperWhere(paperID), 1, "", propChunkID)
	if err != nil {
		return false, fmt.Errorf("look up paper %s in %s: %w", paperID, s.cfg, err)
	}
	return len(hits) > 0, nil
}

// paperWhere matches the chunks of a paper: of one version when the id has
// one, of any when it has none.
func paperWhere(paperID string) *filters.WhereBuilder {
	base, v := vectordb.SplitVersion(paperID)
	byBase := (&filters.WhereBuilder{}).WithPath([]string{propPaperBase}).WithOperator(filters.Equal).WithValueText(base)
	if base == paperID {
		return byBase
	}
	byVersion := (&filters.WhereBuilder{}).WithPath([]string{propVersion}).WithOperator(filters.Equal).WithValueInt(int64(v))
	return (&filters.WhereBuilder{}).WithOperator(filters.And).WithOperands([]*filters.WhereBuilder{byBase, byVersion})
}

// Papers lists the stored paper ids with their versions, sorted. It reads
// every object's paper_id with Weaviate's cursor API, a thousand at a time.
func (s *Store) Papers(ctx context.Context) ([]string, error) {
	seen := map[string]bool{}
	err := s.scan(ctx, []string{propPaperID}, func(o object) error {
		seen[o.PaperID] = true
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list papers in %s: %w", s.cfg, err)
	}
	out := make([]string, 0, len(seen))
	for id := range seen {
		out = append(out, id)
	}
	slices.Sort(out)
	return out, nil
}

// Info describes the store in the embedded store's terms, for `gtrag
// stats` and the service: Path is the store's URL, FormatVersion the
// collection's gtrag schema, Bytes 0 (Weaviate reports no size per
// collection). Counting papers reads every chunk's paper id (Papers), so it
// takes a request per thousand chunks. When the server cannot be asked, the
// counts are the last known and Papers is 0.
func (s *Store) Info() vectordb.Info {
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.timeout())
	defer cancel()
	info, err := s.InfoContext(ctx)
	if err != nil && info.Chunks == 0 {
		info.Chunks = s.LastCount()
	}
	return info
}

// InfoContext is Info asked with ctx, and failing with the server: `gtrag
// stats` on a hung server then stops on Ctrl-C and says why, rather than
// waiting out two requests' timeouts to print the last counts known. The
// Info it returns with an error holds what was learnt before it.
func (s *Store) InfoContext(ctx context.Context) (vectordb.Info, error) {
	info := vectordb.Info{FormatVersion: s.rec.Schema, Embedder: s.rec.Embedder, Dim: s.rec.Dim, Path: s.cfg.String()}
	n, err := s.CountContext(ctx)
	if err != nil {
		return info, err
	}
	info.Chunks = n
	papers, err := s.Papers(ctx)
	if err != nil {
		return info, err
	}
	info.Papers = len(papers)
	return info, nil
}

// DeletePaper removes every chunk of the paper (of one version when the id
// has one). Deleting a paper that is not stored is not an error.
func (s *Store) DeletePaper(ctx context.Context, paperID string) error {
	if s.rec.Embedder == "" {
		return nil
	}
	if err := s.deleteWhere(ctx, paperWhere(paperID)); err != nil {
		return fmt.Errorf("delete paper %s from %s: %w", paperID, s.cfg, err)
	}
	return nil
}

// deleteWhere batch-deletes the matching objects. One request deletes at
// most the server's QUERY_MAXIMUM_RESULTS (10,000 by default), so it asks
// again while a request still matched objects.
func (s *Store) deleteWhere(ctx context.Context, where *filters.WhereBuilder) error {
	for range 1000 {
		var matches int64
		err := s.retry(ctx, func(c *weaviate.Client) error {
			resp, err := c.Batch().ObjectsBatchDeleter().WithClassName(s.class).WithWhere(where).
				WithConsistencyLevel(s.cfg.writeConsistency()).WithOutput("minimal").Do(ctx)
			if err != nil {
				return err
			}
			if resp.Results != nil {
				matches = resp.Results.Matches
				if resp.Results.Failed > 0 {
					return fmt.Errorf("%d of %d objects could not be deleted", resp.Results.Failed, resp.Results.Matches)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if matches == 0 || matches < 10000 {
			return nil
		}
	}
	return errors.New("objects still match after 1000 delete requests")
}

// Close releases nothing: the client holds no connection between requests
// beyond Go's idle HTTP connections.
func (s *Store) Close() error { return nil }

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Documents calls fn with every stored chunk, content and metadata, in
// object-UUID order (Weaviate's cursor), a thousand per request. Unlike the
// embedded store's it is not one snapshot: chunks written during the scan
// may or may not be seen. It is for `gtrag store copy`.
func (s *Store) Documents(ctx context.Context, fn func(vectordb.Document) error) error {
	return s.scan(ctx, []string{propChunkID, propContent, propMetadata}, func(o object) error {
		var meta map[string]string
		if o.Metadata != "" {
			if err := json.Unmarshal([]byte(o.Metadata), &meta); err != nil {
				return fmt.Errorf("chunk %s in %s has unreadable metadata: %w", o.ChunkID, s.cfg, err)
			}
		}
		return fn(vectordb.Document{ID: o.ChunkID, Content: o.Content, Metadata: meta})
	})
}
