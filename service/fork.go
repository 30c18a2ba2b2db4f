package service

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/internal/version"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/trace"
)

// ForkOptions say where a recorded run forks and what changes there.
type ForkOptions struct {
	Step int        // the last recorded step replayed, numbered as the trace numbers steps
	Edit trace.Edit // the state field changed after it
	// Arxiv, if set, answers the fork's searches instead of the Service's
	// client: trace.PaperStandIn for an offline fork.
	Arxiv nodes.Searcher
	// Trace, if set, records the fork: the replayed steps, the edit (in
	// Settings.Fork, with the earlier edits of a fork of a fork) and the
	// steps after it.
	Trace *trace.Recorder
}

// Fork is time travel on a recorded run (p): up to and including step
// o.Step every effect is answered from the recording; then o.Edit changes
// the state, the router decides again, and the rest runs on s — its store,
// arXiv client (or o.Arxiv) and reasoners — with the recorded settings.
// Whether that may write to the user's knowledge base is the caller's
// choice of s (gtrag replay --fork opens a copy unless --write).
//
// The Result is the forked run's from its start: its path and its state
// (papers_added, searches) take in the replayed steps, from which the
// fork's own work is that state less Player.StateAtFork. Its
// ArxivRequests and LLMCalls are the requests sent, as ask counts them:
// the replayed steps are answered from the recording and send none, so
// both are the fork's own.
func (s *Service) Fork(ctx context.Context, p *trace.Player, o ForkOptions) (Result, error) {
	start := time.Now()
	var requests, calls atomic.Int64
	ctx = arxiv.CountRequests(ctx, &requests)
	// Counted as ask counts them (it read 0 after a live fork's six
	// requests): the recording of the fork keeps the count too.
	ctx = reasoner.CountCalls(ctx, &calls)
	// One run for the LLM's breaker, as an ask is: an outage after the
	// fork was told by every step and branch that met it (three notices
	// for one timeout with --router llm).
	ctx = reasoner.WithRun(ctx)
	set := p.Settings()
	ao := AskOptions{K: set.K, MaxResults: set.MaxResults, MaxSteps: set.MaxSteps, Pool: set.Pool, MaxSearches: set.MaxSearches}.withDefaults()
	after := s.deps(ao)
	set.LoopSettings.Apply(&after) // as recorded, however old the recording
	if set.Router == nodes.RouterLLM {
		after.Router = s.llm.Router // nil offline: the rules decide after the fork
	}
	after.Chunking = chunker.Options{Size: set.ChunkSize, Overlap: set.ChunkOverlap}
	if o.Arxiv != nil {
		after.Arxiv = o.Arxiv
		_, after.ArxivStandIn = o.Arxiv.(trace.PaperStandIn) // an offline fork's
	}
	var wrap func(nodes.Deps) nodes.Deps
	// A recording routed by a decision agent is routed by one in the fork
	// too, recorded up to the fork and live (or the rules, offline) after.
	opts, decided := decisions(set.Router)
	if o.Trace != nil {
		wrap = o.Trace.Wrap
		ctx = withEmbedTrace(ctx, o.Trace)
		opts = append(opts, graph.WithObserver[nodes.GraphState](o.Trace))
		g, err := nodes.Build(nodes.Deps{})
		if err != nil {
			return Result{}, fmt.Errorf("build the workflow: %w", err)
		}
		// A fork of a fork starts from a state the forked recording's own
		// edits made: its recording carries them, or it would not replay.
		earlier := p.CarriedEdits(o.Step)
		notice := fmt.Sprintf("fork of run %s after step %d: %s=%s", p.ExecutionID(), o.Step, o.Edit.Field, o.Edit.Value)
		for _, e := range earlier {
			notice += fmt.Sprintf("; carries %s=%s after step %d", e.Field, e.Value, e.Step)
		}
		set := trace.Settings{
			LLM: s.llm.Name, Embedder: s.embedder,
			K: ao.K, MaxResults: ao.MaxResults, MaxSteps: ao.MaxSteps, Pool: ao.Pool, MaxSearches: ao.MaxSearches,
			ChunkSize: set.ChunkSize, ChunkOverlap: set.ChunkOverlap, Router: set.Router, LoopSettings: set.LoopSettings,
			Version: version.Version,
			Notices: append(slices.Clip(s.llm.Notices), notice), // clipped: never written into the Set's own array
			Told:    set.Told,                                   // the fork starts where the recording did
			Fork: &trace.ForkInfo{
				Of: p.ExecutionID(), Step: o.Step, Field: o.Edit.Field, Value: o.Edit.Value, RecordedPath: p.RecordedPath(),
				Earlier: earlier,
			},
		}
		// What the fork writes searches and chooses papers with, from its
		// start: a fork of this recording goes on as this one did.
		set.SearchLLM(p.ForkUses(o.Step, after))
		o.Trace.Start(g, p.Question(), set)
	}
	out, err := p.Fork(ctx, o.Step, o.Edit, after, wrap, opts...)
	if o.Trace != nil {
		if terr := o.Trace.Finish(out.Final, err); terr != nil {
			if err == nil {
				err = &TraceError{terr}
			} else {
				err = fmt.Errorf("%w; %w", err, &TraceError{terr})
			}
		}
	}
	var limit *graph.StepLimitError
	if err != nil && !errors.As(err, &limit) {
		return Result{}, err
	}
	countAfter, notices := s.count(ctx, "store_count_after", s.llm.Notices)
	// The question is the fork's: a fork that set user_query asked
	// another, and its --json said the recorded one. (Its recording keeps
	// the recorded question: a replay starts where the recording did.)
	res := newResult(run{
		question: cmp.Or(out.Final.UserQuery, p.Question()), final: out.Final, path: out.Path,
		before: out.CountBefore, after: countAfter, arxivRequests: requests.Load(), llmCalls: calls.Load(),
		llm: s.llm.Name, embedder: s.embedder, notices: notices, start: start, env: out.Environment,
		decisions: decided.decisions(),
	})
	if err != nil {
		// Stopped by the step limit, which a fork keeps from the
		// recording: the state it reached comes beside the error, as
		// Ask and Replay return it.
		res.Outcome = evaluate.OutcomeStepLimit
		return res, err
	}
	return res, nil
}
