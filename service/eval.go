package service

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/gtrag/gtrag/environment"
	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/graph"
)

// EvalRun asks one question of an evaluation set and returns what package
// evaluate measures of the run. It is the one path from a question to a
// scored run: `gtrag eval` and the answer-quality tests of package reasoner
// both take it, so a figure a test reports is the figure the command
// prints.
//
// An offline answer quotes its sources, so the run carries, for each
// citation number, the stored title and text of the paper cited
// (Run.Quoted): evaluate.Unfaithful checks every quote against it.
func (s *Service) EvalRun(ctx context.Context, q evaluate.Question, o AskOptions) (evaluate.Run, error) {
	t := time.Now()
	res, err := s.Ask(ctx, q.Q, o)
	// A question that used up its steps (--max-steps) is a run that did
	// not answer, counted with what it cost, not the end of the eval.
	var limit *graph.StepLimitError
	if err != nil && !errors.As(err, &limit) {
		return evaluate.Run{}, fmt.Errorf("question %q: %w", q.Q, err)
	}
	r := evaluate.Run{
		Question: q, Outcome: res.Outcome, Answer: res.Answer, Abstained: res.Abstained, Offline: res.Offline,
		PapersAdded: res.PapersAdded, ArxivRequests: res.ArxivRequests, LLMCalls: res.LLMCalls, Steps: len(res.Path),
		Latency: time.Since(t), StoreGrowth: res.StoreCountAfter - res.StoreCountBefore,
	}
	for _, src := range res.Sources {
		r.Sources = append(r.Sources, src.PaperID)
	}
	r.Judged = res.PapersSeen
	r.Fetched = objectIDs(res.Environment[environment.ToolArxivSearch])
	r.Added = objectIDs(res.Environment[environment.ToolStoreAdd])
	if res.LLM == "offline" && len(res.Sources) > 0 {
		r.Quoted = map[int]string{}
		for _, src := range res.Sources {
			p, err := s.Paper(ctx, src.PaperID)
			if err != nil {
				return evaluate.Run{}, fmt.Errorf("question %q: read cited source: %w", q.Q, err)
			}
			r.Quoted[src.Number] = p.Title + "\n" + p.Summary
		}
	}
	return r, nil
}

// objectIDs are the "id"s of a tool's recorded objects, each once: the
// papers an arXiv search returned, or the store took.
func objectIDs(items []environment.Item) []string {
	var ids []string
	for _, it := range items {
		for _, o := range it.Objects {
			if id, ok := o["id"].(string); ok && !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return ids
}
