package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/ingest"
)

// An ingest whose store could not be counted at the end (a Weaviate that
// stopped answering) gives store_count null, as `gtrag ingest --json`
// does, not the last count the store gave, which a client would read as
// its size; the notice says why. The tool's output schema allows it.
func TestIngestResultStoreCountIsNullWhenTheStoreCouldNotBeCounted(t *testing.T) {
	f := newFixture(t, time.Millisecond)
	s := New(f.svc, Options{Version: "test"})
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{}}
	run := func(count int, countErr error) IngestResult {
		_, out, err := s.runIngest(context.Background(), req, "ingest_ids", func(context.Context, *ingest.Ingester) (ingest.Report, error) {
			rep := ingest.Report{StoreCountErr: countErr}
			rep.StoreCount = count
			if countErr != nil {
				rep.Notices = []string{ingest.CountFailedNotice + countErr.Error()}
			}
			return rep, nil
		})
		require.NoError(t, err)
		return out
	}

	out := run(5, errors.New("connection refused"))
	require.Nil(t, out.StoreCount)
	raw, err := json.Marshal(out)
	require.NoError(t, err)
	require.Contains(t, string(raw), `"store_count":null`)
	require.Contains(t, out.Notices, ingest.CountFailedNotice+"connection refused")

	out = run(7, nil)
	require.NotNil(t, out.StoreCount)
	require.Equal(t, 7, *out.StoreCount)

	tools, err := f.session.ListTools(context.Background(), nil)
	require.NoError(t, err)
	for _, tool := range tools.Tools {
		if tool.Name != "ingest_ids" {
			continue
		}
		raw, err := json.Marshal(tool.OutputSchema)
		require.NoError(t, err)
		var schema struct {
			Properties map[string]struct {
				Type any `json:"type"`
			} `json:"properties"`
		}
		require.NoError(t, json.Unmarshal(raw, &schema))
		require.Contains(t, string(raw), `"store_count"`)
		require.Contains(t, []any{[]any{"null", "integer"}}, schema.Properties["store_count"].Type, string(raw))
		return
	}
	t.Fatal("no ingest_ids tool")
}
