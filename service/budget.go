package service

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/nodes"
)

// DefaultArxivBudget is the total time `gtrag ask` gives arXiv in one run:
// past it the run answers from the store. arXiv asks for 3 s between
// requests, so 20 s is a search with a retry or two, not a minute of
// backoffs against a server that is down.
const DefaultArxivBudget = 20 * time.Second

// BudgetError is an arXiv call cut short because the run's arXiv budget
// (AskOptions.ArxivBudget) ran out. The run goes on with what the store has.
type BudgetError struct{ Budget time.Duration }

func (e *BudgetError) Error() string {
	return fmt.Sprintf("arXiv did not answer within this question's %s budget", e.Budget.Round(time.Millisecond))
}

var errBudgetSpent = errors.New("the arXiv budget is spent")

// budgetSearcher gives all the arXiv calls of one run a common deadline,
// set by the first call: waiting for arXiv's pacing, for retries and for
// the server all count. A call cut short returns a *BudgetError, not a
// context error, so that the search node treats it as arXiv failing (a
// notice, an answer from the store), not as the user cancelling.
type budgetSearcher struct {
	inner  nodes.Searcher
	budget time.Duration

	mu       sync.Mutex
	deadline time.Time
}

func (b *budgetSearcher) Search(ctx context.Context, query string, start, max int, opts arxiv.SearchOptions) (arxiv.Page, error) {
	b.mu.Lock()
	if b.deadline.IsZero() {
		b.deadline = time.Now().Add(b.budget)
	}
	deadline := b.deadline
	b.mu.Unlock()
	bctx, cancel := context.WithDeadlineCause(ctx, deadline, errBudgetSpent)
	defer cancel()
	page, err := b.inner.Search(bctx, query, start, max, opts)
	if err != nil && ctx.Err() == nil && bctx.Err() != nil {
		return arxiv.Page{}, &BudgetError{Budget: b.budget}
	}
	return page, err
}
