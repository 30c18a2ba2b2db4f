package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/vectordb"
)

func TestSearchRanksThePrimer(t *testing.T) {
	env := testEnv(t)
	createStore(t, env)
	var out struct {
		Query   string            `json:"query"`
		Results []vectordb.Result `json:"results"`
	}
	decodeJSON(t, gtrag(t, env, "search", "--json", "-k", "4", "second-price sealed-bid auction truthful bidding"), &out)
	require.Len(t, out.Results, 4)
	require.Equal(t, "primer:second-price-vickrey-auction", out.Results[0].PaperID())
	for i, r := range out.Results {
		require.InDelta(t, 0.5, r.Score, 0.5, "scores are in [0,1]")
		require.InDelta(t, 0.5, r.Similarity, 0.5, "similarities are cosines in [0,1]")
		if i > 0 {
			require.LessOrEqual(t, r.Score, out.Results[i-1].Score, "the score shown is the one the order follows")
		}
		require.NotEmpty(t, r.Content)
		require.Equal(t, r.PaperID()+"_chunk_"+r.Metadata["chunk_index"], r.ID, "result %d", i)
	}

	text := gtrag(t, env, "search", "Shapley value")
	require.Equal(t, 0, text.code, text.stderr)
	require.True(t, strings.HasPrefix(text.stdout, " 1. "), text.stdout)
	require.Contains(t, text.stdout, "primer:shapley-value_chunk_0")
	// Both stores report the parts of their scores (TestEndToEndOnWeaviate
	// runs this test on Weaviate).
	require.Regexp(t, `^ 1\. 1\.000 \(vector #1 0\.\d\d, words #1 \d+\.\d\)  primer:shapley-value_chunk_0`, text.stdout)
	decodeJSON(t, gtrag(t, env, "search", "--json", "Shapley value"), &out)
	r := out.Results[0]
	require.Equal(t, "primer:shapley-value_chunk_0", r.ID)
	require.Equal(t, [2]int{1, 1}, [2]int{r.VectorRank, r.LexicalRank}, "the first result's places, in --json as in the text")
	require.Positive(t, r.BM25)
}

// search --rerank lists what ask starts from, and says how it ranked;
// plain search is the store's own order. For "second-price auction" the
// two differ: the store alone puts the primer's first-price entry first.
func TestSearchRanksAsAskDoes(t *testing.T) {
	env := testEnv(t)
	createStore(t, env)
	const q = "second-price auction"
	var ask struct {
		Sources []struct {
			ChunkID string `json:"chunk_id"`
		} `json:"sources"`
	}
	decodeJSON(t, gtrag(t, env, "ask", "--json", q), &ask)
	require.NotEmpty(t, ask.Sources)
	type found struct {
		Ranking string            `json:"ranking"`
		Results []vectordb.Result `json:"results"`
	}
	var ranked, raw found
	decodeJSON(t, gtrag(t, env, "search", "--json", "--rerank", "-k", "3", q), &ranked)
	decodeJSON(t, gtrag(t, env, "search", "--json", "-k", "3", q), &raw)
	require.Len(t, ranked.Results, 3)
	require.Len(t, raw.Results, 3)
	require.Equal(t, ask.Sources[0].ChunkID, ranked.Results[0].ID, "search's first passage is ask's first source")
	require.Equal(t, "primer:second-price-vickrey-auction", ranked.Results[0].PaperID())
	require.NotEqual(t, raw.Results[0].ID, ranked.Results[0].ID, "the store's own order differs here")
	require.Contains(t, ranked.Ranking, `ranked by focus on "second-price auction"`)
	require.Contains(t, raw.Ranking, "the store's order")

	text := gtrag(t, env, "search", "--rerank", "-k", "3", q)
	require.Equal(t, 0, text.code, text.stderr)
	lines := strings.Split(strings.TrimSuffix(text.stdout, "\n"), "\n")
	require.Len(t, lines, 7, "three passages of two lines, then how they were ranked")
	require.Contains(t, lines[0], "primer:second-price-vickrey-auction_chunk_0")
	require.Equal(t, "("+ranked.Ranking+")", lines[6])
}

