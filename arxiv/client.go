package arxiv

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"mime"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gtrag/gtrag/internal/ctxerr"
	"github.com/gtrag/gtrag/internal/httpwait"
	"github.com/gtrag/gtrag/internal/version"
	"github.com/gtrag/gtrag/text"
)

// Defaults of the zero Client. The delay and the page limits are arXiv's
// terms of use (https://info.arxiv.org/help/api/tou.html).
const (
	DefaultBaseURL        = "http://export.arxiv.org/api/query"
	DefaultDelay          = 3 * time.Second
	DefaultMaxAttempts    = 4
	DefaultRequestTimeout = 30 * time.Second
	DefaultBackoff        = 2 * time.Second
	DefaultMaxBackoff     = 30 * time.Second
	DefaultMaxRetryWait   = time.Minute
	DefaultBatchSize      = 100

	// MaxPageSize is the largest max_results arXiv serves in one request.
	MaxPageSize = 2000
	// MaxResults is the deepest arXiv pages into one query (start+max_results).
	MaxResults = 30000

	maxBody = 64 << 20 // a 2000-entry page is a few MB; more is not arXiv
)

// ErrEmptyPage is the reason given to OnRetry when a page came back empty
// although opensearch:totalResults said more results exist (see
// Page.EmptyQuirk).
var ErrEmptyPage = errors.New("arXiv returned an empty page although its total says more results exist")

// Client talks to the arXiv query API. The zero value is ready to use with
// the defaults above; set fields before the first call and do not copy a
// Client after it has been used. All methods are safe for concurrent use: the
// pacing below is shared by every call of one Client, so one Client per
// process keeps gtrag within arXiv's terms.
type Client struct {
	// BaseURL is the query endpoint; "" means DefaultBaseURL.
	BaseURL string
	// Delay is the least time between the starts of two requests, retries
	// included; 0 means DefaultDelay and a negative value turns pacing off
	// (for tests against a local server only).
	Delay time.Duration
	// HTTP sends the requests; nil means a plain http.Client. Its own Timeout,
	// if any, applies on top of RequestTimeout.
	HTTP *http.Client
	// UserAgent names the caller; "" means "gtrag/<version> (+https://github.com/gtrag/gtrag)".
	UserAgent string
	// MaxAttempts bounds the attempts of one request (first try plus
	// retries); 0 means DefaultMaxAttempts.
	MaxAttempts int
	// RequestTimeout bounds one attempt, from sending to the last byte of the
	// body; 0 means DefaultRequestTimeout.
	RequestTimeout time.Duration
	// Backoff is the wait before the first retry, doubled for each further
	// one (plus up to 25% jitter) and capped at MaxBackoff; 0 means
	// DefaultBackoff and DefaultMaxBackoff.
	Backoff, MaxBackoff time.Duration
	// MaxRetryWait is the longest Retry-After the client waits for; a server
	// asking for more ends the retries with its error at once, so that a
	// command tells the user instead of hanging. 0 means DefaultMaxRetryWait.
	MaxRetryWait time.Duration
	// BatchSize is the number of ids Lookup puts in one id_list request; 0
	// means DefaultBatchSize, at most MaxPageSize.
	BatchSize int
	// OnRetry, if set, is told about every retry before the client waits for
	// it, so that commands can say what is going on. It runs on the calling
	// goroutine; with concurrent callers it must be safe for concurrent use.
	OnRetry func(Retry)
	// Sleep waits for d or until ctx ends, for pacing and backoff alike; nil
	// means a real timer. Tests substitute it to observe waits without
	// spending them.
	Sleep func(ctx context.Context, d time.Duration) error
	// Cache, if set, answers a Search it holds a fresh page for, with no
	// request and no pacing, and keeps the pages Search fetches. Lookup is
	// not cached. Requests counts requests sent, not pages served; a
	// context of WatchCache hears of a page served from the cache.
	Cache PageCache
	// PaceFile, if set, is a file through which every gtrag process of the
	// user keeps the pacing too (see pace.go): the Delay then holds between
	// the requests of all the processes that share it, not only of this
	// Client. "" paces this Client's requests alone.
	PaceFile string

	slotOnce sync.Once
	// slot holds one token: one request in flight at a time (arXiv asks for
	// a single connection), and whoever holds it writes lastStart; paceMu
	// lets a retry read it without the slot (paceLeft).
	slot      chan struct{}
	paceMu    sync.Mutex
	lastStart time.Time
	requests  atomic.Int64
}

