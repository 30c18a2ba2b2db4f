package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gtrag/gtrag/service"
)

// paperURIPrefix starts every paper resource's URI.
const paperURIPrefix = "gtrag://paper/"

// PaperURI is the resource URI of a stored paper. Every byte of the id but
// letters, digits and "-._~" is percent-encoded (gtrag://paper/cs%2F0112004v1,
// gtrag://paper/primer%3Anash-equilibrium), as the template's {id} wants.
func PaperURI(id string) string {
	var b strings.Builder
	b.WriteString(paperURIPrefix)
	for i := 0; i < len(id); i++ {
		c := id[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func (s *Server) addResources() {
	s.mcp.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "paper",
		Title:       "A stored arXiv paper",
		Description: "A paper of the knowledge base: title, authors, date, categories, URL and abstract. The id is an arXiv id with or without its version; list_papers gives them.",
		URITemplate: paperURIPrefix + "{id}",
		MIMEType:    "text/markdown",
	}, s.readPaper)
}

func (s *Server) readPaper(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	id, err := url.PathUnescape(strings.TrimPrefix(uri, paperURIPrefix))
	if err != nil || !strings.HasPrefix(uri, paperURIPrefix) || id == "" {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	p, err := s.svc.Paper(ctx, id)
	if errors.Is(err, service.ErrPaperNotFound) {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	if err != nil {
		return nil, s.toolError("read "+uri, err)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
		URI: uri, MIMEType: "text/markdown", Text: paperText(p),
	}}}, nil
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
