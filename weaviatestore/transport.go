package weaviatestore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/weaviate/weaviate-go-client/v5/weaviate"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/fault"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/filters"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/graphql"
	"github.com/weaviate/weaviate/entities/models"
)

// do runs fn against the host that last answered and, when that host
// cannot be reached at all, against each other host in turn: the nodes of
// a replicated cluster answer for each other. An error the server returned
// (a status, a GraphQL error) is final: another node would say the same.
func (s *Store) do(ctx context.Context, fn func(c *weaviate.Client) error) error {
	return s.doHost(ctx, func(h int) error { return fn(s.clients[h]) })
}

// doHost is do with the index of the host (in Config.Hosts) to use.
func (s *Store) doHost(ctx context.Context, fn func(h int) error) error {
	s.mu.Lock()
	first := s.current
	s.mu.Unlock()
	var err error
	for i := range s.clients {
		h := (first + i) % len(s.clients)
		err = fn(h)
		if err == nil || !unreachable(err) || ctx.Err() != nil {
			if err == nil && h != first {
				s.mu.Lock()
				s.current = h
				s.mu.Unlock()
			}
			break
		}
	}
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// plain turns the client's errors ("status code: -1, error: check the
// DerivedFromError field for more information: …") into what happened:
// the network error, or the server's status and message. Other errors pass
// through.
func plain(err error) error {
	var we *fault.WeaviateClientError
	if !errors.As(err, &we) {
		return err
	}
	if we.DerivedFromError != nil {
		return plain(we.DerivedFromError)
	}
	if we.IsUnexpectedStatusCode {
		return fmt.Errorf("server answered %d %s: %s", we.StatusCode, http.StatusText(we.StatusCode), bodyExcerpt(we.Msg))
	}
	return errors.New(we.Msg)
}

// maxBodyExcerpt bounds how much of a server's answer an error quotes.
const maxBodyExcerpt = 300

// bodyExcerpt is the start of a server's answer, on one line: Weaviate's
// are a short JSON error, but a URL that reaches another server (an arXiv
// API's Atom page, a proxy's HTML) put its whole page into the one line
// of a command's error.
func bodyExcerpt(body string) string {
	s := strings.Join(strings.Fields(body), " ")
	if r := []rune(s); len(r) > maxBodyExcerpt {
		s = string(r[:maxBodyExcerpt]) + "…"
	}
	return s
}

// retry is do with bounded retries, for errors worth another try: an
// unreachable cluster, 429 and 5xx. The pause doubles from Config.Backoff.
//
// Once a request has given up on an unreachable cluster, the store counts
// it as down: for downFor every request fails at once with that error, and
// after that a request is tried once, without retries, until one gets an
// answer. Callers such as an ingest ask about every paper of a page; with
// the server gone, each of them would otherwise spend the whole backoff
// (seconds), and a page of a hundred papers minutes, before the ingest
// could stop and say why.
func (s *Store) retry(ctx context.Context, fn func(c *weaviate.Client) error) error {
	retries, err := s.downCheck()
	if err != nil {
		return err
	}
	wait := s.cfg.backoff()
	for attempt := 0; ; attempt++ {
		err := s.do(ctx, fn)
		if err != nil && unreachable(err) && ctx.Err() == nil {
			// Said at once, not after the retries: a caller that makes
			// work for the store waits meanwhile (Unreachable).
			s.mu.Lock()
			s.failing = plain(err)
			s.mu.Unlock()
		}
		if err == nil || !transient(err) || attempt >= retries {
			if ctx.Err() == nil {
				s.noteOutcome(err)
			}
			return plain(err)
		}
		if serr := sleep(ctx, wait); serr != nil {
			return serr
		}
		wait *= 2
	}
}

// downFor is how long a store found unreachable fails requests at once.
var downFor = 5 * time.Second

// downCheck says how many retries a request gets now, or the error it fails
// with at once while the cluster is counted as down (see retry).
func (s *Store) downCheck() (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.downErr == nil {
		return s.cfg.retries(), nil
	}
	if since := time.Since(s.downAt); since < downFor {
		// This request was not sent: the error is an earlier one's, and
		// says so, or a note "count chunks in …: Post …/v1/batch/objects"
		// blamed the count for the write that had failed.
		return 0, fmt.Errorf("not sent: an earlier request got no answer %s ago, and the server is not asked again yet: %w", since.Round(time.Millisecond), s.downErr)
	}
	return 0, nil
}

// noteOutcome records whether the cluster answered a request: an error
// from before any server answered marks it down, anything else up.
func (s *Store) noteOutcome(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil && unreachable(err) {
		s.downErr, s.downAt = plain(err), time.Now()
		s.failing = s.downErr
		return
	}
	s.downErr, s.failing = nil, nil
}

// Unreachable is why the last request to the cluster got no answer (a
// timeout, a refused connection), from its first failed attempt on and
// while it is retried, until a request gets an answer; nil when the last
// one did. A caller that makes work for the store, such as an ingest
// fetching arXiv pages to write, waits while it is set: against a hung
// server an ingest fetched every page of its --max while a write spent
// its retries.
func (s *Store) Unreachable() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failing
}

