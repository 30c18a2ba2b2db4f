package mcpserver

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gtrag/gtrag/ingest"
)

// ingestProgress reports an ingest's progress to a client that asked for it
// (a progress token in the call's _meta), as notifications/progress: the
// papers committed of the papers expected, and a line like the command's
// progress bar. It returns nil, nil when the client did not ask.
//
// Ingestion's OnProgress must return quickly, and a client may read
// slowly, so a goroutine sends the notifications and only the newest
// snapshot waits for it: older ones are dropped, never queued. stop sends
// what is left and waits for the goroutine.
func ingestProgress(ctx context.Context, req *mcp.CallToolRequest) (report func(ingest.Progress), stop func()) {
	token := req.Params.GetProgressToken()
	if token == nil || req.Session == nil {
		return nil, nil
	}
	latest := make(chan ingest.Progress, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		last := -1.0
		for p := range latest {
			n := float64(p.Committed())
			if n <= last {
				continue // progress must increase
			}
			last = n
			// A failed notification (a client gone) changes nothing for the run.
			_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
				ProgressToken: token, Progress: n, Total: float64(p.Target),
				Message: fmt.Sprintf("%d fetched, %d kept, %d rejected, %d skipped", p.Fetched, p.Kept, p.Rejected, p.Skipped+p.Invalid),
			})
		}
	}()
	report = func(p ingest.Progress) {
		for {
			select {
			case latest <- p:
				return
			default:
			}
			select { // the sender is behind: replace the snapshot it has not taken
			case <-latest:
			default:
			}
		}
	}
	stop = func() {
		close(latest)
		<-done
	}
	return report, stop
}
