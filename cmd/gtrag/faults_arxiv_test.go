package main

import (
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
)

// faultQuestion is on game theory but not covered by the primer well
// enough for the offline judge, so ask searches arXiv for it.
const faultQuestion = "How do miners bid in equilibrium of blockchain transaction fee auctions?"

// faultAttempts is the attempts per request that faultEnv allows
// (GTRAG_ARXIV_RETRIES=1).
const faultAttempts = 2

// faultEnv is testEnv pointed at arxivURL with the client tuned so that a
// fault costs at most a couple of seconds: two attempts, 20ms backoff, 1s
// per attempt.
// The tuning goes through the same environment variables a user would set.
func faultEnv(t *testing.T, arxivURL string) map[string]string {
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = arxivURL
	env["GTRAG_ARXIV_RETRIES"] = "1"
	env["GTRAG_ARXIV_BACKOFF"] = "20ms"
	env["GTRAG_ARXIV_TIMEOUT"] = "1s"
	return env
}

// faultClosedURL is an arXiv URL at a port nobody listens on: connections
// are refused.
func faultClosedURL(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	return "http://" + addr + "/api/query"
}

// faultCase is one way arXiv fails, and how the user should read it.
type faultCase struct {
	name  string
	reply arxivtest.Reply // the answer from the fault on; unused when refused
	// refused: no server at all.
	refused bool
	// attempts is how many requests the client makes for the failing page.
	// A reset may make Go's transport resend once more on its own.
	attempts     int
	mayResend    bool
	words        string        // how the one line names the fault
	retryAfterAt time.Duration // least gap between attempts at the server (Retry-After)
}

func faultCases(t *testing.T) []faultCase {
	html, err := os.ReadFile(filepath.Join("..", "..", "testdata", "arxiv", "error_page.html"))
	require.NoError(t, err)
	full := arxivtest.Feed(arxivtest.Classic, "search_query=cat:cs.GT", arxiv.Page{Papers: arxivtest.Papers(10, 10), Total: 30, Start: 10, PerPage: 10})
	return []faultCase{
		{name: "connection refused", refused: true, words: "connection refused"},
		{name: "connection reset", reply: arxivtest.Reply{Hangup: true}, attempts: faultAttempts, mayResend: true, words: "connection reset"},
		{name: "never answers", reply: arxivtest.Reply{Stall: true}, attempts: faultAttempts, words: "did not answer within 1s"},
		{name: "429 with Retry-After", reply: arxivtest.Reply{Status: http.StatusTooManyRequests, RetryAfter: "1", ContentType: "text/plain", Body: "Rate exceeded."},
			attempts: faultAttempts, words: "HTTP 429 Too Many Requests: Rate exceeded.", retryAfterAt: time.Second},
		{name: "503 with Retry-After", reply: arxivtest.Reply{Status: http.StatusServiceUnavailable, RetryAfter: "1", ContentType: "text/html", Body: string(html)},
			attempts: faultAttempts, words: `HTTP 503 Service Unavailable: "arXiv is temporarily unavailable"`, retryAfterAt: time.Second},
		{name: "500", reply: arxivtest.Reply{Status: http.StatusInternalServerError}, attempts: faultAttempts, words: "HTTP 500 Internal Server Error"},
		{name: "truncated XML", reply: arxivtest.Reply{Body: full[:len(full)/2]}, attempts: faultAttempts, words: "not an Atom feed"},
		{name: "HTML error page with 200", reply: arxivtest.Reply{ContentType: "text/html; charset=utf-8", Body: string(html)}, attempts: faultAttempts, words: "not an Atom feed (HTTP 200, text/html)"},
		{name: "arXiv error feed", reply: arxivtest.Reply{Status: http.StatusBadRequest, Body: arxivtest.ErrorFeed(arxivtest.Modern, "unexpected end of search_query")}, attempts: 1, words: "unexpected end of search_query"},
		{name: "empty page", reply: arxivtest.Reply{Empty: true}, attempts: faultAttempts, words: "no entries"},
	}
}

