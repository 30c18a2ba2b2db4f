package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// Bad command-line input, for ask and every other command, is
// TestHostileCommandLine in hostile_test.go.

// Fixture papers for the fake arXiv: two on sealed-bid auctions, one on a
// video-game engine that only mentions game theory in passing.
var (
	auctionPaper = arxiv.Paper{
		ID:    "2301.01234v2",
		Title: "Equilibrium bidding in first-price sealed-bid auctions",
		Summary: "We apply game theory to first-price sealed-bid auctions with independent private values. " +
			"In the symmetric Bayesian Nash equilibrium each bidder shades her bid below her valuation, " +
			"bidding the expected highest rival value conditional on winning. We characterise how bid shading " +
			"depends on the number of bidders and show that revenue equals that of the second-price auction.",
		Authors: []string{"Ada Bidder", "Ben Vickrey"}, PrimaryCategory: "cs.GT", Categories: []string{"cs.GT", "econ.TH"},
	}
	oldStyleAuction = arxiv.Paper{
		ID:    "cs/0112004v1",
		Title: "Bid shading and revenue in sealed-bid auctions",
		Summary: "A game theory analysis of sealed-bid auctions: bidders shade bids in equilibrium, and the " +
			"seller's expected revenue is the same across standard auction formats under risk neutrality.",
		PrimaryCategory: "cs.GT",
	}
	videoGamePaper = arxiv.Paper{
		ID:    "2302.04567v1",
		Title: "A real-time rendering engine for open-world video games",
		Summary: "We present a rendering engine for open-world video games with streaming level-of-detail. " +
			"Unlike work in game theory, our focus is graphics: frame times, shaders and sealed-bid texture streaming.",
		PrimaryCategory: "cs.GR",
	}
)

func TestAskEmptyStoreLearnsFromArxiv(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, videoGamePaper})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"

	var first service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "--max-results", "3", "How much do bidders shade their bids in sealed-bid auctions?"), &first)
	require.Equal(t, []string{
		nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers,
		nodes.AddToChroma, nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse,
	}, first.Path)
	require.Zero(t, first.StoreCountBefore)
	require.Greater(t, first.StoreCountAfter, first.StoreCountBefore)
	require.Equal(t, 2, first.PapersAdded)
	require.ElementsMatch(t, []string{auctionPaper.ID, oldStyleAuction.ID}, first.PapersSeen,
		"the rendering paper shares a word or two with the question but is not about it: never judged")
	require.Equal(t, nodes.OutcomeAnswered, first.Outcome)
	require.NotEmpty(t, first.Sources)
	for _, s := range first.Sources {
		require.Contains(t, []string{auctionPaper.ID, oldStyleAuction.ID}, s.PaperID, "only added papers are cited")
	}
	require.Contains(t, first.Answer, "[1]")
	require.Equal(t, int64(1), first.ArxivRequests)
	require.Equal(t, "offline", first.LLM)
	require.Equal(t, "offline", first.Embedder)
	require.Zero(t, first.LLMCalls, "offline, no model is asked")

	// A second, related question is answered from the grown store.
	var second service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "Does bid shading in sealed-bid auctions change revenue?"), &second)
	require.Equal(t, []string{nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse}, second.Path)
	require.Zero(t, second.ArxivRequests)
	require.Len(t, srv.Requests(), 1, "arXiv was contacted once in all")
	require.Equal(t, first.StoreCountAfter, second.StoreCountBefore)
}

func TestAskOfflineWithArxivUnreachable(t *testing.T) {
	env := testEnv(t)        // arXiv and Ollama at a closed port, primer seed
	delete(env, "GTRAG_LLM") // nothing configured: auto finds no LLM
	r := gtrag(t, env, "ask", "What is a Nash equilibrium?")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "[1]")
	require.Contains(t, r.stdout, "primer:nash-equilibrium")
	require.Contains(t, r.stdout, "Sources:")
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	require.Len(t, lines, 1, "one notice line: %q", r.stderr)
	require.Contains(t, lines[0], "offline")
}

// The offline answer quotes its sources verbatim through the whole
// command, brackets included: the primer's "uniform on [0, 1]" once came
// out as "uniform on [1]", renumbered as if it were a citation (issue 12).
func TestAskQuotesBracketsVerbatim(t *testing.T) {
	env := testEnv(t)
	r := gtrag(t, env, "ask", "How much should I bid in a first-price auction against one rival whose value is uniform on [0, 1]?")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "uniform on [0, 1]")
	require.NotContains(t, r.stdout, "uniform on [1]")
}

