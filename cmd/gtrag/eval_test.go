package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/internal/arxivtest"
)

// eval --fresh follows each question's relevant paper through the loop:
// fetched by a request, judged by the filter, taken by the store, cited.
func TestEvalFreshFollowsTheRelevantPaper(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, videoGamePaper})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_ARXIV_DELAY"] = "0"
	file := filepath.Join(t.TempDir(), "q.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(
		`{"q": "How much do bidders shade their bids in sealed-bid auctions?", "relevant": ["`+auctionPaper.ID+`", "`+oldStyleAuction.ID+`"]}
{"q": "How much do bidders shade their bids in sealed-bid auctions? (2)", "relevant": ["2312.99999v1"]}
{"q": "How much do bidders shade their bids in sealed-bid auctions? (3)", "relevant": ["`+videoGamePaper.ID+`"]}
`), 0o644))

	var rep evaluate.Report
	decodeJSON(t, gtrag(t, env, "eval", "--fresh", "--json", file), &rep)
	require.Equal(t, 3, rep.Answerable)
	var stages []string
	for _, q := range rep.PerQuestion {
		stages = append(stages, q.Stage)
	}
	require.Equal(t, []string{evaluate.StageCited, evaluate.StageNotFetched, evaluate.StageFetched}, stages,
		"the auction papers are cited; the missing paper is never fetched; the rendering paper is fetched and not judged about the question")
	require.Equal(t, &evaluate.Funnel{Fetched: 2.0 / 3, Judged: 1.0 / 3, Added: 1.0 / 3, Cited: 1.0 / 3}, rep.Funnel)

	text := gtrag(t, env, "eval", "--fresh", file)
	require.Equal(t, 0, text.code, text.stderr)
	require.Regexp(t, `(?m)^relevant paper +fetched 0\.67, judged 0\.33, added 0\.33, cited 0\.33$`, text.stdout)
}