// Retry describes a retry the client is about to make.
type Retry struct {
	Attempt int           // the attempt that failed, from 1
	Wait    time.Duration // how long the client waits before the next one
	Err     error         // why; ErrEmptyPage for the empty-page quirk
}

// String says the retry as a note does: "arXiv: attempt 2 failed (arXiv
// answered HTTP 503 Service Unavailable); retrying in 4.1s", the wait to
// the tenth of a second (to the millisecond below one). The reason is
// the error's own words, on as many lines as it has: a note folds them.
func (r Retry) String() string {
	wait := r.Wait.Round(time.Millisecond)
	if r.Wait >= time.Second {
		wait = r.Wait.Round(100 * time.Millisecond)
	}
	return fmt.Sprintf("arXiv: attempt %d failed (%s); retrying in %s", r.Attempt, r.Err, wait)
}

// Sort is the order of a search's results, in arXiv's sortBy spelling.
type Sort string

// The sorts arXiv offers.
const (
	SortRelevance Sort = "relevance"
	SortSubmitted Sort = "submittedDate"
	SortUpdated   Sort = "lastUpdatedDate"
)

// Order is the direction of a Sort, in arXiv's sortOrder spelling.
type Order string

// The directions arXiv offers.
const (
	Ascending  Order = "ascending"
	Descending Order = "descending"
)

// SearchOptions tune one Search. They are plain data, so that a wrapper (the
// trace recorder) can record them as they are. The zero value leaves both to
// arXiv: relevance, descending. The JSON names are the trace's.
type SearchOptions struct {
	Sort  Sort  `json:"sort_by,omitempty"`
	Order Order `json:"sort_order,omitempty"`
}

// ParseSort reads a sort as people write it: relevance, submitted or updated
// (arXiv's own submittedDate and lastUpdatedDate too), in any case; "" is
// relevance.
func ParseSort(name string) (Sort, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "relevance":
		return SortRelevance, nil
	case "submitted", "submitteddate":
		return SortSubmitted, nil
	case "updated", "lastupdateddate":
		return SortUpdated, nil
	}
	return "", fmt.Errorf("sort %q: want relevance, submitted or updated", name)
}

// ParseOrder reads an order: ascending or descending (asc, desc), in any
// case; "" is arXiv's default, descending.
func ParseOrder(name string) (Order, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "descending", "desc":
		return Descending, nil
	case "ascending", "asc":
		return Ascending, nil
	}
	return "", fmt.Errorf("order %q: want ascending or descending", name)
}

// check refuses values that are not arXiv's: a Sort or Order made from a
// string rather than a constant or a Parse function.
func (o SearchOptions) check() error {
	switch o.Sort {
	case "", SortRelevance, SortSubmitted, SortUpdated:
	default:
		return fmt.Errorf("unknown sort field %q (want relevance, submittedDate or lastUpdatedDate)", string(o.Sort))
	}
	switch o.Order {
	case "", Ascending, Descending:
	default:
		return fmt.Errorf("unknown sort order %q (want ascending or descending)", string(o.Order))
	}
	return nil
}

// Requests is the number of HTTP requests this Client has sent, retries
// included (the `arxiv_requests` figure of the commands).
func (c *Client) Requests() int64 { return c.requests.Load() }

// RequestCounter is the counter CountRequests put in ctx, or nil: what a
// run's recording reads at its end to keep the run's arxiv_requests.
func RequestCounter(ctx context.Context) *atomic.Int64 {
	n, _ := ctx.Value(countKey{}).(*atomic.Int64)
	return n
}

