package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/trace"
)

// A recorded result of the wrong type is reported at the line that holds
// it (the operation_completed event, not the operation_started one before
// it), with the file name, as every other trace error is: path:line.
func TestReplayWrongTypedResultNamesFileAndLine(t *testing.T) {
	env, file, _ := traceRecorded(t)
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	at := 0
	started := map[string]string{} // op_id → kind
	for i, l := range lines {
		var e map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &e))
		d := e["data"].(map[string]any)
		switch e["type"] {
		case string(trace.OperationStarted):
			started[d["op_id"].(string)] = d["kind"].(string)
		case string(trace.OperationCompleted):
			if at == 0 && started[d["op_id"].(string)] == trace.KindArxivSearch {
				d["result"] = "a string where a page was recorded"
				nb, err := json.Marshal(e)
				require.NoError(t, err)
				lines[i] = string(nb)
				at = i + 1
			}
		}
	}
	require.NotZero(t, at, "the recording has an arXiv search result")
	require.NoError(t, os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644))

	r := gtrag(t, env, "replay", file)
	require.NotEqual(t, 0, r.code, r.stdout)
	require.Contains(t, r.stdout+r.stderr, fmt.Sprintf("%s:%d: the recorded %s result does not decode", file, at, trace.KindArxivSearch))
}

// Every error about a trace file says path:line.
func TestTraceErrorsSayPathAndLine(t *testing.T) {
	_, file, _ := traceRecorded(t)
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	lines[1] = `{"not": "an event"}`
	require.NoError(t, os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	for _, cmd := range [][]string{{"trace", file}, {"replay", file}} {
		r := gtrag(t, testEnv(t), cmd...)
		require.Equal(t, exitUsage, r.code)
		require.Contains(t, r.stderr, file+":2: ", cmd)
	}
}

// A hand-edited progress file that no run could have written (a gap past
// arXiv's limit) would fail the same way on every run; it is set aside
// with a note, and an arXiv refusal on a resumed query mentions --restart.
func TestIngestDamagedProgressFileDoesNotFailForever(t *testing.T) {
	papers := arxivtest.Papers(0, 30)
	srv := arxivtest.New(t, papers)
	env := ingestEnv(t, srv)
	args := []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "10", "--page-size", "10"}
	require.Equal(t, 0, gtrag(t, env, args...).code)
	files, err := filepath.Glob(filepath.Join(env["GTRAG_DATA_DIR"], "ingest", "*.json"))
	require.NoError(t, err)
	require.Len(t, files, 1)
	var st map[string]any
	b, err := os.ReadFile(files[0])
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &st))
	st["gaps"] = []map[string]int{{"start": 40000, "count": 10}}
	b, err = json.Marshal(st)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(files[0], b, 0o644))

	args[5] = "20"
	r := gtrag(t, env, args...)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "ignoring progress file "+files[0]+": gap 40000+10 is outside 0 to 30000; starting from the top")

	// arXiv refuses the next page of a resumed query: the hint names
	// --restart, for when the refusal is about the saved position.
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		return &arxivtest.Reply{Status: http.StatusBadRequest, Body: arxivtest.ErrorFeed(arxivtest.Classic, "start is out of range")}
	})
	args[5] = "30"
	r = gtrag(t, env, args...)
	require.Equal(t, exitFailure, r.code)
	require.Contains(t, r.stderr, "start is out of range")
	require.Contains(t, r.stderr, "--restart starts the ingest over")
	require.Contains(t, r.stdout, "FAILED", "a failed run's summary says so")
}

// When arXiv returns every page empty, ingest stores nothing and says so:
// exit 1, one line naming the ranges and how to retry them (it used to
// exit 0 with nothing stored).
func TestIngestAllPagesEmptyExits1NamingTheRanges(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 30))
	srv.SetFault(func(arxivtest.Request) *arxivtest.Reply { return &arxivtest.Reply{Empty: true} })
	env := faultEnv(t, srv.URL)
	env["GTRAG_SEED"] = "none"
	env["GTRAG_ARXIV_DELAY"] = "10ms"
	r := gtrag(t, env, "ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "30", "--page-size", "10")
	require.Equal(t, exitFailure, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	require.Equal(t, "gtrag: ingest incomplete: arXiv returned no entries for results 1–10, 11–20, 21–30 (30 results, a known arXiv fault); nothing else came, progress saved: run the same command again later to ask for those results", lines[len(lines)-1])
	require.Contains(t, r.stdout, "with results missing")
	require.Contains(t, r.stdout, "kept      0")

	// Scripts see the failure in the JSON too, beside the counts.
	r = gtrag(t, env, "ingest", "--json", "--no-filter", "--query", "cat:cs.GT", "--max", "30", "--page-size", "10")
	require.Equal(t, exitFailure, r.code, r.stderr)
	var rep ingestReport
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
	require.Contains(t, rep.Error, "ingest incomplete: arXiv returned no entries for results 1–10, 11–20, 21–30")
	require.Zero(t, rep.Fetched)
}