func TestSearchEmptyStore(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	createStore(t, env)
	r := gtrag(t, env, "search", "nash equilibrium")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "no documents in the store match\n", r.stdout)
}

// A query with no indexed word ("?", "the of") listed five passages of
// the primer in the store's order, each with similarity 0.00, as results.
func TestSearchWithoutAWordIsRefused(t *testing.T) {
	env := testEnv(t)
	createStore(t, env)
	for _, q := range []string{"?", "the of"} {
		r := gtrag(t, env, "search", q)
		require.Equal(t, exitUsage, r.code, q)
		require.Empty(t, r.stdout)
		require.Equal(t, "gtrag: the query \""+q+"\" has no word to search with: stop words and punctuation are not indexed\n", r.stderr)
	}
}

func TestStatsDescribesTheStore(t *testing.T) {
	env := testEnv(t)
	createStore(t, env)
	var before vectordb.Info
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &before)
	require.Equal(t, vectordb.FormatVersion, before.FormatVersion)
	require.Equal(t, "offline", before.Embedder)
	require.Equal(t, vectordb.OfflineDim, before.Dim)
	require.GreaterOrEqual(t, before.Papers, 45, "the primer's entries")
	require.GreaterOrEqual(t, before.Chunks, before.Papers)
	require.Positive(t, before.Bytes)
	require.Equal(t, filepath.Join(env["GTRAG_DATA_DIR"], vectordb.StoreFileName), before.Path)

	// Ingesting two papers, one of them old-style, shows in the counts.
	file := filepath.Join(t.TempDir(), "papers.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(
		`{"id": "2301.01234v2", "title": "Equilibrium bidding", "summary": "Bidders shade bids in first-price auctions."}`+"\n"+
			`{"id": "cs/0112004v1", "title": "Revenue equivalence", "summary": "Standard auctions raise the same expected revenue."}`+"\n"), 0o644))
	r := gtrag(t, env, "ingest", "--no-filter", "--file", file)
	require.Equal(t, 0, r.code, r.stderr)
	var after vectordb.Info
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &after)
	require.Equal(t, before.Papers+2, after.Papers)
	require.Equal(t, before.Chunks+2, after.Chunks)

	text := gtrag(t, env, "stats")
	require.Equal(t, 0, text.code, text.stderr)
	for _, want := range []string{fmt.Sprintf("format version: %d", vectordb.FormatVersion), "embedder:       offline (768 dimensions)", "papers:"} {
		require.Contains(t, text.stdout, want)
	}
}

// stats and papers never embed: they describe, list and export a store
// whatever --embedder says, and need no server or key for it, so stats
// can tell which embedder a store was built with. search embeds the query,
// and refuses another embedder than the store's.
func TestOnlyCommandsThatEmbedRefuseAnotherEmbedder(t *testing.T) {
	env := testEnv(t)
	createStore(t, env)
	require.Equal(t, 0, gtrag(t, env, "stats").code)
	env["OLLAMA_HOST"] = "http://127.0.0.1:1"
	for _, args := range [][]string{{"stats"}, {"papers", "list"}, {"papers", "show", "primer:nash-equilibrium"}, {"papers", "export"}} {
		r := gtrag(t, env, append([]string{"--embedder", "ollama:nomic-embed-text"}, args...)...)
		require.Equal(t, 0, r.code, "%v: %s", args, r.stderr)
	}
	r := gtrag(t, env, "--embedder", "openai:text-embedding-3-small", "stats")
	require.Equal(t, 0, r.code, "no OPENAI_API_KEY needed: %s", r.stderr)
	require.Contains(t, r.stdout, "embedder:       offline (768 dimensions)", "the store's own")

	r = gtrag(t, env, "--embedder", "ollama:nomic-embed-text", "search", "Nash equilibrium")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, `"offline"`)
	require.Contains(t, r.stderr, "--embedder offline")
	require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
}

