package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/data"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/trace"
	"github.com/gtrag/gtrag/vectordb"
)

// shadingPaper is on today's arXiv, not on the recording's.
var shadingPaper = arxiv.Paper{
	ID:    "2306.04321v1",
	Title: "How much bidders shade their bids in sealed-bid auctions: risk aversion and equilibrium",
	Summary: "We use game theory to measure how much bidders shade their bids in sealed-bid first-price auctions. " +
		"In the Bayesian Nash equilibrium, risk-averse bidders shade less, and the seller's revenue rises.",
	PrimaryCategory: "cs.GT", Categories: []string{"cs.GT"},
}

type forkJSON struct {
	RecordedPath []string `json:"recorded_path"`
	ForkStep     int      `json:"fork_step"`
	Set          string   `json:"set"`
	DivergesAt   int      `json:"diverges_at"`
	Fork         struct {
		Question    string   `json:"question"`
		Answer      string   `json:"answer"`
		Path        []string `json:"path"`
		PapersAdded int      `json:"papers_added"`
	} `json:"fork"`
}

// Time travel offline: the recorded run judged the store relevant at step
// 7 and answered; told it was not, the fork searches again — with no
// network, no LLM, and the knowledge base untouched.
func TestReplayForkOffline(t *testing.T) {
	env, file, _ := traceRecorded(t)
	recorded := trace.Path(traceEvents(t, file))
	require.Equal(t, nodes.CheckRelevance, recorded[6])
	before := dirSnapshot(t, env["GTRAG_DATA_DIR"])
	out := filepath.Join(t.TempDir(), "fork.jsonl")

	r := gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=false", "--offline", "--trace-out", out)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, before, dirSnapshot(t, env["GTRAG_DATA_DIR"]), "an offline fork never touches the knowledge base")
	require.Regexp(t, `(?m)^   7  check_relevance +check_relevance +← then relevant_context=false$`, r.stdout)
	require.Regexp(t, `(?m)^   8  generate_response +≠ search_arxiv$`, r.stdout)
	require.Contains(t, r.stdout, "the paths diverge at step 8")
	require.Contains(t, r.stdout, "Sources:", "the fork's answer follows")

	var j forkJSON
	decodeJSON(t, gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=false", "--offline", "--json"), &j)
	require.Equal(t, recorded, j.RecordedPath)
	require.Equal(t, recorded[:7], j.Fork.Path[:7], "replayed up to and including step 7")
	require.Equal(t, nodes.SearchArxiv, j.Fork.Path[7], "then the router, seeing relevant_context=false, searched")
	require.Equal(t, 8, j.DivergesAt)
	require.Equal(t, "relevant_context=false", j.Set)

	// The recording of the fork is a trace of its own: it replays, it says
	// what it forks, and the viewer draws the recorded branch.
	evs := traceEvents(t, out)
	require.True(t, trace.Complete(evs))
	require.Equal(t, j.Fork.Path, trace.Path(evs))
	_, set, err := trace.Start(evs)
	require.NoError(t, err)
	require.NotNil(t, set.Fork)
	require.Equal(t, 7, set.Fork.Step)
	require.Equal(t, recorded, set.Fork.RecordedPath)
	rp := gtrag(t, env, "replay", out)
	require.Equal(t, 0, rp.code, rp.stderr)
	h := gtrag(t, env, "trace", "--format", "html", out)
	require.Equal(t, 0, h.code, h.stderr)
	require.Contains(t, h.stdout, `<g class="edge recorded" data-from="check_relevance" data-to="generate_response"`)
	require.Contains(t, h.stdout, "The paths diverge at step 8")
	require.Contains(t, h.stdout, "↳ Time travel: after this step the fork set <code>relevant_context=false</code>")
}

// A fork that sets user_query asks another question, and its --json says
// so: it said the recorded one.
func TestReplayForkJSONSaysTheForksQuestion(t *testing.T) {
	env, file, _ := traceRecorded(t)
	var j forkJSON
	decodeJSON(t, gtrag(t, env, "replay", file, "--fork", "1", "--set", "user_query=What is a correlated equilibrium?", "--offline", "--json"), &j)
	require.Equal(t, "What is a correlated equilibrium?", j.Fork.Question)
	decodeJSON(t, gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=false", "--offline", "--json"), &j)
	require.Equal(t, traceQuestion, j.Fork.Question, "the recorded question, when the fork keeps it")
}

// A fork that changes nothing the routers read takes the recorded path.
func TestReplayForkSameDecision(t *testing.T) {
	env, file, _ := traceRecorded(t)
	r := gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=true", "--offline")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "the fork took the recorded path")
}

// A run recorded before runners-up (testdata/trace/run.jsonl: no
// runners_up in its settings) forks with none: its replayed steps ask the
// store for what the recording asked, and do not diverge.
func TestReplayForkOfARunRecordedBeforeRunnersUp(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "trace", "run.jsonl")
	p, err := trace.NewPlayer(traceEvents(t, file))
	require.NoError(t, err)
	require.Zero(t, p.Settings().RunnersUp)
	r := gtrag(t, testEnv(t), "replay", file, "--fork", "7", "--set", "relevant_context=false", "--offline")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "the paths diverge at step 8")
}

