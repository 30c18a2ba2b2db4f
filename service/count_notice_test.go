package service_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
)

// downStore is a store whose server stopped answering its counts, as a
// Weaviate that died: it gives the last count it had.
type downStore struct {
	service.Store
	last int
}

func (s downStore) CountContext(context.Context) (int, error) {
	return 0, errors.New("count chunks: connection refused")
}

func (s downStore) LastCount() int { return s.last }

// downService is an offline Service, with arXiv at arxivURL, whose store
// can no longer be counted and last gave last.
func downService(t *testing.T, arxivURL string, last int) *service.Service {
	t.Helper()
	return assembled(t, arxivURL, func(db service.Store, _ *reasoner.Set) service.Store {
		return downStore{Store: db, last: last}
	})
}

// A count the store could not give is reported as the last one it gave,
// and the result says so: store_count_after was 42 with nothing to tell
// it from a count taken after the run.
func TestAskSaysWhenTheStoreCouldNotBeCounted(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 20), arxivtest.MatchAll())
	svc := downService(t, srv.URL, 42)

	res, err := svc.Ask(context.Background(), "How do bidders shade bids in first-price auctions?", service.AskOptions{})
	require.NoError(t, err)
	require.Equal(t, 42, res.StoreCountBefore)
	require.Equal(t, 42, res.StoreCountAfter)
	require.Contains(t, res.Notices, "the knowledge base could not be counted, so store_count_before is the last count it gave: count chunks: connection refused")
	require.Contains(t, res.Notices, "the knowledge base could not be counted, so store_count_after is the last count it gave: count chunks: connection refused")
}

// A fork, too, says when its store could not be counted after it.
func TestForkSaysWhenTheStoreCouldNotBeCounted(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 40), arxivtest.MatchAll())
	_, p := recordLLMRun(t, routedService(t, srv.URL, scriptedRouter{}))

	svc := downService(t, srv.URL, 5)

	res, err := svc.Fork(context.Background(), p, service.ForkOptions{
		Step: 7, Edit: trace.Edit{Field: nodes.FieldRelevantContext, Value: json.RawMessage("false")},
	})
	require.NoError(t, err)
	require.Equal(t, 5, res.StoreCountAfter)
	require.Contains(t, res.Notices, "the knowledge base could not be counted, so store_count_after is the last count it gave: count chunks: connection refused")
}