// unreachable reports an error that happened before any server answered:
// a refused connection, a timeout, a reset.
func unreachable(err error) bool {
	var we *fault.WeaviateClientError
	if errors.As(err, &we) {
		return !we.IsUnexpectedStatusCode && we.DerivedFromError != nil && !isServerAnswer(we.DerivedFromError)
	}
	return false
}

// isServerAnswer reports a client error that wraps a server's answer (the
// GraphQL builders wrap status errors in a derived error).
func isServerAnswer(err error) bool {
	var we *fault.WeaviateClientError
	return errors.As(err, &we) && we.IsUnexpectedStatusCode
}

// transient reports an error that a later attempt may not meet.
func transient(err error) bool {
	if unreachable(err) {
		return true
	}
	var we *fault.WeaviateClientError
	if !errors.As(err, &we) {
		return errors.Is(err, errRetryable)
	}
	code := we.StatusCode
	if we.DerivedFromError != nil && errors.As(we.DerivedFromError, &we) {
		code = we.StatusCode
	}
	return code == http.StatusTooManyRequests || code >= 500
}

// errRetryable marks failures the store itself found worth retrying, such
// as objects a batch reported as not written.
var errRetryable = errors.New("retryable")

// retryable is an error marked as errRetryable without changing its text.
type retryable struct{ error }

func (e retryable) Unwrap() error        { return e.error }
func (e retryable) Is(target error) bool { return target == errRetryable }

// decodeGraphQL turns a GraphQL answer into out: the client's error, the
// errors in the answer, or the data decoded into out's shape.
func decodeGraphQL(resp *models.GraphQLResponse, err error, out any) error {
	if err != nil {
		return err
	}
	if len(resp.Errors) > 0 {
		msgs := make([]string, len(resp.Errors))
		for i, e := range resp.Errors {
			msgs[i] = e.Message
		}
		err := fmt.Errorf("weaviate: %s", strings.Join(msgs, "; "))
		if schemaLag(msgs) {
			return retryable{fmt.Errorf("%w (the server's GraphQL schema has not caught up with the collection)", err)}
		}
		return err
	}
	b, err := json.Marshal(resp.Data)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

// schemaLag reports GraphQL errors that say a collection is not in the
// server's GraphQL schema. Weaviate rebuilds that schema asynchronously after
// a collection is created, so a query that follows the creation closely (the
// first search on a new store, or a search racing the ingest that created
// it) can meet this for a few milliseconds; the store only queries
// collections it has created or found, so the error is worth a retry.
func schemaLag(msgs []string) bool {
	for _, m := range msgs {
		if strings.HasPrefix(m, `Cannot query field "`) && strings.Contains(m, `ObjectsObj"`) {
			return true
		}
	}
	return false
}

// object is a chunk as Get returns it; only the fields asked for are set.
type object struct {
	ChunkID    string `json:"chunk_id"`
	PaperID    string `json:"paper_id"`
	PaperBase  string `json:"paper_base"`
	Version    int    `json:"version"`
	Content    string `json:"content"`
	Metadata   string `json:"metadata"`
	Hash       string `json:"hash"`
	Additional struct {
		ID     string    `json:"id"`
		Vector []float32 `json:"vector"`
		Score  string    `json:"score"`
		// ExplainScore is the server's prose about Score (see fusedRanks).
		ExplainScore string `json:"explainScore"`
	} `json:"_additional"`
}

func fieldsOf(props []string, additional ...string) []graphql.Field {
	fields := make([]graphql.Field, 0, len(props)+1)
	for _, p := range props {
		fields = append(fields, graphql.Field{Name: p})
	}
	if len(additional) > 0 {
		add := graphql.Field{Name: "_additional"}
		for _, a := range additional {
			add.Fields = append(add.Fields, graphql.Field{Name: a})
		}
		fields = append(fields, add)
	}
	return fields
}

// getObjects returns up to limit objects matching where (all when nil),
// after the object id after ("" for the start; only without where), with
// the given properties and their ids, at the read consistency level.
func (s *Store) getObjects(ctx context.Context, where *filters.WhereBuilder, limit int, after string, props ...string) ([]object, error) {
	var out struct {
		Get map[string][]object `json:"Get"`
	}
	err := s.retry(ctx, func(c *weaviate.Client) error {
		q := c.GraphQL().Get().WithClassName(s.class).WithLimit(limit).WithFields(fieldsOf(props, "id")...)
		if s.replicas > 1 {
			q = q.WithConsistencyLevel(s.cfg.readConsistency())
		}
		if where != nil {
			q = q.WithWhere(where)
		}
		if after != "" {
			q = q.WithAfter(after)
		}
		resp, err := q.Do(ctx)
		return decodeGraphQL(resp, err, &out)
	})
	if err != nil {
		return nil, err
	}
	return out.Get[s.class], nil
}

// scanPage is how many objects a cursor request returns.
const scanPage = 1000

// scan calls fn with every object of the collection, in UUID order, with
// the given properties, using Weaviate's cursor (after) API.
func (s *Store) scan(ctx context.Context, props []string, fn func(object) error) error {
	if s.rec.Embedder == "" {
		return nil
	}
	after := ""
	for {
		page, err := s.getObjects(ctx, nil, scanPage, after, props...)
		if err != nil {
			return err
		}
		for _, o := range page {
			if err := fn(o); err != nil {
				return err
			}
		}
		if len(page) < scanPage {
			return nil
		}
		after = page[len(page)-1].Additional.ID
	}
}