// TestFaultsArxivAskAnswersFromTheStore: whatever arXiv does, ask answers
// from the primer with exit 0, says in one line what went wrong, and leaves
// the store as it was.
func TestFaultsArxivAskAnswersFromTheStore(t *testing.T) {
	for _, tc := range faultCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var srv *arxivtest.Server
			var url string
			if tc.refused {
				url = faultClosedURL(t)
			} else {
				srv = arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction}, arxivtest.MatchAll())
				srv.SetFault(func(arxivtest.Request) *arxivtest.Reply { return &tc.reply })
				url = srv.URL
			}
			env := faultEnv(t, url)
			createStore(t, env)
			require.Equal(t, 0, gtrag(t, env, "stats").code, "seed the store with the primer")
			before := dirSnapshot(t, env["GTRAG_DATA_DIR"])

			r := gtrag(t, env, "ask", faultQuestion)
			require.Equal(t, 0, r.code, r.stderr)
			faultRequireClean(t, r)
			require.NotContains(t, r.stdout, nodes.OffTopic)
			require.Contains(t, r.stdout, "Sources:")
			require.Contains(t, r.stdout, "primer:")
			require.Contains(t, r.stdout, "arXiv could not be reached", "the run did try arXiv, and the footer says in words that it failed")
			var notice string
			for _, line := range faultLines(r.stderr) {
				require.True(t, strings.HasPrefix(line, "note: "), "stderr holds notices only: %q", line)
				if strings.Contains(line, "arXiv") {
					require.Empty(t, notice, "one line about arXiv: %q", r.stderr)
					notice = line
				}
			}
			t.Log(notice)
			require.Contains(t, notice, tc.words)
			faultRequireReadable(t, notice)
			require.Equal(t, before, dirSnapshot(t, env["GTRAG_DATA_DIR"]), "the store is unchanged")
			if srv != nil {
				faultRequireAttempts(t, tc, srv.Requests())
			}
		})
	}
}

// TestFaultsArxivIngestStopsAndResumes: an ingest whose second page fails
// retries within its bounds, stops with exit 1 and one line that says what
// happened and what to do, keeps the first page and its progress, and the
// same command continues after the fault clears without fetching the first
// page again. An empty page is different by design (issue 7): the run goes
// on past it and records the gap, then exits 1 naming the range (issue 15:
// a run that did not get what was asked for is not a success).
func TestFaultsArxivIngestStopsAndResumes(t *testing.T) {
	for _, tc := range faultCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			papers := arxivtest.Papers(0, 30)
			srv := arxivtest.New(t, papers)
			env := faultEnv(t, srv.URL)
			env["GTRAG_SEED"] = "none"
			args := []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "30", "--page-size", "10"}
			if tc.refused {
				// arXiv goes away after the first page: commit it, then
				// run the full command against a closed port.
				r := gtrag(t, env, "ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "10", "--page-size", "10")
				require.Equal(t, 0, r.code, r.stderr)
				env["GTRAG_ARXIV_URL"] = faultClosedURL(t)
			} else {
				srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
					if r.Start == 10 {
						return &tc.reply
					}
					return nil
				})
			}

			r := gtrag(t, env, args...)
			faultRequireClean(t, r)
			lines := faultLines(r.stderr)
			for _, line := range lines[:len(lines)-1] {
				if tc.reply.Empty && strings.HasPrefix(line, "note: arXiv kept returning no entries for results 11–20 of 30") {
					continue // said when it happens, and again in the last line
				}
				require.True(t, strings.HasPrefix(line, "note: arXiv: attempt "), "only retry notes before the last line: %q", line)
			}
			last := lines[len(lines)-1]
			t.Log(last)
			faultRequireReadable(t, last)
			want := papers[:10]
			state := faultState(t, env)
			if tc.reply.Empty {
				require.Equal(t, exitFailure, r.code, r.stderr)
				require.Equal(t, "gtrag: ingest incomplete: arXiv returned no entries for results 11–20 (10 results, a known arXiv fault); the rest is stored and progress saved: run the same command again later to ask for those results", last)
				require.Contains(t, r.stdout, "with results missing")
				want = append(papers[:10:10], papers[20:]...)
				require.Equal(t, []any{map[string]any{"start": 10.0, "count": 10.0}}, state["gaps"])
			} else {
				require.Equal(t, exitFailure, r.code, r.stderr)
				require.True(t, strings.HasPrefix(last, "gtrag: ingest stopped: "), last)
				require.Contains(t, last, tc.words)
				if tc.refused {
					// This run committed nothing; the earlier one did.
					require.True(t, strings.HasSuffix(last, "; run the same command again to continue from there"), last)
				} else {
					require.Contains(t, last, "(1 batch committed before it, progress saved); run the same command again to continue from there")
				}
				if !tc.refused {
					require.Contains(t, r.stdout, "kept      10")
				}
				require.Equal(t, 10.0, state["next"], "progress is the committed page")
				require.Equal(t, false, state["done"])
			}
			require.ElementsMatch(t, ingestIDs(want), ingestStoredPapers(t, env), "every committed page is kept")
			if !tc.refused {
				faultRequireAttempts(t, tc, faultPageRequests(srv, 10))
			}

			// The fault clears; the same command continues with the pages
			// not committed yet, and only those.
			srv.SetFault(nil)
			env["GTRAG_ARXIV_URL"] = srv.URL
			seen := len(srv.Requests())
			r = gtrag(t, env, args...)
			require.Equal(t, 0, r.code, r.stderr)
			var starts []int
			for _, req := range srv.Requests()[seen:] {
				starts = append(starts, req.Start)
			}
			if tc.reply.Empty {
				require.Equal(t, []int{10}, starts, "only the gap is asked for")
			} else {
				require.Contains(t, r.stdout, "resumed at result 11")
				require.Equal(t, []int{10, 20}, starts, "the committed page is not fetched again")
			}
			require.ElementsMatch(t, ingestIDs(papers), ingestStoredPapers(t, env))
			require.Equal(t, true, faultState(t, env)["done"])
		})
	}
}

