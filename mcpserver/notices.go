package mcpserver

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/iostreams"
	"github.com/gtrag/gtrag/reasoner"
)

// NoticeLevel is the MCP log level of a call's notices: normal but
// significant events (arXiv failed and the answer came from the store, the
// LLM failed and the offline reasoner took over, an id arXiv does not know).
const NoticeLevel mcp.LoggingLevel = "notice"

// logLevels are the levels of MCP's logging/setLevel, least severe first.
var logLevels = []mcp.LoggingLevel{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// tell says the notices of a call of tool, as the command line says a
// run's: on the server's log (standard error for `gtrag mcp`), a line
// each, and to a client that asked for log messages (logging/setLevel at
// NoticeLevel or below) as notifications/message. The result carries
// them too, but a client shows its user the server's log, not a result's
// fields. Notices of the server's setup (an LLM not configured), which
// every ask repeats, are left out: `gtrag mcp` said them once when it
// started.
func (s *Server) tell(ctx context.Context, req *mcp.CallToolRequest, tool string, notices []string) {
	for _, n := range notices {
		if slices.Contains(s.svc.Reasoners().Notices, n) {
			continue
		}
		// A line for a person, as the command line prints it; the
		// result carries the notice whole.
		line := iostreams.Line(reasoner.ShortNotice(n))
		fmt.Fprintf(s.log, "gtrag mcp: %s: note: %s\n", tool, line)
		if req != nil && req.Session != nil {
			// The session sends it only at the level the client asked
			// for; a client gone changes nothing for the call.
			_ = req.Session.Log(ctx, &mcp.LoggingMessageParams{Logger: "gtrag", Level: NoticeLevel, Data: tool + ": " + line})
		}
	}
}

// retries says each retry of the arXiv client for a call of tool as it
// happens, as `gtrag ingest` does ("arXiv: attempt 2 failed (…); retrying
// in 4s"): a failing arXiv otherwise left the caller a minute of silence
// before the tool's error. The client is the server's, shared by every
// call, so the retries are heard through the call's context
// (arxiv.Watch), not the client's OnRetry.
func (s *Server) retries(ctx context.Context, req *mcp.CallToolRequest, tool string) func(arxiv.Wait) {
	return func(w arxiv.Wait) {
		if w.Kind != arxiv.WaitRetry || w.Retry == nil {
			return
		}
		s.tell(ctx, req, tool, []string{w.Retry.String()}) // tell folds it onto one line
	}
}

// setLevelMiddleware refuses a logging/setLevel to a level MCP does not
// define with an invalid-params error: the SDK took any word, and then
// sent every message, as it reads a level it does not know as debug.
func setLevelMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if p, ok := req.GetParams().(*mcp.SetLoggingLevelParams); ok && method == "logging/setLevel" && p != nil {
			if !slices.Contains(logLevels, p.Level) {
				words := make([]string, len(logLevels))
				for i, l := range logLevels {
					words[i] = string(l)
				}
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams,
					Message: fmt.Sprintf("log level %q: want one of %s", p.Level, strings.Join(words, ", "))}
			}
		}
		return next(ctx, method, req)
	}
}