// Search runs an arXiv search_query (see BuildQuery) and returns the page of
// max results from start. Faults are retried within MaxAttempts; a page that
// stays empty although the total says more exist is returned without error
// and reports EmptyQuirk, so the caller can decide to skip it. max is capped
// so that start+max stays within arXiv's MaxResults.
func (c *Client) Search(ctx context.Context, query string, start, max int, opts SearchOptions) (Page, error) {
	query = strings.TrimSpace(query)
	if err := opts.check(); err != nil {
		return Page{}, fmt.Errorf("search arXiv: %w", err)
	}
	switch {
	case query == "":
		return Page{}, errors.New("search arXiv: empty query")
	case start < 0:
		return Page{}, fmt.Errorf("search arXiv: start %d is negative", start)
	case start >= MaxResults:
		return Page{}, fmt.Errorf("search arXiv: start %d is beyond arXiv's limit of %d results per query", start, MaxResults)
	case max <= 0:
		return Page{}, fmt.Errorf("search arXiv: max %d must be positive", max)
	case max > MaxPageSize:
		return Page{}, fmt.Errorf("search arXiv: max %d exceeds arXiv's limit of %d per request", max, MaxPageSize)
	}
	max = min(max, MaxResults-start)
	params := url.Values{
		"search_query": {query},
		"start":        {strconv.Itoa(start)},
		"max_results":  {strconv.Itoa(max)},
	}
	if opts.Sort != "" {
		params.Set("sortBy", string(opts.Sort))
	}
	if opts.Order != "" {
		params.Set("sortOrder", string(opts.Order))
	}
	key := ""
	if c.Cache != nil {
		if key, _ = c.endpoint(params); key != "" {
			if page, ok := c.Cache.Get(key); ok {
				ServedFromCache(ctx)
				return page, nil
			}
		}
	}
	page, err := c.fetch(ctx, params, math.MaxInt) // bounded by the attempts
	if err != nil {
		return Page{}, fmt.Errorf("search arXiv for %q (start %d): %w", snippet(query, 80), start, err)
	}
	if key != "" {
		c.Cache.Put(key, page)
	}
	return page, nil
}

// Lookup fetches papers by id with id_list, BatchSize ids per request and
// paging within a batch when arXiv serves fewer entries than asked. Ids may
// be bare, versioned, "arXiv:"-prefixed or abs URLs; an invalid id is an
// error before any request. Ids arXiv does not know are simply absent from
// the result. arXiv sometimes counts unknown ids in its total and returns no
// entries, which looks like its empty-page quirk; Lookup asks once more
// (not MaxAttempts times, as Search does) and then moves on.
// On error, the papers of the requests that succeeded come with it.
func (c *Client) Lookup(ctx context.Context, ids []string) ([]Paper, error) {
	page, err := c.LookupPage(ctx, ids)
	return page.Papers, err
}

// LookupPage is Lookup with what ParseFeed says besides the papers: the
// entries skipped as invalid and the notes of fields cut (Page.Invalid,
// Page.Notes), gathered over every request. Total is the number of
// distinct ids asked for.
func (c *Client) LookupPage(ctx context.Context, ids []string) (Page, error) {
	norm := make([]string, 0, len(ids))
	seen := make(map[string]bool, len(ids))
	for _, raw := range ids {
		if strings.TrimSpace(raw) == "" {
			continue
		}
		id, err := ParseID(raw)
		if err != nil {
			return Page{}, fmt.Errorf("look up arXiv ids: %w", err)
		}
		if !seen[id] {
			seen[id] = true
			norm = append(norm, id)
		}
	}
	batch := c.BatchSize
	if batch <= 0 {
		batch = DefaultBatchSize
	}
	batch = min(batch, MaxPageSize)
	all := Page{Total: len(norm)}
	for lo := 0; lo < len(norm); lo += batch {
		ids := norm[lo:min(lo+batch, len(norm))]
		err := c.lookupBatch(ctx, ids, &all)
		if err != nil {
			return all, fmt.Errorf("look up %s: %w", idsNamed(ids), err)
		}
	}
	return all, nil
}

// idsNamed names a batch of ids in an error: "arXiv id 2406.00005",
// "arXiv ids 2406.00005 and 2406.00006", "arXiv ids 2406.00005 to
// cs/0112004 (100)". One id was said "ids 2406.00005…", as if more had
// been asked.
func idsNamed(ids []string) string {
	switch len(ids) {
	case 1:
		return "arXiv id " + ids[0]
	case 2:
		return "arXiv ids " + ids[0] + " and " + ids[1]
	}
	return fmt.Sprintf("arXiv ids %s to %s (%d)", ids[0], ids[len(ids)-1], len(ids))
}

