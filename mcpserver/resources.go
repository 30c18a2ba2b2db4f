package mcpserver

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gtrag/gtrag/service"
)

// paperURIPrefix starts every paper resource's URI.
const paperURIPrefix = service.PaperURIPrefix

// ResourcePageSize is the most papers one resources/list answer holds.
// More are had by following its nextCursor, as MCP pages every list: a
// store of a few thousand papers in one answer would be a message of
// megabytes that a client, listing resources to show them, reads whole
// before showing any.
const ResourcePageSize = 100

// PaperURI is the resource URI of a stored paper: gtrag://paper/ and the
// id as it is (gtrag://paper/cs/0112004v1, gtrag://paper/primer:nash-equilibrium),
// which is what the template's {+id} gives. A byte of the id that is not a
// letter, a digit or one of "-._~:/" is percent-encoded, so that nothing in
// an id ("?", "#", "%", a space) can read as more than the id.
func PaperURI(id string) string {
	var b strings.Builder
	b.WriteString(paperURIPrefix)
	for i := 0; i < len(id); i++ {
		c := id[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~:/", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// paperURITemplate is the paper resources' template. {+id}, RFC 6570's
// reserved expansion, and not {id}: the SDK matches a URI against the
// template's regular expression, and {id} takes no reserved character, so
// the plain URIs of an old-style id (gtrag://paper/cs/0402705v2) or of a
// primer paper (gtrag://paper/primer:core), the ones the README shows and
// a model writes, were "Resource not found"; only percent-encoded ids were
// found. {+id} takes both; readPaper decodes what is percent-encoded.
const paperURITemplate = paperURIPrefix + "{+id}"

func (s *Server) addResources() {
	s.mcp.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "paper",
		Title:       "A stored arXiv paper",
		Description: "A paper of the knowledge base: title, authors, date, categories, URL and abstract. The id is an arXiv id with or without its version (2101.00001, cs/0112004v1, arXiv:2101.00001) or a primer paper's id (primer:core); resources/list and list_papers give them.",
		URITemplate: paperURITemplate,
		MIMEType:    "text/markdown",
	}, s.readPaper)
}

// papersChanged tells each session that resources/list has changed when a
// call added papers (n > 0), as the initialize result promises
// (resources.listChanged, which the SDK advertises for a server with a
// template). The SDK sends notifications/resources/list_changed only when
// a resource or a template is added or removed, and the papers are listed
// by listResourcesMiddleware, which it does not see; adding the paper
// template again replaces it with itself and sends the notification,
// debounced, to every session. A client that cached the list stayed stale
// after an ingest.
//
// The change is counted first, for flushPapersChanged: the SDK's timer
// may not have fired when a session ends.
func (s *Server) papersChanged(n int) {
	if n > 0 {
		s.changes.n.Add(1)
		s.addResources()
	}
}

// paperChanges is what each session Run serves has been told of the
// papers changing: whether a list_changed was sent to it after the last
// call that added papers.
type paperChanges struct {
	n        atomic.Uint64 // calls that added papers
	mu       sync.Mutex
	sessions map[*mcp.ServerSession]*toldOf // the sessions Run serves
	// send is the SDK's own sending method handler (trackListChanged's
	// next), with which flushPapersChanged sends what is owed.
	send mcp.MethodHandler
}

// toldOf is what one session has been told of the papers changing.
type toldOf struct {
	mu sync.Mutex // held while a list_changed is sent to the session
	n  uint64     // paperChanges.n when the last list_changed to it was sent
	// flushed: the session's input has ended and what it was owed sent
	// (flushPapersChanged); the SDK's debounced list_changed, when its
	// timer fires after, repeats nothing and is not sent.
	flushed bool
}

// count is paperChanges.n.
func (c *paperChanges) count() uint64 { return c.n.Load() }

// of is what ss has been told, nil for a session Run does not serve.
func (c *paperChanges) of(ss mcp.Session) *toldOf {
	c.mu.Lock()
	defer c.mu.Unlock()
	s, _ := ss.(*mcp.ServerSession)
	return c.sessions[s]
}

// serve records ss as served by Run, told of the changes up to n: those
// made before Run began are no news to it. The func it returns forgets ss.
func (c *paperChanges) serve(ss *mcp.ServerSession, n uint64) (forget func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sessions == nil {
		c.sessions = map[*mcp.ServerSession]*toldOf{}
	}
	c.sessions[ss] = &toldOf{n: n}
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.sessions, ss)
	}
}

const listChangedMethod = "notifications/resources/list_changed"

// trackListChanged is sending middleware that records, for each session
// Run serves, the list_changed the SDK sends it; one sent after the
// session was flushed, with nothing new to tell, is dropped.
func (s *Server) trackListChanged(next mcp.MethodHandler) mcp.MethodHandler {
	s.changes.send = next
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method != listChangedMethod {
			return next(ctx, method, req)
		}
		told := s.changes.of(req.GetSession())
		if told == nil {
			return next(ctx, method, req)
		}
		told.mu.Lock()
		defer told.mu.Unlock()
		n := s.changes.count()
		if told.flushed && told.n >= n {
			return nil, nil
		}
		told.n = n // sent after every change counted so far
		return next(ctx, method, req)
	}
}

