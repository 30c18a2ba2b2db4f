package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/provider"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
)

// forkOptions are replay's time-travel flags.
type forkOptions struct {
	step     int
	sets     []string // every --set given; a fork changes one field
	offline  bool
	write    bool
	traceOut string
	// forkGiven is whether --fork was on the command line: --fork 0 is a
	// step out of range, not a plain replay.
	forkGiven bool
}

func (o forkOptions) active() bool { return o.forkGiven || len(o.sets) > 0 }

func (o forkOptions) validate() (trace.Edit, error) {
	switch {
	case !o.forkGiven:
		return trace.Edit{}, usagef("--set needs --fork STEP: the step after which it applies, from 1")
	case len(o.sets) == 0:
		return trace.Edit{}, usagef("--fork %d needs --set FIELD=VALUE: what changes after step %d", o.step, o.step)
	case len(o.sets) > 1:
		return trace.Edit{}, usagef("--set given %d times: a fork changes one field (%s); record the fork with --trace-out and fork that recording to change another", len(o.sets), strings.Join(o.sets, ", "))
	case o.offline && o.write:
		return trace.Edit{}, usagef("--write with --offline: an offline fork runs on a scratch store, there is nothing to write")
	}
	e, err := trace.ParseEdit(o.sets[0])
	if err != nil {
		return e, usagef("--set %v", err)
	}
	return e, nil
}

// fork runs replay --fork: the service it runs on decides what the fork
// may touch. --offline: a scratch store holding what the recording's
// store returned, the offline reasoners and an arXiv of the recorded
// papers. Otherwise live (today's store, arXiv and LLM), on a scratch
// copy of the knowledge base unless --write.
func (a *app) fork(ctx context.Context, p *trace.Player, o forkOptions, e trace.Edit, asJSON bool) error {
	file, err := createTraceFile(o.traceOut, p.Path, a.dataDir)
	if err != nil {
		return err
	}
	abort := func() {
		if file != nil {
			file.Abort()
		}
	}
	svc, fo, cleanup, err := a.forkService(ctx, p, o)
	if err != nil {
		abort()
		return err
	}
	defer cleanup()
	defer svc.Close()
	fo.Step, fo.Edit = o.step, e
	flags := a.forkIngestFlags(p, o)
	if file != nil {
		fo.Trace = trace.New(trace.Options{Out: file, Secrets: provider.Secrets(a.getenv), LLM: svc.LLM(), ForkStore: o.store(), StoreFlags: flags,
			ReplayedLLM: p.Settings().LLM, ReplayedUntil: o.step})
	}
	res, err := svc.Fork(ctx, p, fo)
	saveErr := saveTrace(file, err) // returned once the fork is printed
	var limit *graph.StepLimitError
	stopped := errors.As(err, &limit)
	switch {
	case stopped:
		// The fork is shown as far as it went (its paths, or its object
		// with outcome step_limit), then the error, which says where the
		// limit came from: replay has no --max-steps of its own.
		saveErr = errors.Join(fmt.Errorf("%w (a fork keeps the recorded run's step limit, %d)", err, p.Settings().MaxSteps), saveErr)
	case err != nil:
		return err
	}
	if o.offline {
		res.Answer = withFlags(res.Answer, flags) // as the recorded run said it
	} else {
		res.Answer = a.withStoreFlags(res.Answer) // as ask says it
	}
	recorded := p.RecordedPath()
	at := divergence(recorded, res.Path)
	base, _ := p.StateAtFork()
	if asJSON {
		if err := writeJSON(a.io.Out, forkResult{recorded, o.step, e.Field + "=" + string(e.Value), at, forkOwn(res, base)}); err != nil {
			return err
		}
		return saveErr
	}
	printPaths(a.io.Out, recorded, res.Path, o.step, e, at)
	if stopped {
		return saveErr // no answer was written
	}
	fmt.Fprintln(a.io.Out)
	for _, n := range res.Notices {
		a.runNote(n)
	}
	printAnswerWith(a.io.Out, res, forkFooter(res, base, o.step, o.store()))
	return saveErr
}