// Live: arXiv and the store are today's. Without --write the fork runs on a
// copy of the knowledge base; with it, what the fork adds stays.
func TestReplayForkLiveWritesOnlyWithWrite(t *testing.T) {
	env, file, _ := traceRecorded(t)
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, shadingPaper}, arxivtest.MatchAll())
	env["GTRAG_ARXIV_URL"] = srv.URL
	count := storeCount(t, env)
	before := dirSnapshot(t, env["GTRAG_DATA_DIR"])

	var j forkJSON
	decodeJSON(t, gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=false", "--json"), &j)
	require.NotEmpty(t, srv.Requests(), "a live fork searches arXiv")
	require.Equal(t, nodes.SearchArxiv, j.Fork.Path[7])
	require.Equal(t, 1, j.Fork.PapersAdded, "the fork added today's arXiv's paper, the one the recorded run had not seen, and no more: %+v", j.Fork)
	require.Equal(t, before, dirSnapshot(t, env["GTRAG_DATA_DIR"]), "without --write the knowledge base is untouched")

	decodeJSON(t, gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=false", "--write", "--json"), &j)
	require.Greater(t, storeCount(t, env), count, "--write keeps what the fork added")
}

// A live fork of a run recorded on an empty store starts from an empty
// store, as that run did, where --data-dir holds no knowledge base to copy
// and --seed is left to its default: the scratch store the fork made was
// seeded with the primer, which the fork then answered from and counted
// (store_count_before 0, store_count_after 137, 3 papers added). Its
// counts are those of the same fork on an existing empty knowledge base.
func TestReplayForkLiveOfARunOnAnEmptyStore(t *testing.T) {
	env, file, _ := traceRecorded(t) // GTRAG_SEED=none: an empty store
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, shadingPaper}, arxivtest.MatchAll())
	env["GTRAG_ARXIV_URL"] = srv.URL
	delete(env, "GTRAG_STORE") // a live fork copies the embedded store
	delete(env, "GTRAG_SEED")  // the default: primer
	type forkCounts struct {
		Fork struct {
			PapersAdded int `json:"papers_added"`
			Before      int `json:"store_count_before"`
			After       int `json:"store_count_after"`
			Sources     []struct {
				PaperID string `json:"paper_id"`
			} `json:"sources"`
		} `json:"fork"`
	}
	fork := func(dataDir string) forkCounts {
		t.Helper()
		env["GTRAG_DATA_DIR"] = dataDir
		var c forkCounts
		decodeJSON(t, gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=false", "--json"), &c)
		return c
	}

	missing := filepath.Join(t.TempDir(), "new")
	got := fork(missing)
	require.Zero(t, got.Fork.Before, "the recorded run's store was empty")
	require.Equal(t, 1, got.Fork.PapersAdded, "the fork added today's arXiv's paper, the one the recorded run had not seen: %+v", got.Fork)
	for _, s := range got.Fork.Sources {
		require.False(t, strings.HasPrefix(s.PaperID, data.IDPrefix), "no primer in the fork's store: %+v", got.Fork)
	}
	_, err := os.Stat(missing)
	require.True(t, os.IsNotExist(err), "the fork made no knowledge base")

	empty := filepath.Join(t.TempDir(), "empty")
	db, err := vectordb.Open(context.Background(), empty, vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	require.NoError(t, db.Close())
	want := fork(empty)
	require.Equal(t, want.Fork.After, got.Fork.After, "the store the fork ran on held what it added, as on an empty knowledge base")
	require.Equal(t, want.Fork.PapersAdded, got.Fork.PapersAdded)
}

func TestReplayForkBadUsage(t *testing.T) {
	env, file, _ := traceRecorded(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--fork", "7"}, "needs --set"},
		{[]string{"--set", "relevant_context=false"}, "needs --fork"},
		{[]string{"--fork", "0", "--set", "relevant_context=false"}, "from 1"},
		{[]string{"--fork", "7", "--set", "relevant_context=false", "--trace-out", "-"}, "--trace-out -"},
		{[]string{"--fork", "99", "--set", "relevant_context=false"}, "steps 1 to 8"},
		{[]string{"--fork", "7", "--set", "no_such_field=1"}, `no state field "no_such_field"`},
		{[]string{"--fork", "7", "--set", "relevant_context=[1]"}, "relevant_context=[1]"},
		{[]string{"--fork", "7", "--set", "relevant_context=false", "--offline", "--write"}, "nothing to write"},
		{[]string{"--offline"}, "go with --fork"},
		{[]string{"--fork", "7", "--set", "relevant_context=false", "--trace-out", ""}, "--trace-out is empty"},
		{[]string{"--trace-out", ""}, "--trace-out is empty"},
	} {
		r := gtrag(t, env, append([]string{"replay", file}, c.args...)...)
		require.Equal(t, exitUsage, r.code, "%v: %s", c.args, r.stderr)
		require.Contains(t, r.stderr, c.want, c.args)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), "one line: %s", r.stderr)
	}
}

