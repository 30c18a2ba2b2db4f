package mcpserver

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
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
func (s *Server) papersChanged(n int) {
	if n > 0 {
		s.addResources()
	}
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