// lookupBatch adds what one id_list batch returns to all.
func (c *Client) lookupBatch(ctx context.Context, ids []string, all *Page) error {
	start := 0
	// Each round either advances start or stops, so this ends after at most
	// len(ids) rounds even if arXiv's total is wrong.
	for start < len(ids) {
		page, err := c.fetch(ctx, url.Values{
			"id_list":     {strings.Join(ids, ",")},
			"start":       {strconv.Itoa(start)},
			"max_results": {strconv.Itoa(len(ids) - start)},
		}, 1)
		if err != nil {
			return err
		}
		all.Papers = append(all.Papers, page.Papers...)
		all.Invalid = append(all.Invalid, page.Invalid...)
		all.Notes = append(all.Notes, page.Notes...)
		if page.Served() == 0 || start+page.Served() >= page.Total {
			break
		}
		start += page.Served()
	}
	return nil
}

// fetch runs one API request with pacing and the retry policy. A page with
// the empty-page quirk is asked for again at most emptyRetries times (and
// within the attempts).
func (c *Client) fetch(ctx context.Context, params url.Values, emptyRetries int) (Page, error) {
	endpoint, err := c.endpoint(params)
	if err != nil {
		return Page{}, err
	}
	attempts := c.MaxAttempts
	if attempts <= 0 {
		attempts = DefaultMaxAttempts
	}
	empties := 0
	for attempt := 1; ; attempt++ {
		page, err := c.attempt(ctx, endpoint)
		if err == nil && !page.EmptyQuirk() {
			// Arrived whole before ctx ended (attempt drops a page still
			// on its way) and parsed, even if ctx ended meanwhile: the
			// request was paid for, and a caller that keeps what it
			// fetched (ingest stores it on Ctrl-C) would otherwise ask
			// again next run.
			return page, nil
		}
		if ctx.Err() != nil {
			return Page{}, ctxerr.Of(ctx)
		}
		if err != nil && !isTransient(err) {
			return Page{}, err
		}
		if err == nil {
			empties++
		}
		if attempt >= attempts || empties > emptyRetries {
			if err == nil {
				return page, nil // still empty: the caller decides what to do with it
			}
			return Page{}, fmt.Errorf("gave up after %d %s: %w", attempt, text.Plural(attempt, "attempt", "attempts"), err)
		}
		reason := err
		if reason == nil {
			reason = ErrEmptyPage
		}
		wait := c.backoff(attempt)
		var se *StatusError
		if errors.As(err, &se) && se.RetryAfter > 0 {
			limit := c.MaxRetryWait
			if limit <= 0 {
				limit = DefaultMaxRetryWait
			}
			if se.RetryAfter > limit {
				return Page{}, fmt.Errorf("arXiv asked to wait %s before retrying, longer than %s; try again later: %w",
					se.RetryAfter.Round(time.Second), limit, err)
			}
			wait = max(wait, se.RetryAfter)
		}
		// The next attempt waits for the pacing delay too: with arXiv's
		// 3 s, a 1 s backoff after a request that went out 1 s ago is a
		// 2 s wait. Told as the one wait it is, the retry is not followed
		// by a pacing wait its notice left out.
		wait = max(wait, c.paceLeft())
		r := Retry{Attempt: attempt, Wait: wait, Err: reason}
		if c.OnRetry != nil {
			c.OnRetry(r)
		}
		notifyWait(ctx, Wait{Kind: WaitRetry, D: wait, Retry: &r})
		if err := c.sleep(ctx, wait); err != nil {
			return Page{}, err
		}
	}
}