// --fork 0 is a step out of range, not a plain replay; a second --set is
// refused rather than silently replacing the first; the step that ended
// the run leaves nothing to run after it; and a fork of a fork is recorded
// with the earlier fork's edit, and replays (TestReplayForkOfAFork).
func TestReplayForkStepAndSetEdges(t *testing.T) {
	env, file, _ := traceRecorded(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--fork", "0"}, "--fork 0: steps are numbered from 1; the recorded run has steps 1 to 8"},
		{[]string{"--fork", "0", "--offline"}, "--fork 0: steps are numbered from 1"},
		{[]string{"--fork", "-2", "--set", "no_such_field=1"}, "--fork -2: steps are numbered from 1"},
		{[]string{"--fork", "7", "--set", "relevant_context=false", "--set", "papers_added=2"}, "--set given 2 times"},
		{[]string{"--fork", "8", "--set", "relevant_context=false", "--offline"}, "step 8 (generate_response) ended the run"},
		{[]string{"--fork", "7", "--set", "relevant_context=maybe"}, "relevant_context takes true or false, not a JSON string"},
		{[]string{"--fork", "7", "--set", "papers_added=-5"}, "papers_added takes a whole number, 0 or more"},
	} {
		r := gtrag(t, env, append([]string{"replay", file}, c.args...)...)
		require.Equal(t, exitUsage, r.code, "%v: %s", c.args, r.stderr)
		require.Contains(t, r.stderr, c.want, c.args)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), "one line: %s", r.stderr)
		require.Empty(t, r.stdout, c.args)
	}

	dir := t.TempDir()
	fork := filepath.Join(dir, "fork.jsonl")
	r := gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=false", "--offline", "--trace-out", fork)
	require.Equal(t, 0, r.code, r.stderr)
	forked := trace.Path(traceEvents(t, fork))
	require.Greater(t, len(forked), 9, "the fork searched again: %v", forked)

	// Forking the fork replays the fork's own edit first: up to the new
	// fork's step it follows the fork's path, not the original run's.
	var j forkJSON
	decodeJSON(t, gtrag(t, env, "replay", fork, "--fork", "9", "--set", "arxiv_papers=[]", "--offline", "--json"), &j)
	require.Equal(t, forked[:9], j.Fork.Path[:9], "the replayed prefix is the fork's")
	require.True(t, j.DivergesAt == 0 || j.DivergesAt > 9, "diverges at %d, after the fork's step", j.DivergesAt)
}

