package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gtrag/gtrag/internal/iostreams"
	"github.com/gtrag/gtrag/service"
)

// Options configure a Server. The zero value works.
type Options struct {
	// Version is reported to clients in the initialize handshake.
	Version string
	// Log receives the server's log lines (tool calls that failed, the
	// notices of calls); nil discards them. `gtrag mcp` passes standard
	// error: standard output carries the protocol only.
	Log io.Writer
	// Commands, if set, rewrites the gtrag commands an answer suggests
	// ("To look for papers: gtrag ingest --query …"): `gtrag mcp` adds the
	// --data-dir or --store it was given, which the suggestion must name
	// to fill the same knowledge base.
	Commands func(answer string) string
}

// Server serves one Service over MCP. It holds no state of its own besides
// the Service, so one Server may serve many sessions at once.
type Server struct {
	svc *service.Service
	mcp *mcp.Server
	log io.Writer
	// commands is Options.Commands; never nil.
	commands func(string) string
	// resourcePage is the papers a resources/list answer holds:
	// ResourcePageSize, less in a test that pages a small store.
	resourcePage int
	// changes is what the sessions Run serves were told of the papers
	// changing (flushPapersChanged).
	changes paperChanges
}

// New makes the MCP server of svc with every tool and the paper resources
// registered. The caller keeps owning svc (and closes it).
func New(svc *service.Service, o Options) *Server {
	if o.Log == nil {
		o.Log = io.Discard
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	if o.Commands == nil {
		o.Commands = func(answer string) string { return answer }
	}
	s := &Server{svc: svc, log: o.Log, commands: o.Commands, resourcePage: ResourcePageSize}
	// No SDK logger: it reports a session ended by a signal as an error,
	// and the server's own lines (failed calls) say what a user needs.
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "gtrag", Title: "gtrag: game theory from arXiv", Version: o.Version}, &mcp.ServerOptions{
		Instructions: instructions,
	})
	s.mcp.AddReceivingMiddleware(endWithRun, initializeOnceMiddleware, setLevelMiddleware, s.listResourcesMiddleware, s.checkArgsMiddleware)
	s.mcp.AddSendingMiddleware(s.trackListChanged)
	s.addTools()
	s.addResources()
	return s
}

// runKey is the key under which Run's context carries itself.
type runKey struct{}

// endWithRun is receiving middleware that ends each request's context when
// the Run serving its session ends.
//
// Why. The SDK hides the cancellation of the context a session was
// connected with from request handlers (its jsonrpc2 connection wraps it,
// keeping only its values), and on closing the session it waits for the
// handlers in flight. So an interrupt during an ingest_query or an ask
// pacing its arXiv requests ended the server only once the call had run to
// its end: 15 s after SIGTERM, with a 20 s pacing, the ingest completed.
// Run's context reaches the handlers as a value, and the request ends with
// it; what the call had committed stays, as for `gtrag ingest`.
func endWithRun(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		run, ok := ctx.Value(runKey{}).(context.Context)
		if !ok {
			return next(ctx, method, req)
		}
		ctx, cancel := context.WithCancelCause(ctx)
		defer cancel(nil)
		stop := context.AfterFunc(run, func() { cancel(context.Cause(run)) })
		defer stop()
		return next(ctx, method, req)
	}
}

const instructions = `gtrag answers game-theory questions from a local knowledge base of arXiv papers, with numbered citations, and grows it from arXiv when it lacks the answer. Use ask for a cited answer, search to see raw passages (rerank: those ask would start from), list_papers/get_paper to browse, ingest_ids/ingest_query to add papers, stats to describe the store.`

// MCP is the SDK server, for a caller that wants to connect it itself.
func (s *Server) MCP() *mcp.Server { return s.mcp }

// Run serves one session over t until the client disconnects (nil) or ctx
// ends (an error that wraps ctx.Err()). That error says what stopped the
// server when ctx's cause does ("MCP server stopped by SIGTERM", with
// gtrag's signal context), not "context canceled", which reads as code.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error {
	err := s.serve(context.WithValue(ctx, runKey{}, ctx), t)
	if ctx.Err() != nil {
		if cause := context.Cause(ctx); cause != ctx.Err() && errors.Is(cause, ctx.Err()) {
			return fmt.Errorf("MCP server %w", cause)
		}
		return fmt.Errorf("MCP server stopped: %w", ctx.Err())
	}
	return err
}

// serve is the SDK's Server.Run (connect, then wait for the session to
// end or ctx to), keeping the session: a StdioTransport whose input ends
// has the server send it what it is owed first (flushPapersChanged).
func (s *Server) serve(ctx context.Context, t mcp.Transport) error {
	var ss *mcp.ServerSession
	connected := make(chan struct{})
	if st, ok := t.(*stdioTransport); ok {
		st.atEnd(func() {
			<-connected
			if ss != nil {
				s.flushPapersChanged(ctx, ss)
			}
		})
	}
	from := s.changes.count()
	ss, err := s.mcp.Connect(ctx, t, nil)
	if err != nil {
		close(connected)
		return err
	}
	defer s.changes.serve(ss, from)()
	close(connected)
	ended := make(chan error, 1)
	go func() { ended <- ss.Wait() }()
	select {
	case <-ctx.Done():
		ss.Close()
		<-ended
		return ctx.Err()
	case err := <-ended:
		return err
	}
}

// toolError is what a failed call returns: one readable line, logged too.
func (s *Server) toolError(tool string, err error) error {
	line := iostreams.Line(err.Error())
	fmt.Fprintf(s.log, "gtrag mcp: %s: %s\n", tool, line)
	return errors.New(line)
}