// flushPapersChanged sends ss the list_changed it is owed, now: one for
// papers added since the last the SDK sent it, whose debounce timer has
// not fired yet. StdioTransport calls it when the input ends (see there),
// after which the SDK could no longer send it.
//
// It is sent only to the sessions the SDK itself sends list_changed on the
// session (notifySessions, mcp/server.go, SDK v1.8.0): those not
// initialized, or initialized with a protocol version before 2026-07-28.
// A 2026-07-28 client is told only on a subscriptions/listen stream it
// opened, which the end of its input does not wait for.
func (s *Server) flushPapersChanged(ctx context.Context, ss *mcp.ServerSession) {
	told := s.changes.of(ss)
	if told == nil || ctx.Err() != nil {
		return
	}
	if p := ss.InitializeParams(); p != nil && p.ProtocolVersion >= "2026-07-28" {
		return
	}
	told.mu.Lock()
	defer told.mu.Unlock()
	told.flushed = true
	n := s.changes.count()
	if told.n >= n {
		return
	}
	told.n = n
	// Sent as the SDK's timer sends it, past trackListChanged (this is
	// what it records). An error means the client is gone: nothing to do.
	_, _ = s.changes.send(ctx, listChangedMethod, &mcp.ServerRequest[*mcp.ResourceListChangedParams]{
		Session: ss, Params: &mcp.ResourceListChangedParams{},
	})
}

func (s *Server) readPaper(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	id, err := url.PathUnescape(strings.TrimPrefix(uri, paperURIPrefix))
	if err != nil || !strings.HasPrefix(uri, paperURIPrefix) || id == "" {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	p, err := s.svc.Paper(ctx, id) // read as service.PaperID reads it: arXiv:…, an abs URL
	if errors.Is(err, service.ErrPaperNotFound) {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	if err != nil {
		return nil, s.internalError("read "+uri, err)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
		URI: uri, MIMEType: "text/markdown", Text: paperText(p),
	}}}, nil
}

// internalError is what a resource request that failed on the server's
// side answers: a JSON-RPC error with a code (the SDK sends 0, no JSON-RPC
// code, for a plain error) and the tool error's one line.
func (s *Server) internalError(what string, err error) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: s.toolError(what, err).Error()}
}

// listResources answers resources/list, which the SDK answers from the
// resources registered with it: none, since papers come and go with every
// ingest, and an assistant that lists resources to offer them saw an empty
// knowledge base. Here the stored papers are the resources, in id order,
// ResourcePageSize at a time. The cursor is the last id of the page before
// (base64, opaque to the client), not an offset, so that papers ingested or
// removed while a client pages neither repeat nor skip the others.
func (s *Server) listResources(ctx context.Context, req *mcp.ListResourcesRequest) (*mcp.ListResourcesResult, error) {
	var after string
	if req.Params != nil && req.Params.Cursor != "" {
		raw, err := base64.RawURLEncoding.DecodeString(req.Params.Cursor)
		id, ok := strings.CutPrefix(string(raw), cursorMark)
		if err != nil || !ok || id == "" || !utf8.ValidString(id) {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("cursor %q: not one this server gave", req.Params.Cursor)}
		}
		after = id
	}
	ids, err := s.svc.PaperIDs(ctx)
	if err != nil {
		return nil, s.internalError("resources/list", err)
	}
	start := 0
	if after != "" {
		start, _ = slices.BinarySearch(ids, after)
		if start < len(ids) && ids[start] == after {
			start++
		}
	}
	page := ids[start:min(start+s.resourcePage, len(ids))]
	found, _, err := service.FindPapers(ctx, s.svc.Store(), page)
	if err != nil {
		return nil, s.internalError("resources/list", err)
	}
	res := &mcp.ListResourcesResult{Resources: make([]*mcp.Resource, 0, len(found))}
	res.CacheScope = "public" // what the SDK sets on the lists it answers
	for _, p := range found { // a paper deleted since the list was read is left out
		res.Resources = append(res.Resources, &mcp.Resource{
			URI: PaperURI(p.ID), Name: p.ID, Title: p.Title, MIMEType: "text/markdown",
		})
	}
	if start+len(page) < len(ids) {
		res.NextCursor = base64.RawURLEncoding.EncodeToString([]byte(cursorMark + page[len(page)-1]))
	}
	return res, nil
}

// cursorMark opens every cursor listResources gives, so that one it did
// not give ("garbage" is base64 too) is refused rather than read as an id
// and answered with an empty page.
const cursorMark = "after:"

// listResourcesMiddleware routes resources/list to listResources.
func (s *Server) listResourcesMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if r, ok := req.(*mcp.ListResourcesRequest); ok && method == "resources/list" {
			return s.listResources(ctx, r)
		}
		return next(ctx, method, req)
	}
}

// paperText is a paper as a resource shows it.
func paperText(p service.Paper) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", p.Title)
	fmt.Fprintf(&b, "- arXiv id: %s\n", p.ID)
	if len(p.Authors) > 0 {
		fmt.Fprintf(&b, "- Authors: %s\n", strings.Join(p.Authors, ", "))
	}
	if p.Published != "" {
		fmt.Fprintf(&b, "- Published: %s\n", p.Published)
	}
	if len(p.Categories) > 0 {
		fmt.Fprintf(&b, "- Categories: %s\n", strings.Join(p.Categories, ", "))
	}
	if p.AbsURL != "" {
		fmt.Fprintf(&b, "- URL: %s\n", p.AbsURL)
	}
	if p.Summary != "" {
		fmt.Fprintf(&b, "\n## Abstract\n\n%s\n", p.Summary)
	}
	return b.String()
}