// forkIngestFlags are the flags a `gtrag ingest` that the fork's answer
// suggests is given, and that its recording keeps (trace.Settings.StoreFlags).
// A live fork runs on (a copy of) the knowledge base and the arXiv that
// replay's own flags choose, as ask would (app.ingestFlags). An offline fork
// touches neither: it answers from the recording's papers, so its
// suggestion names the knowledge base and arXiv of the recorded run, as a
// plain replay of the recording does. `gtrag --data-dir /tmp/kb
// --arxiv-url MIRROR ask …` forked offline by a bare `gtrag replay` said
// "To look for papers: gtrag ingest --query …", which filled the default
// knowledge base from export.arxiv.org.
func (a *app) forkIngestFlags(p *trace.Player, o forkOptions) string {
	if o.offline {
		return p.Settings().StoreFlags
	}
	return a.ingestFlags()
}

// forkResult is what replay --fork --json prints.
type forkResult struct {
	RecordedPath []string `json:"recorded_path"`
	ForkStep     int      `json:"fork_step"`
	Set          string   `json:"set"`
	DivergesAt   int      `json:"diverges_at"` // the first step that differs; 0 if none
	// Fork is the fork's result (forkOwn): its path, answer and sources
	// from the run's start, as recorded_path is; what it did (papers
	// added, searches, requests) after ForkStep alone, as its footer
	// says.
	Fork service.Result `json:"fork"`
}

// forkOwn is res, the Result of a fork after the step whose state base is
// (trace.Player.StateAtFork), with what it did counted as its footer counts
// it: the papers the fork added (papers_added) and the searches it sent
// (searches) after that step, beside its arxiv_requests and llm_calls,
// which only its own steps sent. The path, answer, sources, papers seen and
// store counts stay the forked run's from its start. papers_added counted
// the replayed steps' papers too (6, the footer saying "3 papers added to
// the fork's scratch store"), though the recording answered those steps
// and they added nothing: a script summing what forks fetch counted the
// recorded run's papers once per fork.
func forkOwn(res service.Result, base nodes.GraphState) service.Result {
	own := res
	own.PapersAdded = max(0, res.PapersAdded-base.PapersAdded)
	own.Searches = []nodes.Search{}
	if n := len(base.Searches); n <= len(res.Searches) {
		own.Searches = res.Searches[n:]
	}
	return own
}

// store is where the fork's own steps write (trace.ForkInfo.Store).
func (o forkOptions) store() string {
	switch {
	case o.offline:
		return trace.ForkOffline
	case o.write:
		return trace.ForkKnowledgeBase
	}
	return trace.ForkScratch
}

// forkFooter is the footer of the answer of a fork after step: the
// fork's result counts the whole run, the replayed steps too, but those
// papers came from the recording and went nowhere new. Its last clause
// says what the fork did itself after the fork point (forkOwn; base, the
// state it started from), as replay --fork --json counts it, and where
// that went (store, a trace.ForkInfo.Store): the fork's scratch store
// unless --write. An offline fork's "arXiv" is the
// recording's papers, and no request is sent. A replay of the fork's
// recording prints the same footer.
func forkFooter(res service.Result, base nodes.GraphState, step int, store string) string {
	own := forkOwn(res, base)
	searched, into := "arXiv searched", "the knowledge base"
	if store != trace.ForkKnowledgeBase {
		into = "the fork's scratch store"
	}
	if store == trace.ForkOffline {
		searched = "the recording's papers searched offline (no request sent)"
	}
	last := fmt.Sprintf("after step %d, %s", step, arxivPart(own, searched, into))
	return footerSentence(append(answerParts(own), last))
}