// attempt sends one request and classifies the outcome: transient errors are
// wrapped with transient(), everything else is final.
func (c *Client) attempt(ctx context.Context, endpoint string) (Page, error) {
	release, err := c.acquire(ctx)
	if err != nil {
		return Page{}, err
	}
	defer release()

	timeout := c.RequestTimeout
	if timeout <= 0 {
		timeout = DefaultRequestTimeout
	}
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// Pacing counts from the moment the request went on the wire, so that a
	// slow dial of one request cannot bring the next one closer to it than
	// Delay as arXiv sees them. net/http replays a GET at once when a reused
	// keep-alive connection turns out to be dead; such replays are counted
	// as requests too.
	var wroteMu sync.Mutex
	var wrote time.Time
	writes := 0
	trace := &httptrace.ClientTrace{WroteHeaders: func() {
		wroteMu.Lock()
		wrote = time.Now()
		writes++
		wroteMu.Unlock()
	}}
	defer func() {
		wroteMu.Lock()
		if !wrote.IsZero() {
			c.setStart(wrote)
		}
		if writes > 1 {
			c.count(ctx, int64(writes-1))
		}
		wroteMu.Unlock()
	}()
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(rctx, trace), http.MethodGet, endpoint, nil)
	if err != nil {
		return Page{}, fmt.Errorf("build arXiv request: %w", err)
	}
	req.Header.Set("User-Agent", c.userAgent())
	req.Header.Set("Accept", "application/atom+xml, application/xml;q=0.9, */*;q=0.1")

	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{}
	}
	c.count(ctx, 1)
	resp, err := hc.Do(req)
	if err != nil {
		return Page{}, c.netError(ctx, rctx, timeout, err)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	// A page whose last byte came after the caller gave up was still on
	// its way, and is dropped; one that had arrived is parsed and kept
	// whatever happens to ctx meanwhile (fetch).
	late := ctx.Err() != nil
	resp.Body.Close()
	if err != nil {
		return Page{}, c.netError(ctx, rctx, timeout, fmt.Errorf("read arXiv response: %w", err))
	}
	if late {
		return Page{}, ctxerr.Of(ctx)
	}
	if len(body) > maxBody {
		return Page{}, fmt.Errorf("arXiv response is larger than %d MB; not an API page", maxBody>>20)
	}
	return interpret(resp, body)
}

// netError classifies a transport failure: the caller's own cancellation is
// final, everything else (refused, reset, our per-attempt timeout) is
// transient.
func (c *Client) netError(ctx, rctx context.Context, timeout time.Duration, err error) error {
	if ctx.Err() != nil {
		return ctxerr.Of(ctx)
	}
	// A *url.Error spells out the whole request URL, which repeats the
	// query (escaped) that the caller's message already names and buries
	// the fault in the line users read; its cause names the host.
	if ue, ok := err.(*url.Error); ok {
		err = ue.Err
	}
	if rctx.Err() != nil {
		return transient(fmt.Errorf("arXiv did not answer within %s: %w", timeout, err))
	}
	// A host name that does not resolve means no network or a mistyped
	// --arxiv-url; waiting seconds between retries would not change that.
	var dns *net.DNSError
	if errors.As(err, &dns) && dns.IsNotFound {
		return fmt.Errorf("cannot resolve %s (no network, or a mistyped arXiv URL?): %w", dns.Name, err)
	}
	if failFast(ctx, err) {
		return fmt.Errorf("arXiv refused the connection: %w", err)
	}
	return transient(err)
}

func interpret(resp *http.Response, body []byte) (Page, error) {
	status := resp.StatusCode
	page, perr := ParseFeed(bytes.NewReader(body))
	var apiErr *APIError
	if errors.As(perr, &apiErr) {
		apiErr.Status = status
	}
	switch {
	case status >= 200 && status < 300:
		if perr == nil {
			return page, nil
		}
		if apiErr != nil {
			return Page{}, apiErr
		}
		var nf *notFeedError
		if errors.As(perr, &nf) {
			// A cut-off body or a proxy's HTML page with 200 is a passing
			// fault of the path to arXiv, not an answer: retry it.
			return Page{}, transient(&pageError{status: status, ctype: contentType(resp), err: nf})
		}
		return Page{}, fmt.Errorf("read arXiv feed: %w", perr)
	case status == http.StatusTooManyRequests || status == http.StatusRequestTimeout || status >= 500:
		return Page{}, transient(statusError(resp, body, apiErr))
	case apiErr != nil:
		return Page{}, apiErr
	default:
		return Page{}, statusError(resp, body, nil)
	}
}

// pageError is a 2xx answer that is not an Atom feed.
type pageError struct {
	status int
	ctype  string
	err    *notFeedError
}

func (e *pageError) Error() string {
	return fmt.Sprintf("arXiv returned a page that is not an Atom feed (HTTP %d, %s): %s", e.status, e.ctype, e.err.detail)
}

func (e *pageError) Unwrap() error { return e.err }

func statusError(resp *http.Response, body []byte, apiErr *APIError) *StatusError {
	se := &StatusError{Status: resp.StatusCode, RetryAfter: httpwait.RetryAfter(resp.Header.Get("Retry-After"), time.Now())}
	switch {
	case apiErr != nil:
		se.Message = apiErr.Message
	case looksLikeHTML(body):
		if t := htmlTitle(body); t != "no title" {
			se.Message = snippet(t, 120)
		}
	case strings.HasPrefix(contentType(resp), "text/plain"):
		se.Message = snippet(string(body), 120)
	}
	return se
}