// A single-value flag of replay given twice was its last value, without a
// word: "--fork 6 … --fork 7" forked after step 7, and "--trace-out
// a.jsonl --trace-out b.jsonl" recorded to b.jsonl alone. Each is refused,
// naming both values, and nothing is written.
func TestReplayRefusesAFlagGivenTwice(t *testing.T) {
	env, file, _ := traceRecorded(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--fork", "6", "--set", "relevant_context=false", "--offline", "--fork", "7"}, `--fork given twice ("6", then "7"): it takes one STEP`},
		{[]string{"--fork", "7", "--fork", "7", "--set", "relevant_context=false", "--offline"}, `--fork given twice ("7", then "7")`},
		{[]string{"--fork", "7", "--set", "relevant_context=false", "--offline", "--trace-out", a, "--trace-out=" + b}, `--trace-out given twice ("` + a + `", then "` + b + `"): it takes one FILE`},
		{[]string{"--json", "--fork", "7", "--set", "relevant_context=false", "--offline", "--fork", "6"}, "--fork given twice"},
	} {
		r := gtrag(t, env, append([]string{"replay", file}, c.args...)...)
		storeRequireOneLine(t, r, exitUsage, c.want)
		require.Empty(t, r.stdout, c.args)
	}
	require.NoFileExists(t, a)
	require.NoFileExists(t, b)

	// Flags that are the same given twice, and --set's own refusal, are
	// as they were.
	r := gtrag(t, env, "replay", file, "--offline", "--fork", "7", "--set", "relevant_context=false", "--offline", "--json", "--json")
	require.Equal(t, 0, r.code, r.stderr)
}