func TestAskOffTopicAddsNothing(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, videoGamePaper})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	var res service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "How do I bake sourdough bread?"), &res)
	require.Equal(t, nodes.OffTopic, res.Answer)
	require.Empty(t, res.Sources)
	require.Zero(t, res.PapersAdded)
	require.Equal(t, res.StoreCountBefore, res.StoreCountAfter)
}

func TestAskStepLimit(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	r := gtrag(t, env, "ask", "--max-steps", "3", "How much do bidders shade their bids in sealed-bid auctions?")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, "step limit 3")
	require.Contains(t, r.stderr, "give a larger --max-steps to let it go on")
	require.NotContains(t, r.stderr, "run the workflow:")
	require.Equal(t, 1, strings.Count(strings.TrimSpace(r.stderr), "\n")+1, r.stderr)

	// With --json a script still gets the object of what the run did,
	// its outcome step_limit, then the same error line and exit code.
	r = gtrag(t, env, "ask", "--json", "--max-steps", "5", "How much do bidders shade their bids in sealed-bid auctions?")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, "step limit 5")
	var res service.Result
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res), r.stdout)
	require.Equal(t, "step_limit", res.Outcome)
	require.Empty(t, res.Answer)
	require.Len(t, res.Path, 5)
	require.Equal(t, res.StoreCountAfter-res.StoreCountBefore > 0, res.PapersAdded > 0)
}

// A run stopped by its step limit after add_to_chroma says, on stdout,
// how many papers it added: the text was the error line alone, while the
// store kept the papers and --json said papers_added. A run stopped
// before adding any prints nothing more than the error. chat says the
// same line.
func TestAskStepLimitSaysThePapersAdded(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction})
	fresh := func() map[string]string {
		env := testEnv(t)
		env["GTRAG_ARXIV_URL"] = srv.URL
		env["GTRAG_SEED"] = "none"
		return env
	}
	const question = "How much do bidders shade their bids in sealed-bid auctions?"
	r := gtrag(t, fresh(), "ask", "--json", "--max-steps", "5", question)
	require.Equal(t, exitFailure, r.code, r.stderr)
	var res service.Result
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res), r.stdout)
	require.Equal(t, nodes.AddToChroma, res.Path[len(res.Path)-1])
	require.Positive(t, res.PapersAdded)

	r = gtrag(t, fresh(), "ask", "--max-steps", "5", question)
	require.Equal(t, exitFailure, r.code, r.stderr)
	papers := "papers"
	if res.PapersAdded == 1 {
		papers = "paper"
	}
	require.Equal(t, fmt.Sprintf("(Stopped before an answer; arXiv searched, %d %s added to the knowledge base.)\n", res.PapersAdded, papers), r.stdout)
	require.Equal(t, 1, strings.Count(r.stderr, "\n"), "the error is still one line: %q", r.stderr)
	require.Contains(t, r.stderr, "step limit 5 reached")

	// chat says the same line: it said it in its own words.
	r = gtragStdin(t, fresh(), question+"\n", "chat", "--max-steps", "5")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, fmt.Sprintf("(Stopped before an answer; arXiv searched, %d %s added to the knowledge base.)\n", res.PapersAdded, papers))

	r = gtrag(t, fresh(), "ask", "--max-steps", "3", question)
	require.Equal(t, exitFailure, r.code, r.stderr)
	require.Empty(t, r.stdout, "no papers added: the error says all there is")
}

// Every range the run flags enforce is stated in their help, as --pool's
// always was: --max-results gave its range only in the error ("want 1 to
// 50"). The range is read from the error, so that help and check agree.
func TestRunFlagsHelpStatesTheirRanges(t *testing.T) {
	env := testEnv(t)
	questions := filepath.Join(t.TempDir(), "eval.jsonl")
	require.NoError(t, os.WriteFile(questions, []byte(`{"q": "What is a core?"}`+"\n"), 0o644))
	args := map[string][]string{"ask": {"What is a core?"}, "chat": nil, "eval": {questions}}
	for _, cmd := range []string{"ask", "chat", "eval"} {
		help := gtrag(t, env, cmd, "--help").stdout
		usage := flagUsages(help)
		for _, flag := range []string{"k", "max-results", "pool", "max-searches", "max-steps"} {
			r := gtrag(t, env, append([]string{cmd, "--" + flag, "0"}, args[cmd]...)...)
			require.Equal(t, exitUsage, r.code, "%s --%s 0: %s", cmd, flag, r.stderr)
			m := regexp.MustCompile(`want 1 to (\d+)`).FindStringSubmatch(r.stderr)
			require.NotNil(t, m, r.stderr)
			require.Regexp(t, `\(1 to `+m[1]+`\b`, usage[flag], "%s --%s states its range", cmd, flag)
		}
		if cmd != "eval" {
			r := gtrag(t, env, append([]string{cmd, "--arxiv-budget", "11m"}, args[cmd]...)...)
			require.Contains(t, r.stderr, "to 10m")
			require.Contains(t, usage["arxiv-budget"], "at most 10m", cmd)
		}
		require.Contains(t, usage["arxiv-delay"], "(0 to 1h)", cmd)
	}
	r := gtrag(t, env, "--arxiv-delay", "2h", "ask", "What is a core?")
	require.Contains(t, r.stderr, "want at most 1h")
	usage := flagUsages(gtrag(t, env, "ingest", "--help").stdout)
	require.Contains(t, usage["max"], "(1 to 30000)")
	require.Contains(t, usage["page-size"], "(1 to 2000)")
}