func contentType(resp *http.Response) string {
	ct := resp.Header.Get("Content-Type")
	if ct == "" {
		return "no content type"
	}
	if mt, _, err := mime.ParseMediaType(ct); err == nil {
		return mt
	}
	return snippet(ct, 40)
}

// acquire waits for the request slot and for the pacing delay since the
// previous request start. The returned function frees the slot.
func (c *Client) acquire(ctx context.Context) (release func(), err error) {
	c.slotOnce.Do(func() { c.slot = make(chan struct{}, 1) })
	if err := ctxerr.Of(ctx); err != nil {
		return nil, err // select below may pick the free slot over a done context
	}
	select {
	case c.slot <- struct{}{}:
	case <-ctx.Done():
		return nil, ctxerr.Of(ctx)
	}
	release = func() { <-c.slot }
	if c.delay() > 0 && c.PaceFile != "" {
		f, err := openPace(ctx, c.PaceFile)
		if err != nil {
			release()
			return nil, err
		}
		if f != nil {
			if t := readPace(f); t.After(c.start()) {
				c.setStart(t)
			}
			release = func() {
				closePace(f, c.start()) // attempt's deferred update has run
				<-c.slot
			}
		}
	}
	if wait := c.paceLeft(); wait > 0 {
		notifyWait(ctx, Wait{Kind: WaitPacing, D: wait})
		if err := c.sleep(ctx, wait); err != nil {
			release()
			return nil, err
		}
	}
	c.setStart(time.Now())
	return release, nil
}

func (c *Client) start() time.Time {
	c.paceMu.Lock()
	defer c.paceMu.Unlock()
	return c.lastStart
}

func (c *Client) setStart(t time.Time) {
	c.paceMu.Lock()
	c.lastStart = t
	c.paceMu.Unlock()
}

// delay is the pacing delay between request starts: Delay, or
// DefaultDelay when it is zero; negative means none.
func (c *Client) delay() time.Duration {
	if c.Delay == 0 {
		return DefaultDelay
	}
	return c.Delay
}

// paceLeft is what is left of the pacing delay since the last request
// went out: what acquire waits, and the least a retry waits. min: a time
// from the PaceFile ahead of this clock waits no longer than one delay.
// Another process's request in the PaceFile is known only under the
// slot, so a retry's wait may still grow by it.
func (c *Client) paceLeft() time.Duration {
	delay, last := c.delay(), c.start()
	if delay <= 0 || last.IsZero() {
		return 0
	}
	return max(0, min(delay, delay-time.Since(last)))
}

func (c *Client) sleep(ctx context.Context, d time.Duration) error {
	if c.Sleep != nil {
		if err := c.Sleep(ctx, d); err != nil {
			return err
		}
		return ctxerr.Of(ctx)
	}
	if d <= 0 {
		return ctxerr.Of(ctx)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctxerr.Of(ctx)
	}
}

// backoff is the wait after failed attempt n (from 1): Backoff·2^(n-1),
// capped, plus up to 25% jitter so that several gtrag processes hit by the
// same outage do not come back in step.
func (c *Client) backoff(n int) time.Duration {
	base, ceiling := c.Backoff, c.MaxBackoff
	if base <= 0 {
		base = DefaultBackoff
	}
	if ceiling <= 0 {
		ceiling = DefaultMaxBackoff
	}
	d := base
	for i := 1; i < n && d < ceiling; i++ {
		d *= 2
	}
	d = min(d, ceiling)
	if j := int64(d / 4); j > 0 {
		d += time.Duration(rand.Int64N(j))
	}
	return d
}

func (c *Client) userAgent() string {
	if c.UserAgent != "" {
		return c.UserAgent
	}
	return DefaultUserAgent()
}

// DefaultUserAgent names gtrag and its version, as arXiv asks of API clients.
func DefaultUserAgent() string {
	return "gtrag/" + version.Version + " (+https://github.com/gtrag/gtrag)"
}

func (c *Client) endpoint(params url.Values) (string, error) {
	base := c.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("arXiv URL %q is not an http(s) URL", base)
	}
	q := u.Query()
	for k, v := range params {
		q[k] = v
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}