func TestGraphFormats(t *testing.T) {
	env := testEnv(t)
	nodes := []string{"pull_from_chroma", "check_relevance", "search_arxiv", "filter_game_theory_papers", "add_to_chroma", "generate_response"}
	tests := []struct {
		format string
		want   []string
	}{
		{"ascii", append([]string{"route_after_relevance_check", "not_relevant", "papers_kept", "↺"}, nodes...)},
		{"mermaid", append([]string{"flowchart", "-. relevant .->", "-. none_kept .->"}, nodes...)},
		{"dot", append([]string{"digraph", "style=dashed", `label="papers_kept"`}, nodes...)},
		{"explain", append([]string{"route_after_paper_filter", "papers_seen"}, nodes...)},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			r := gtrag(t, env, "graph", "--format", tt.format)
			require.Equal(t, 0, r.code, r.stderr)
			for _, w := range tt.want {
				require.Contains(t, r.stdout, w)
			}
		})
	}
	r := gtrag(t, env, "graph", "--format", "png")
	require.Equal(t, 2, r.code)
	require.NoDirExists(t, env["GTRAG_DATA_DIR"], "graph needs no store")
}

func TestEvalReportsQuality(t *testing.T) {
	env := testEnv(t)
	srv := newEvalArxiv(t)
	env["GTRAG_ARXIV_URL"] = srv
	file := filepath.Join(t.TempDir(), "q.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(`{"q": "What is a Nash equilibrium?", "relevant": ["primer:nash-equilibrium"]}

{"q": "Why does tit-for-tat do well in the iterated prisoner's dilemma?", "relevant": ["primer:tit-for-tat-iterated-prisoners-dilemma", "primer:second-price-vickrey-auction"]}
{"q": "How do I bake sourdough bread?", "relevant": []}
`), 0o644))

	var rep evaluate.Report
	decodeJSON(t, gtrag(t, env, "eval", "--json", file), &rep)
	require.Equal(t, 3, rep.Questions)
	require.InDelta(t, 2.0/3, rep.AnsweredRate, 1e-9, "the off-topic question is not answered")
	require.InDelta(t, (1+0.5)/2, *rep.RecallAtK, 1e-9, "recall is averaged over questions with relevant ids")
	require.Equal(t, 2, rep.Answerable)
	require.InDelta(t, 1.0, *rep.HitRate, 1e-9)
	require.InDelta(t, 1.0/3, rep.ArxivRate, 1e-9, "the primer answers two; the off-topic one is searched for, and adds nothing")
	require.Equal(t, map[string]int{"answered": 2, "off_topic": 1}, rep.Outcomes)
	require.Zero(t, rep.StoreGrowth)
	require.Len(t, rep.PerQuestion, 3)
	require.Equal(t, 3, rep.PerQuestion[0].Steps)
	require.LessOrEqual(t, rep.P50LatencyMS, rep.P95LatencyMS)

	text := gtrag(t, env, "eval", file)
	require.Equal(t, 0, text.code, text.stderr)
	require.Contains(t, text.stdout, "recall (cited sources)")
	require.Regexp(t, `(?m)^answered +67%$`, text.stdout)
	require.Regexp(t, `(?m)^hit rate +1.00 \(2 of 2 answerable; 95% interval 0.34–1.00\)$`, text.stdout)

	// Any split the file names can be chosen; one it does not name, or a
	// name no file could hold, is a usage error.
	split := filepath.Join(t.TempDir(), "split.jsonl")
	require.NoError(t, os.WriteFile(split, []byte(`{"q": "What is a Nash equilibrium?", "relevant": ["primer:nash-equilibrium"], "split": "dev2"}
{"q": "How do I bake sourdough bread?", "relevant": [], "split": "dev"}
`), 0o644))
	decodeJSON(t, gtrag(t, env, "eval", "--json", "--split", "dev2", split), &rep)
	require.Equal(t, 1, rep.Questions)
	require.Equal(t, "dev2", rep.Split)
	for _, bad := range []string{"heldout", "dev 2"} {
		r := gtrag(t, env, "eval", "--split", bad, split)
		require.Equal(t, 2, r.code, bad)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), "%s: %s", bad, r.stderr)
	}

	for name, body := range map[string]string{"not json": "{q: 1}\n", "empty": "\n\n", "bad question": `{"q": "  "}` + "\n"} {
		bad := filepath.Join(t.TempDir(), "bad.jsonl")
		require.NoError(t, os.WriteFile(bad, []byte(body), 0o644))
		r := gtrag(t, env, "eval", bad)
		require.Equal(t, 2, r.code, name)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), "%s: %s", name, r.stderr)
	}
}

// newEvalArxiv is an arXiv with one auction paper: eval's off-topic
// control searches it and finds nothing.
func newEvalArxiv(t *testing.T) string {
	return arxivtest.New(t, []arxiv.Paper{auctionPaper}).URL
}

func TestEvalChecksWhatAnswersMustContain(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = newEvalArxiv(t)
	file := filepath.Join(t.TempDir(), "answers.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(`{"q": "What is a Nash equilibrium?", "relevant": ["primer:nash-equilibrium"], "must_contain": ["unilateral|deviat", "best response"]}
{"q": "What is a Nash equilibrium, in short?", "relevant": ["primer:nash-equilibrium"], "must_contain": ["zebra crossing"]}
{"q": "How do I bake sourdough bread?", "expect": "off_topic"}
`), 0o644))

	var rep evaluate.Report
	decodeJSON(t, gtrag(t, env, "eval", "--json", file), &rep)
	require.NotNil(t, rep.AnswerQuality, "a set with must_contain is checked")
	aq := rep.AnswerQuality
	require.Equal(t, 3, aq.Checked)
	require.Equal(t, 2, aq.Passed, "the answer lacks only the zebra crossing")
	require.InDelta(t, 2.0/3, aq.PassRate, 1e-9)
	require.Len(t, aq.Failures, 1)
	require.Equal(t, []string{"zebra crossing"}, aq.Failures[0].Missing)
	require.Equal(t, 2, aq.Answers)
	require.Zero(t, aq.DanglingOpeners)
	require.Zero(t, aq.Unfaithful, "offline answers quote their sources verbatim")

	text := gtrag(t, env, "eval", file)
	require.Equal(t, 0, text.code, text.stderr)
	require.Regexp(t, `(?m)^answers pass +67% \(2 of 3\)$`, text.stdout)
	require.Regexp(t, `(?m)^dangling openers +0 in 2 answers$`, text.stdout)
	require.Regexp(t, `(?m)^unfaithful quotes +0$`, text.stdout)

	// A set that says nothing of its answers' content is not scored on it.
	plain := filepath.Join(t.TempDir(), "plain.jsonl")
	require.NoError(t, os.WriteFile(plain, []byte(`{"q": "What is a Nash equilibrium?", "relevant": ["primer:nash-equilibrium"]}`+"\n"), 0o644))
	rep = evaluate.Report{}
	decodeJSON(t, gtrag(t, env, "eval", "--json", plain), &rep)
	require.Nil(t, rep.AnswerQuality)
}

func TestEvalComparesWithABaseline(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = newEvalArxiv(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "q.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(`{"q": "What is a Nash equilibrium?", "relevant": ["primer:nash-equilibrium"]}
{"q": "Why does tit-for-tat do well in the iterated prisoner's dilemma?", "relevant": ["primer:tit-for-tat-iterated-prisoners-dilemma"]}
{"q": "How do I bake sourdough bread?", "expect": "off_topic"}
`), 0o644))
	first := gtrag(t, env, "eval", "--json", file)
	require.Equal(t, 0, first.code, first.stderr)
	var base evaluate.Report
	decodeJSON(t, first, &base)
	require.Equal(t, 2, base.Hits)

	// The same run against itself changes nothing.
	same := filepath.Join(dir, "same.json")
	require.NoError(t, os.WriteFile(same, []byte(first.stdout), 0o644))
	var rep evaluate.Report
	decodeJSON(t, gtrag(t, env, "eval", "--json", "--baseline", same, file), &rep)
	require.NotNil(t, rep.Baseline)
	require.Equal(t, 2, rep.Baseline.Paired)
	require.Empty(t, rep.Baseline.Gained)
	require.Empty(t, rep.Baseline.Lost)
	require.Equal(t, 1.0, rep.Baseline.P)
	require.Equal(t, 1, rep.Baseline.Controls)

	// A baseline that missed the tit-for-tat question shows it gained.
	miss := false
	base.PerQuestion[1].Hit = &miss
	worse := filepath.Join(dir, "worse.json")
	b, err := json.Marshal(base)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(worse, b, 0o644))
	text := gtrag(t, env, "eval", "--baseline", worse, file)
	require.Equal(t, 0, text.code, text.stderr)
	require.Regexp(t, `(?m)^vs baseline +hit rate 0.50 → 1.00 on 2 paired questions: \+1, −0 \(sign test p 1.00\)$`, text.stdout)
	require.Regexp(t, `(?m)^ +controls refused 1 → 1 of 1, papers added 0 → 0$`, text.stdout)
	require.Regexp(t, `(?m)^  gained +Why does tit-for-tat do well in the iterated prisoner's dilemma\?$`, text.stdout)
	require.NotContains(t, text.stdout, "lost")

	// A baseline that cannot be read, is no report, or holds other
	// questions is a usage error before any question is asked.
	other := filepath.Join(dir, "other.json")
	base.PerQuestion = []evaluate.QuestionResult{{Q: "Something else entirely?", Expect: "answer"}}
	b, err = json.Marshal(base)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(other, b, 0o644))
	notReport := filepath.Join(dir, "q-as-report.json")
	require.NoError(t, os.WriteFile(notReport, []byte(`{"q": "x"}`), 0o644))
	for _, bad := range []string{filepath.Join(dir, "missing.json"), notReport, other} {
		env := testEnv(t)
		env["GTRAG_ARXIV_URL"] = newEvalArxiv(t)
		r := gtrag(t, env, "eval", "--baseline", bad, file)
		require.Equal(t, 2, r.code, bad)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), "%s: %s", bad, r.stderr)
		require.Empty(t, r.stdout)
		require.NoDirExists(t, env["GTRAG_DATA_DIR"], "nothing is asked, so no store is made")
	}
}

// Every command's help fits 100 columns: cobra printed a flag's
// description on one line (--choose ran to 222), and the providers'
// lines of the root help ran past 110.
func TestHelpFitsAHundredColumns(t *testing.T) {
	env := testEnv(t)
	var walk func(path []string, c *cobra.Command)
	var paths [][]string
	walk = func(path []string, c *cobra.Command) {
		paths = append(paths, path)
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				walk(append(slices.Clone(path), sub.Name()), sub)
			}
		}
	}
	walk(nil, newRootCmd(&app{getenv: func(string) string { return "" }}))
	require.Greater(t, len(paths), 15)
	for _, p := range paths {
		r := gtrag(t, env, append(p, "--help")...)
		require.Equal(t, 0, r.code, "%v: %s", p, r.stderr)
		for _, l := range strings.Split(r.stdout, "\n") {
			require.LessOrEqual(t, utf8.RuneCountInString(l), 100, "gtrag %s --help: %q", strings.Join(p, " "), l)
		}
	}
}