// The table's recall is over every cited source, and says so: it is not
// a recall at -k (with -k 1 an answer still cites every paper it draws
// on).
func TestEvalRecallLabelSaysWhatItMeasures(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	file := filepath.Join(t.TempDir(), "q.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(`{"q": "How much do bidders shade their bids in sealed-bid auctions?", "relevant": ["`+auctionPaper.ID+`", "2312.99999v1"]}`), 0o644))
	r := gtrag(t, env, "eval", "--fresh", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `(?m)^recall \(cited sources\) +0\.50$`, r.stdout, "one of the two relevant papers cited")
	require.NotContains(t, r.stdout, "recall@")
}

// A baseline made with other settings is still paired, and the report
// names the settings that differ, in the table and in --json.
func TestEvalBaselineNamesSettingsThatDiffer(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	file := auctionQuestions(t, 2)
	base := gtrag(t, env, "eval", "--fresh", "--json", file)
	require.Equal(t, 0, base.code, base.stderr)
	before := filepath.Join(t.TempDir(), "before.json")
	require.NoError(t, os.WriteFile(before, []byte(base.stdout), 0o644))

	var rep evaluate.Report
	decodeJSON(t, gtrag(t, env, "eval", "--fresh", "--json", "--baseline", before, file), &rep)
	require.Empty(t, rep.Baseline.Settings, "the same settings")

	decodeJSON(t, gtrag(t, env, "eval", "-k", "1", "--pool", "20", "--json", "--baseline", before, file), &rep)
	require.Equal(t, 2, rep.Baseline.Paired, "still paired")
	require.Equal(t, []evaluate.SettingChange{
		{Setting: "fresh", Before: "true", After: "false"},
		{Setting: "k", Before: "3", After: "1"},
		{Setting: "pool", Before: "100", After: "20"},
		{Setting: "seed", Before: "none", After: "primer"}, // the fresh stores started empty
	}, rep.Baseline.Settings)

	r := gtrag(t, env, "eval", "-k", "1", "--pool", "20", "--baseline", before, file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `(?m)^ +warning: made with other settings than the baseline \(fresh true → false, k 3 → 1, pool 100 → 20, seed none → primer\): questions may be gained or lost for that alone$`, r.stdout)
}

// A question file's faults are usage errors (exit 2, one line, nothing
// written) that say what to fix and where; a byte-order mark is no fault.
func TestEvalQuestionFileMessages(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	q := `{"q": "How much do bidders shade their bids in sealed-bid auctions?"`
	dir := t.TempDir()
	for _, tc := range []struct{ name, content, want string }{
		{"long", q + "}\n" + `{"q": "` + strings.Repeat("x", 10<<20) + `"}` + "\n", ":2: line longer than 1 MB, the limit for one question"},
		{"relevant", q + `, "relevant": "` + auctionPaper.ID + `"}`, `:1: "relevant" must be a list of paper ids, such as ["2301.01234"]; found a JSON string`},
		{"must", q + `, "must_contain": ["shade", ""]}`, `:1: must_contain[1] "" is empty: no answer could contain it`},
	} {
		file := filepath.Join(dir, tc.name+".jsonl")
		require.NoError(t, os.WriteFile(file, []byte(tc.content), 0o644))
		r := gtrag(t, env, "eval", "--fresh", file)
		require.Equal(t, exitUsage, r.code, tc.name)
		require.Empty(t, r.stdout, tc.name)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
		require.Contains(t, r.stderr, "gtrag: "+file+tc.want, tc.name)
	}

	bom := filepath.Join(dir, "bom.jsonl")
	require.NoError(t, os.WriteFile(bom, []byte("\uFEFF"+q+`, "relevant": ["`+auctionPaper.ID+`"]}`+"\n"), 0o644))
	var rep evaluate.Report
	decodeJSON(t, gtrag(t, env, "eval", "--fresh", "--json", bom), &rep)
	require.Equal(t, 1, rep.Hits, "a file saved with a byte-order mark reads as one without")
}

// eval - reads the questions from standard input, as ingest --file -
// reads papers: it said "read eval file: open -: no such file or
// directory". Its faults name standard input and its line.
func TestEvalReadsStandardInput(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	q := `{"q": "How much do bidders shade their bids in sealed-bid auctions?", "relevant": ["` + auctionPaper.ID + `"], "split": "dev"}` + "\n"

	var rep evaluate.Report
	decodeJSON(t, gtragStdin(t, env, q, "eval", "--fresh", "--json", "-"), &rep)
	require.Equal(t, 1, rep.Questions)
	require.Equal(t, 1, rep.Hits)

	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", nil, "gtrag: standard input has no questions\n"},
		{q + "{\n", nil, "gtrag: standard input:2: "},
		{q, []string{"--split", "heldout"}, `gtrag: standard input has no questions in split "heldout"`},
	} {
		r := gtragStdin(t, env, tc.stdin, append(append([]string{"eval", "--fresh"}, tc.args...), "-")...)
		require.Equal(t, exitUsage, r.code, r.stderr)
		require.Empty(t, r.stdout)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
		require.True(t, strings.HasPrefix(r.stderr, tc.want), r.stderr)
	}
}

