package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/storetest"
	"github.com/gtrag/gtrag/vectordb"
)

// QA of the commands that read and look after the knowledge base: eval,
// search, papers, stats and store (but copy).

// onePaper is a paper whose abstract is one chunk.
func onePaper(i int) arxiv.Paper {
	p := arxivtest.Paper(i)
	p.Summary = "A short abstract on Nash equilibrium."
	return p
}

// eval's table said "1 papers added", "1 chunks", "in 1 answers" and
// "interrupted after 0 of 1 questions": a count of one takes the singular.
func TestQABrowseEvalReportSaysOneRight(t *testing.T) {
	out := printedEval(t, evaluate.Report{
		Questions: 1, Planned: 1, OffTopicQuestions: 1, OffTopicRefused: new(0.0), OffTopicPapersAdded: 1, StoreGrowth: 1,
		Outcomes:      map[string]int{"answered": 1},
		AnswerQuality: &evaluate.AnswerQuality{Checked: 1, Passed: 1, PassRate: 1, Answers: 1},
	})
	require.Regexp(t, `(?m)^off-topic refused +0% of 1, 1 paper added$`, out)
	require.Regexp(t, `(?m)^store growth +1 chunk$`, out)
	require.Regexp(t, `(?m)^dangling openers +0 in 1 answer$`, out)

	out = printedEval(t, evaluate.Report{Planned: 1, Interrupted: true})
	require.Equal(t, "interrupted before the only question completed: nothing measured\n", out)
	out = printedEval(t, evaluate.Report{Questions: 1, Planned: 2, Interrupted: true, Outcomes: map[string]int{"answered": 1}})
	require.True(t, strings.HasPrefix(out, "interrupted after 1 of 2 questions: these figures cover only that one\n"), out)
}

// Interrupted before its only question completed, eval said "before the
// first of 1 questions".
func TestQABrowseEvalInterruptedBeforeItsOnlyQuestion(t *testing.T) {
	env := testEnv(t)
	srv := auctionServer(t, env)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.OnRequest(func(arxivtest.Request) { cancel() })
	r := gtragCtx(ctx, t, env, "eval", "--fresh", auctionQuestions(t, 1))
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	require.Equal(t, "interrupted before the only question completed: nothing measured\n", r.stdout)
	require.Equal(t, "gtrag: eval interrupted before the only question completed; nothing measured\n", r.stderr)
}

// A long eval on a terminal showed the step running ("searching arXiv")
// and nothing of how far it had got: question 40 of 137 looked like
// question 1. The status line now says which question runs.
func TestQABrowseEvalShowsWhichQuestionOnATerminal(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	screen, code := runOnTerminalOutput(t, env, "", "eval", "--fresh", auctionQuestions(t, 2))
	require.Equal(t, exitOK, code, screen)
	require.Contains(t, screen, "question 1 of 2: searching arXiv")
	require.Contains(t, screen, "question 2 of 2: ")
	require.Contains(t, screen, "questions                  2, each from an empty store")

	// Not on a pipe, nor with --json: the report alone.
	r := gtrag(t, env, "eval", "--fresh", auctionQuestions(t, 2))
	require.Equal(t, exitOK, r.code, r.stderr)
	require.NotContains(t, r.stdout+r.stderr, "question 1 of 2")
}

// A line "null" is no question object; it was called "the question is
// empty".
func TestQABrowseEvalNullLine(t *testing.T) {
	env := testEnv(t)
	file := filepath.Join(t.TempDir(), "q.jsonl")
	require.NoError(t, os.WriteFile(file, []byte("{\"q\": \"What is a core?\"}\nnull\n"), 0o644))
	r := gtrag(t, env, "eval", "--json", file)
	require.Equal(t, exitUsage, r.code)
	require.Empty(t, r.stdout)
	require.Equal(t, "gtrag: "+file+":2: the line must be a JSON object with \"q\"; found null\n", r.stderr)
}

// `papers show ""` (a shell variable left unset) said "not in the
// knowledge base:  (see `gtrag papers list`)", naming nothing; rm too.
// Refused before the store is opened, so nothing is created.
func TestQABrowsePapersEmptyID(t *testing.T) {
	env := testEnv(t)
	for _, args := range [][]string{{"papers", "show", ""}, {"papers", "show", "  "}, {"papers", "rm", ""}} {
		r := gtrag(t, env, args...)
		require.Equal(t, exitUsage, r.code, "%q", args)
		require.Empty(t, r.stdout)
		require.Equal(t, "gtrag: empty paper id: want an arXiv id such as 2301.01234, or a primer id such as primer:core (see `gtrag papers list`)\n", r.stderr)
	}
	r := gtrag(t, env, "papers", "rm", "2301.01234", "")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "gtrag: empty paper id (argument 2): ")
	_, err := os.Stat(env["GTRAG_DATA_DIR"])
	require.True(t, os.IsNotExist(err), "no store made")
}