// flagUsages maps each flag of a --help to its usage text, its wrapped
// lines joined.
func flagUsages(help string) map[string]string {
	out := map[string]string{}
	name := ""
	start := regexp.MustCompile(`^\s+(?:-\w, )?--([\w-]+)(?: \S+)?\s{2,}(.*)$`)
	for _, line := range strings.Split(help, "\n") {
		if m := start.FindStringSubmatch(line); m != nil {
			name = m[1]
			out[name] = m[2]
		} else if name != "" && strings.TrimSpace(line) != "" && strings.HasPrefix(line, "      ") {
			out[name] += " " + strings.TrimSpace(line)
		} else {
			name = ""
		}
	}
	return out
}

func TestAskJSONHasEveryContractField(t *testing.T) {
	env := testEnv(t)
	delete(env, "GTRAG_LLM")
	r := gtrag(t, env, "ask", "--json", "What is a Nash equilibrium?")
	require.Equal(t, 0, r.code, r.stderr)
	var m map[string]any
	decodeJSON(t, r, &m)
	for _, k := range []string{"question", "answer", "sources", "path", "relevant_context", "papers_seen", "papers_added",
		"store_count_before", "store_count_after", "arxiv_requests", "llm", "embedder", "notices", "elapsed_ms"} {
		require.Contains(t, m, k)
	}
	src := m["sources"].([]any)[0].(map[string]any)
	for _, k := range []string{"paper_id", "title", "url", "chunk_id", "score"} {
		require.Contains(t, src, k)
	}
	require.Empty(t, r.stderr, "--json keeps notices inside the object")
	require.NotEmpty(t, m["notices"])
}

// --max-searches beyond what the default step limit fits raises the limit:
// ten searches need up to 55 steps, and the run answers instead of failing at
// step 25 with papers added. A --max-steps the user gives is kept.
func TestAskStepLimitFitsMaxSearches(t *testing.T) {
	srv := arxivtest.World(t, arxivtest.WithBackground(2000))
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	const question = "What is the bargaining set of Aumann and Maschler?"
	var res service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "--max-searches", "10", question), &res)
	require.Greater(t, res.ArxivRequests, int64(4), "the run should search more often than 25 steps allow")
	require.Greater(t, len(res.Path), service.DefaultMaxSteps)
	require.NotEmpty(t, res.Answer)

	env = testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	r := gtrag(t, env, "ask", "--max-searches", "10", "--max-steps", "25", question)
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "step limit 25")
}

// A --pool below the default --max-results shrinks it when --max-results
// was not given: "--pool 1" alone was refused ("--max-results 3 is more
// than --pool 1") for a value the user never set. Both given and at odds
// are still refused.
func TestSmallPoolShrinksTheDefaultMaxResults(t *testing.T) {
	srv := arxivtest.World(t, arxivtest.WithBackground(2000))
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	var res service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "--pool", "1", "--max-searches", "1", "How do bidders shade their bids in first-price auctions?"), &res)
	require.LessOrEqual(t, res.PapersAdded, 1)
	require.Equal(t, int64(1), res.ArxivRequests)

	r := gtrag(t, env, "ask", "--pool", "1", "--max-results", "3", "What is a core?")
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Contains(t, r.stderr, "--max-results 3 is more than --pool 1")
}