// A baseline made against another arXiv, or whose store started with
// another seed, is paired all the same, but the report names the
// difference: either gains or loses questions by itself. A fresh eval's
// stores start empty whatever --seed says, so it records no seed; a
// password in the arXiv URL is not written into the report; and
// a baseline from before these were recorded is compared without them.
func TestEvalBaselineNamesTheSeedAndTheArxivURL(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	urlA := env["GTRAG_ARXIV_URL"]
	urlB := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, videoGamePaper}).URL
	file := auctionQuestions(t, 2)
	dir := t.TempDir()
	save := func(name string, r result) string {
		t.Helper()
		require.Equal(t, 0, r.code, r.stderr)
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(r.stdout), 0o644))
		return path
	}

	shared := save("shared.json", gtrag(t, env, "eval", "--json", file))
	var rep evaluate.Report
	decodeJSON(t, gtrag(t, env, "--seed", "none", "--arxiv-url", urlB, "eval", "--json", "--baseline", shared, file), &rep)
	require.Equal(t, 2, rep.Baseline.Paired, "still paired")
	require.Equal(t, []evaluate.SettingChange{
		{Setting: "arxiv_url", Before: urlA, After: urlB},
		{Setting: "seed", Before: "primer", After: "none"},
	}, rep.Baseline.Settings)
	r := gtrag(t, env, "--seed", "none", "--arxiv-url", urlB, "eval", "--baseline", shared, file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `(?m)^ +warning: made with other settings than the baseline \(arxiv_url `+regexp.QuoteMeta(urlA)+` → `+regexp.QuoteMeta(urlB)+`, seed primer → none\): questions may be gained or lost for that alone$`, r.stdout)

	fresh := save("fresh.json", gtrag(t, env, "--seed", "none", "eval", "--fresh", "--json", file))
	rep = evaluate.Report{} // decoding merges into a map it holds
	decodeJSON(t, gtrag(t, env, "--seed", "primer", "eval", "--fresh", "--json", "--baseline", fresh, file), &rep)
	require.Empty(t, rep.Baseline.Settings, "every fresh store starts empty: --seed changed nothing")
	require.Equal(t, "none", rep.Settings["seed"], "a fresh store starts empty whatever --seed says")

	withPassword := strings.Replace(urlB, "http://", "http://user:s3cret@", 1)
	out := gtrag(t, env, "--arxiv-url", withPassword, "eval", "--fresh", "--json", "--baseline", fresh, file)
	require.NotContains(t, out.stdout, "s3cret")
	rep = evaluate.Report{}
	decodeJSON(t, out, &rep)
	require.Equal(t, []evaluate.SettingChange{
		{Setting: "arxiv_url", Before: urlA, After: strings.Replace(urlB, "http://", "http://user:xxxxx@", 1)},
	}, rep.Baseline.Settings)

	// A baseline written before the seed and the URL were recorded.
	var old map[string]any
	b, err := os.ReadFile(fresh)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &old))
	settings := old["settings"].(map[string]any)
	delete(settings, "seed")
	delete(settings, "arxiv_url")
	b, err = json.Marshal(old)
	require.NoError(t, err)
	before := filepath.Join(dir, "old.json")
	require.NoError(t, os.WriteFile(before, b, 0o644))
	rep = evaluate.Report{}
	decodeJSON(t, gtrag(t, env, "--arxiv-url", urlB, "eval", "--fresh", "--json", "--baseline", before, file), &rep)
	require.Equal(t, 2, rep.Baseline.Paired)
	require.Empty(t, rep.Baseline.Settings, "unknown in the baseline: not compared")
}

// eval --fresh --primed starts each question's store with the primer, as a
// new user's: a question the primer answers is not searched for and cites
// its entry, where --fresh alone searches (and finds no paper on it here).
// The report records the seed, and a baseline without it names the
// difference. --primed without --fresh is a usage error.
func TestEvalFreshPrimedStartsEachStoreWithThePrimer(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	file := filepath.Join(t.TempDir(), "q.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(`{"q": "What is a Nash equilibrium?", "relevant": ["primer:nash-equilibrium"]}`+"\n"), 0o644))

	empty := gtrag(t, env, "eval", "--fresh", "--json", file)
	require.Equal(t, 0, empty.code, empty.stderr)
	var rep evaluate.Report
	decodeJSON(t, empty, &rep)
	require.Zero(t, rep.Hits, "an empty store has no primer entry to cite")
	require.Equal(t, 1.0, rep.ArxivRequestsPerQuestion)
	before := filepath.Join(t.TempDir(), "before.json")
	require.NoError(t, os.WriteFile(before, []byte(empty.stdout), 0o644))

	decodeJSON(t, gtrag(t, env, "eval", "--fresh", "--primed", "--json", "--baseline", before, file), &rep)
	require.Equal(t, 1, rep.Hits, "the primer's entry is cited")
	require.Zero(t, rep.ArxivRequestsPerQuestion, "the primer answers: no search")
	require.Equal(t, "primer", rep.Settings["seed"])
	require.Contains(t, rep.Baseline.Settings, evaluate.SettingChange{Setting: "seed", Before: "none", After: "primer"})

	r := gtrag(t, env, "eval", "--fresh", "--primed", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `(?m)^questions +1, each from its own store with the primer$`, r.stdout)

	r = gtrag(t, env, "eval", "--primed", file)
	require.Equal(t, 2, r.code)
	require.Empty(t, r.stdout)
	require.Contains(t, r.stderr, "--primed starts each question's own store with the primer; it needs --fresh")
}