// A store with one primer entry left: export said "1 primer entries not
// exported: they are not arXiv papers".
func TestQABrowsePapersExportOnePrimerEntry(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store's primer")
	}
	r := gtrag(t, env, "papers", "list", "--json")
	require.Equal(t, exitUsage, r.code, "no store yet")
	require.Zero(t, gtrag(t, env, "ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "p.jsonl", onePaper(1))).code)
	var list papersList
	decodeJSON(t, gtrag(t, env, "papers", "list", "--json"), &list)
	var primers []string
	for _, p := range list.Papers {
		if strings.HasPrefix(p.ID, "primer:") {
			primers = append(primers, p.ID)
		}
	}
	require.Greater(t, len(primers), 1)
	r = gtrag(t, env, append([]string{"papers", "rm"}, primers[1:]...)...)
	require.Zero(t, r.code, r.stderr)
	r = gtrag(t, env, "papers", "export")
	require.Zero(t, r.code, r.stderr)
	require.Equal(t, 1, strings.Count(r.stdout, "\n"), "the paper, not the primer entry")
	require.Equal(t, "note: 1 primer entry not exported: it is not an arXiv paper, and every new store starts with it\n", r.stderr)
}

// compact said "1 unused vector slots".
func TestQABrowseStoreCompactOneSlot(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store only")
	}
	env["GTRAG_SEED"] = "none"
	a, b := onePaper(1), onePaper(2)
	require.Zero(t, gtrag(t, env, "ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "p.jsonl", a, b)).code)
	r := gtrag(t, env, "papers", "rm", a.ID)
	require.Zero(t, r.code, r.stderr)
	require.Contains(t, r.stdout, "(1 chunk)")
	r = gtrag(t, env, "store", "compact")
	require.Zero(t, r.code, r.stderr)
	require.Contains(t, r.stdout, ": 1 unused vector slot, ")
}

// recover said "went back to its previous commit: 1 chunks of 1 papers".
func TestQABrowseStoreRecoverOnePaper(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store only")
	}
	env["GTRAG_SEED"] = "none"
	file := filepath.Join(env["GTRAG_DATA_DIR"], vectordb.StoreFileName)
	require.Zero(t, gtrag(t, env, "ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "a.jsonl", onePaper(1))).code)
	require.Zero(t, gtrag(t, env, "ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "b.jsonl", onePaper(2))).code)
	storetest.FlipMetaBit(t, file, storetest.Newest(t, storetest.Metas(t, file)), storetest.OffFreelist)
	r := gtrag(t, env, "store", "recover", "--accept-rollback")
	require.Zero(t, r.code, r.stderr)
	require.Contains(t, r.stdout, "went back to its previous commit: 1 chunk of 1 paper\n")
}

// compact and recover on a data directory or store file the user may not
// read or write said "open store …/store.db: stat …/store.db: permission
// denied", exit 1, as if the store had failed; stats says the same place
// is a setting to change (exit 2). As root nothing is refused, so the
// mapping is checked on the error itself, and end to end when the tests
// do not run as root.
func TestQABrowseStoreMaintenancePermission(t *testing.T) {
	dir := t.TempDir()
	a := &app{dataDir: dir}
	path := filepath.Join(dir, vectordb.StoreFileName)
	denied := fmt.Errorf("open store %s: %w", path, &fs.PathError{Op: "stat", Path: path, Err: syscall.EACCES})
	err := a.storeAccessError(denied)
	require.ErrorAs(t, err, new(usageError))
	require.Equal(t, exitUsage, exitCode(context.Background(), err))
	require.ErrorIs(t, err, fs.ErrPermission)
	other := errors.New("open store: boom")
	require.NotErrorAs(t, a.storeAccessError(other), new(usageError), "other failures stay failures (exit 1)")

	if os.Geteuid() == 0 {
		return
	}
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		return
	}
	require.Zero(t, gtrag(t, env, "ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "p.jsonl", onePaper(1))).code)
	kb := env["GTRAG_DATA_DIR"]
	require.NoError(t, os.Chmod(kb, 0o500))
	t.Cleanup(func() { os.Chmod(kb, 0o700) })
	for _, args := range [][]string{{"store", "compact"}, {"store", "recover", "--accept-rollback"}} {
		storeRequireOneLine(t, gtrag(t, env, args...), exitUsage, "gtrag: --data-dir: ", "not writable")
	}
}

// A question that uses up its steps (--max-steps) ended the whole eval
// with exit 1 and no report, losing every question measured before it. It
// is now a run with outcome step_limit, counted with what it cost.
func TestQABrowseEvalStepLimitIsAnOutcome(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	r := gtrag(t, env, "eval", "--fresh", "--json", "--max-steps", "3", auctionQuestions(t, 2))
	require.Equal(t, exitOK, r.code, r.stderr)
	var rep struct {
		Questions int            `json:"questions"`
		Outcomes  map[string]int `json:"outcomes"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
	require.Equal(t, 2, rep.Questions)
	require.Equal(t, map[string]int{"step_limit": 2}, rep.Outcomes)

	// ask itself still fails, as a run that did not finish.
	a := gtrag(t, env, "ask", "--max-steps", "2", "How does the Vickrey auction make truthful bidding a dominant strategy?")
	require.Equal(t, 1, a.code)
	require.Contains(t, a.stderr, "step limit 2 reached")
}