// ask records a run to one file: a second --trace-out is refused, as
// replay's is, before anything runs or is written.
func TestAskRefusesTraceOutGivenTwice(t *testing.T) {
	env := testEnv(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	r := gtrag(t, env, "ask", "--trace-out", a, "--trace-out", b, "What is a Nash equilibrium?")
	storeRequireOneLine(t, r, exitUsage, `--trace-out given twice ("`+a+`", then "`+b+`"): it takes one FILE`)
	require.Empty(t, r.stdout)
	require.NoFileExists(t, a)
	require.NoFileExists(t, b)
}

// A recording of a fork of a fork carries the chain of edits that made
// it, and gtrag replay reproduces it byte for byte; so does a fork of
// that. A recording of a single fork (no chain) still replays.
func TestReplayForkOfAFork(t *testing.T) {
	env, file, _ := traceRecorded(t)
	dir := t.TempDir()
	fork1 := filepath.Join(dir, "fork.jsonl")
	r1 := gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=false", "--offline", "--trace-out", fork1)
	require.Equal(t, 0, r1.code, r1.stderr)
	_, set, err := trace.Start(traceEvents(t, fork1))
	require.NoError(t, err)
	require.Empty(t, set.Fork.Earlier, "a fork of an original run has its one edit")
	rp := gtrag(t, env, "replay", fork1)
	require.Equal(t, 0, rp.code, rp.stderr)
	require.True(t, strings.HasSuffix(r1.stdout, rp.stdout), "the single fork replays:\n%s\nvs\n%s", r1.stdout, rp.stdout)

	fork2 := filepath.Join(dir, "fork2.jsonl")
	r2 := gtrag(t, env, "replay", fork1, "--fork", "9", "--set", "arxiv_papers=[]", "--offline", "--trace-out", fork2)
	require.Equal(t, 0, r2.code, r2.stderr)
	evs := traceEvents(t, fork2)
	_, set, err = trace.Start(evs)
	require.NoError(t, err)
	require.Equal(t, 9, set.Fork.Step)
	require.Len(t, set.Fork.Earlier, 1)
	require.Equal(t, 7, set.Fork.Earlier[0].Step)
	require.Equal(t, "relevant_context", set.Fork.Earlier[0].Field)
	require.Equal(t, trace.Path(traceEvents(t, fork1)), set.Fork.RecordedPath, "the branch drawn is the forked recording's")

	rp2 := gtrag(t, env, "replay", fork2)
	require.Equal(t, 0, rp2.code, rp2.stderr)
	require.NotEmpty(t, rp2.stdout)
	require.True(t, strings.HasSuffix(r2.stdout, rp2.stdout), "the fork of the fork's answer, replayed byte for byte:\n%s\nvs\n%s", r2.stdout, rp2.stdout)

	// One more generation: the chain grows, and still replays.
	fork3 := filepath.Join(dir, "fork3.jsonl")
	r3 := gtrag(t, env, "replay", fork2, "--fork", "9", "--set", "papers_added=5", "--offline", "--trace-out", fork3)
	require.Equal(t, 0, r3.code, r3.stderr)
	// The footer says what the fork itself did after its step (nothing
	// searched, nothing added), not the edited count.
	require.Contains(t, r3.stdout, "after step 9, arXiv not searched.)")
	_, set, err = trace.Start(traceEvents(t, fork3))
	require.NoError(t, err)
	require.Len(t, set.Fork.Earlier, 2)
	rp3 := gtrag(t, env, "replay", fork3)
	require.Equal(t, 0, rp3.code, rp3.stderr)
	require.True(t, strings.HasSuffix(r3.stdout, rp3.stdout), "%s\nvs\n%s", r3.stdout, rp3.stdout)

	// A fork at an earlier step than the recording's edits carries only
	// those that made its starting state: the later ones belong to the
	// recorded future it replaces.
	fork4 := filepath.Join(dir, "fork4.jsonl")
	r4 := gtrag(t, env, "replay", fork3, "--fork", "8", "--set", "arxiv_papers=[]", "--offline", "--trace-out", fork4)
	require.Equal(t, 0, r4.code, r4.stderr)
	require.NotContains(t, r4.stdout, "5 papers added")
	_, set, err = trace.Start(traceEvents(t, fork4))
	require.NoError(t, err)
	require.Len(t, set.Fork.Earlier, 1)
	require.Equal(t, 7, set.Fork.Earlier[0].Step)
	rp4 := gtrag(t, env, "replay", fork4)
	require.Equal(t, 0, rp4.code, rp4.stderr)
	require.True(t, strings.HasSuffix(r4.stdout, rp4.stdout), "%s\nvs\n%s", r4.stdout, rp4.stdout)
}

// A run its step limit stopped can be forked before the step that reached
// the limit, which the fork keeps (replay has no --max-steps): a fork that
// reaches it too shows how far it went (its paths, its object with outcome
// step_limit) and then says where the limit came from; the step that
// reached it cannot be forked at all.
func TestReplayForkOfAStepLimitedRun(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, videoGamePaper})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	file := filepath.Join(t.TempDir(), "limited.jsonl")
	r := gtrag(t, env, "ask", "--max-steps", "4", "--trace-out", file, traceQuestion)
	require.Equal(t, exitFailure, r.code, r.stderr)
	require.Len(t, trace.Path(traceEvents(t, file)), 4)

	r = gtrag(t, env, "replay", file, "--fork", "3", "--set", "arxiv_papers=[]", "--offline")
	require.Equal(t, exitFailure, r.code, r.stderr)
	require.Regexp(t, `(?m)^   3  search_arxiv +search_arxiv +← then arxiv_papers=\[\]$`, r.stdout, "the paths are shown")
	require.Contains(t, r.stderr, "step limit 4 reached")
	require.Contains(t, r.stderr, "a fork keeps the recorded run's step limit, 4")

	r = gtrag(t, env, "replay", file, "--fork", "3", "--set", "arxiv_papers=[]", "--offline", "--json")
	require.Equal(t, exitFailure, r.code, r.stderr)
	var j struct {
		DivergesAt int `json:"diverges_at"`
		Fork       struct {
			Outcome string   `json:"outcome"`
			Path    []string `json:"path"`
		} `json:"fork"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &j), r.stdout)
	require.Equal(t, "step_limit", j.Fork.Outcome)
	require.Len(t, j.Fork.Path, 4)

	r = gtrag(t, env, "replay", file, "--fork", "4", "--set", "arxiv_papers=[]", "--offline")
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Equal(t, "gtrag: --fork 4: step 4 (filter_game_theory_papers) reached the recorded run's step limit (4), which a fork keeps, so nothing can run after it; fork at a step from 1 to 3\n", r.stderr)
	require.Empty(t, r.stdout)
}