// TestFaultsArxivTuningIsValidated: the advanced settings are usage errors
// when malformed, for every command, before anything is written.
func TestFaultsArxivTuningIsValidated(t *testing.T) {
	tests := []struct{ name, value, want string }{
		{"GTRAG_ARXIV_TIMEOUT", "soon", `GTRAG_ARXIV_TIMEOUT "soon": want a duration above 0 and at most 10m`},
		{"GTRAG_ARXIV_TIMEOUT", "0s", "GTRAG_ARXIV_TIMEOUT"},
		{"GTRAG_ARXIV_TIMEOUT", "2h", "at most 10m"},
		{"GTRAG_ARXIV_BACKOFF", "-1s", "GTRAG_ARXIV_BACKOFF"},
		{"GTRAG_ARXIV_BACKOFF", "1m", "at most 30s"},
		{"GTRAG_ARXIV_RETRIES", "-1", `GTRAG_ARXIV_RETRIES "-1": want a whole number from 0 to 20`},
		{"GTRAG_ARXIV_RETRIES", "three", "GTRAG_ARXIV_RETRIES"},
		{"GTRAG_ARXIV_RETRIES", "21", "0 to 20"},
	}
	for _, tc := range tests {
		t.Run(tc.name+"="+tc.value, func(t *testing.T) {
			env := testEnv(t)
			env[tc.name] = tc.value
			r := gtrag(t, env, "ask", faultQuestion)
			require.Equal(t, exitUsage, r.code)
			require.Empty(t, r.stdout)
			lines := faultLines(r.stderr)
			require.Len(t, lines, 1, r.stderr)
			require.True(t, strings.HasPrefix(lines[0], "gtrag: "), lines[0])
			require.Contains(t, lines[0], tc.want)
			_, err := os.Stat(env["GTRAG_DATA_DIR"])
			require.True(t, os.IsNotExist(err), "nothing written")
		})
	}

	r := gtrag(t, testEnv(t), "--help")
	for _, name := range []string{"GTRAG_ARXIV_TIMEOUT", "GTRAG_ARXIV_RETRIES", "GTRAG_ARXIV_BACKOFF"} {
		require.Contains(t, r.stdout, name, "the root help documents the advanced settings")
	}
}

// faultRequireClean checks what no fault may ever cause: a panic, a Go
// stack trace, or output that is not lines of text.
func faultRequireClean(t *testing.T, r result) {
	t.Helper()
	for _, s := range []string{"panic", "goroutine ", ".go:", "runtime."} {
		require.NotContains(t, r.stderr, s)
		require.NotContains(t, r.stdout, s)
	}
	require.NotEmpty(t, faultLines(r.stderr), "the user is told something")
}

// faultRequireReadable checks that a line says what happened in words:
// no request URL repeating the query in escaped form, no wall of text.
func faultRequireReadable(t *testing.T, line string) {
	t.Helper()
	require.NotContains(t, line, "http://", "the fault, not the request URL")
	require.LessOrEqual(t, utf8.RuneCountInString(line), 400, line)
}

// faultRequireAttempts checks the retry bounds from the server's side, and
// that a Retry-After was waited for.
func faultRequireAttempts(t *testing.T, tc faultCase, reqs []arxivtest.Request) {
	t.Helper()
	if tc.mayResend {
		require.GreaterOrEqual(t, len(reqs), tc.attempts)
		require.LessOrEqual(t, len(reqs), 2*tc.attempts, "Go's transport resends at most once per attempt")
	} else {
		require.Len(t, reqs, tc.attempts)
	}
	for i := 1; i < len(reqs) && tc.retryAfterAt > 0; i++ {
		require.GreaterOrEqual(t, reqs[i].At.Sub(reqs[i-1].At), tc.retryAfterAt, "Retry-After is honoured")
	}
}

// faultPageRequests lists the requests for the page at start.
func faultPageRequests(srv *arxivtest.Server, start int) []arxivtest.Request {
	var out []arxivtest.Request
	for _, r := range srv.Requests() {
		if r.Start == start {
			out = append(out, r)
		}
	}
	return out
}

// faultState reads the only resume file of the data dir.
func faultState(t *testing.T, env map[string]string) map[string]any {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(env["GTRAG_DATA_DIR"], "ingest", "*.json"))
	require.NoError(t, err)
	require.Len(t, files, 1, "one resume file")
	data, err := os.ReadFile(files[0])
	require.NoError(t, err)
	var st map[string]any
	require.NoError(t, json.Unmarshal(data, &st))
	return st
}

// faultLines splits output into its lines, without the final newline.
func faultLines(s string) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