// A question asked again soon after is searched from arxiv-cache in the
// data directory: the same answer, no request. eval does not use the
// cache (each question meets arXiv as a new user's would), and
// GTRAG_ARXIV_CACHE_TTL=0 turns it off.
func TestAskRepeatedSearchComesFromTheCache(t *testing.T) {
	srv := arxivtest.World(t, arxivtest.WithBackground(2000))
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	const question = "Why do two parties end up with similar platforms near the middle?"
	var first, again service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", question), &first)
	require.Positive(t, first.ArxivRequests)
	sent := len(srv.Requests())
	decodeJSON(t, gtrag(t, env, "ask", "--json", question), &again)
	require.Zero(t, again.ArxivRequests)
	require.Len(t, srv.Requests(), sent, "no request reached arXiv")
	require.Equal(t, first.Answer, again.Answer)
	for i := range again.Searches {
		require.True(t, again.Searches[i].Cached, "served from the cache")
		again.Searches[i].Cached = false
	}
	require.Equal(t, first.Searches, again.Searches)
	entries, err := os.ReadDir(filepath.Join(env["GTRAG_DATA_DIR"], ArxivCacheDir))
	require.NoError(t, err)
	require.NotEmpty(t, entries)

	off := maps.Clone(env)
	off["GTRAG_ARXIV_CACHE_TTL"] = "0"
	decodeJSON(t, gtrag(t, off, "ask", "--json", question), &again)
	require.Positive(t, again.ArxivRequests, "GTRAG_ARXIV_CACHE_TTL=0: arXiv is asked")

	file := filepath.Join(t.TempDir(), "q.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(`{"q":"`+question+`","relevant":["2301.99999"]}`+"\n"), 0o644))
	sent = len(srv.Requests())
	r := gtrag(t, env, "eval", "--json", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Greater(t, len(srv.Requests()), sent, "eval meets arXiv itself")

	bad := maps.Clone(env)
	bad["GTRAG_ARXIV_CACHE_TTL"] = "forever"
	r = gtrag(t, bad, "ask", question)
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "GTRAG_ARXIV_CACHE_TTL")
}

// A misspelt term is read as the term, and the user told: "nash
// equilibirum" was judged not to be about game theory.
func TestAskReadsAMisspeltTerm(t *testing.T) {
	env := testEnv(t)
	var res service.Result
	r := gtrag(t, env, "ask", "--json", "What is a nash equilibirum?")
	decodeJSON(t, r, &res)
	require.Equal(t, nodes.OutcomeAnswered, res.Outcome)
	require.Equal(t, "primer:nash-equilibrium", res.Sources[0].PaperID)
	require.Contains(t, res.Notices, `read "equilibirum" as "equilibrium"`)
	require.Equal(t, "What is a nash equilibrium?", res.Question)

	// The recording carries the correction's notice, and so does its replay.
	file := filepath.Join(t.TempDir(), "run.jsonl")
	require.Equal(t, 0, gtrag(t, env, "ask", "--trace-out", file, "What is a nash equilibirum?").code)
	var replayed service.Result
	decodeJSON(t, gtrag(t, env, "replay", "--json", file), &replayed)
	require.Contains(t, replayed.Notices, `read "equilibirum" as "equilibrium"`)
}

// With --trace the narration's header says the LLM's notices ("offline: no
// LLM configured …"); the live line does not say them a second time.
func TestAskTraceSaysTheOfflineNoticeOnce(t *testing.T) {
	env := testEnv(t)
	delete(env, "GTRAG_LLM")
	r := gtrag(t, env, "ask", "--trace", "What is a Nash equilibrium?")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, 1, strings.Count(r.stderr, "offline: no Ollama answered"), r.stderr)
	r = gtrag(t, env, "ask", "What is a Nash equilibrium?")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, 1, strings.Count(r.stderr, "offline: no Ollama answered"), r.stderr)
}

// A run a step's error ends (here the embedding server failing once the
// store is made) still gives a script with --json the object of what the
// run did, outcome "failed" and the error in it, then the error line on
// stderr and exit 1; without --json, only the error line.
func TestAskJSONReportsAFailedRun(t *testing.T) {
	env, emb := embedServerStore(t)
	emb.fail.Store(true)
	r := gtrag(t, env, "ask", "--json", "What is a Nash equilibrium?")
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "model runner has unexpectedly stopped")
	var res service.Result
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res), r.stdout)
	require.Equal(t, service.OutcomeFailed, res.Outcome)
	require.Contains(t, res.Error, "model runner has unexpectedly stopped")
	require.Equal(t, "What is a Nash equilibrium?", res.Question)
	require.Empty(t, res.Answer)
	require.Zero(t, res.PapersAdded)

	r = gtrag(t, env, "ask", "What is a Nash equilibrium?")
	require.Equal(t, 1, r.code)
	require.Empty(t, r.stdout)
	require.Contains(t, r.stderr, "model runner has unexpectedly stopped")
}