// forkService opens what the fork runs on (see fork) and returns the
// function that removes any scratch directory.
func (a *app) forkService(ctx context.Context, p *trace.Player, o forkOptions) (*service.Service, service.ForkOptions, func(), error) {
	none := func() {}
	if o.write {
		svc, err := a.openService(ctx)
		return svc, service.ForkOptions{}, none, err
	}
	scratch, err := os.MkdirTemp("", "gtrag-fork-")
	if err != nil {
		return nil, service.ForkOptions{}, none, fmt.Errorf("make a scratch directory for the fork: %w", err)
	}
	cleanup := func() { os.RemoveAll(scratch) }
	cfg := a.config()
	cfg.DataDir = scratch
	if o.offline {
		cfg.Store, cfg.LLM, cfg.Seed = "", "offline", service.SeedNone
		if s := p.Settings().Embedder; s != "" {
			cfg.Embedder = s
		}
		if cfg.Embedder != "offline" {
			cfg.Embedder = "offline" // no network: a store the offline embedder can fill
		}
		store, err := service.OpenStore(ctx, cfg)
		if err != nil {
			cleanup()
			return nil, service.ForkOptions{}, none, a.cliError(err)
		}
		if docs := p.RecordedDocumentsAt(o.step); len(docs) > 0 {
			if _, err := store.Add(ctx, docs); err != nil {
				store.Close()
				cleanup()
				return nil, service.ForkOptions{}, none, fmt.Errorf("fill the fork's scratch store: %w", err)
			}
		}
		rs, err := service.OpenReasoners(ctx, cfg)
		if err != nil {
			store.Close()
			cleanup()
			return nil, service.ForkOptions{}, none, a.cliError(err)
		}
		svc := service.New(store, rs, a.arxivClient())
		return svc, service.ForkOptions{Arxiv: trace.PaperStandIn(p.RecordedPapers())}, cleanup, nil
	}
	if a.store != "" {
		cleanup()
		return nil, service.ForkOptions{}, none, usagef("a live fork on %s would write to it: add --write, or use --offline", a.store)
	}
	if err := copyDir(a.dataDir, scratch); err != nil {
		cleanup()
		return nil, service.ForkOptions{}, none, fmt.Errorf("copy the knowledge base for the fork: %w", err)
	}
	cfg.Seed = scratchSeed(p, cfg.Seed)
	svc, err := service.Open(ctx, cfg)
	if err != nil {
		cleanup()
		return nil, service.ForkOptions{}, none, a.cliError(err)
	}
	return svc, service.ForkOptions{}, cleanup, nil
}

// scratchSeed is what a live fork's scratch store starts with when it is
// new (no knowledge base in --data-dir to copy, or one still waiting for
// its primer): seed, as --seed says, unless the recording says the
// recorded run's store was empty. The fork continues that run: its
// replayed steps saw the empty store and its store_count_before is that
// store's size, 0, so a primer seeded into the scratch store would be
// answered from by the fork's own steps and counted in store_count_after
// though the run never held it (0 before, 137 after, 3 papers added).
// --seed none still keeps the primer out of a fork of a primed run.
// --write opens the user's knowledge base as ask does: what a new one of
// theirs starts with is --seed's to say, not a recording's.
func scratchSeed(p *trace.Player, seed string) string {
	if n, ok := p.RecordedStoreCount(); ok && n == 0 {
		return service.SeedNone
	}
	return seed
}

// copyDir copies the regular files under src into dst; a missing src is an
// empty knowledge base.
func copyDir(src, dst string) error {
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(target)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	if os.IsNotExist(err) {
		return nil
	}
	return err
}

// divergence is the first step (from 1) where the two paths differ, or 0.
func divergence(a, b []string) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i + 1
		}
	}
	return 0
}

// printPaths shows the recorded and forked paths side by side.
func printPaths(w io.Writer, recorded, forked []string, at int, e trace.Edit, div int) {
	width := len("recorded")
	for _, n := range recorded {
		width = max(width, len(n))
	}
	fmt.Fprintf(w, "step  %-*s    %s\n", width, "recorded", "fork")
	for i := range max(len(recorded), len(forked)) {
		r, f := "—", "—" // this side had ended
		if i < len(recorded) {
			r = recorded[i]
		}
		if i < len(forked) {
			f = forked[i]
		}
		mark := "  "
		if r != f {
			mark = "≠ "
		}
		line := fmt.Sprintf("%4d  %-*s  %s%s", i+1, width, r, mark, f)
		if i+1 == at {
			line += fmt.Sprintf("    ← then %s=%s", e.Field, e.Value)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	if div == 0 {
		fmt.Fprintf(w, "the fork took the recorded path: %s=%s changed no decision\n", e.Field, e.Value)
	} else {
		fmt.Fprintf(w, "the paths diverge at step %d\n", div)
	}
}
