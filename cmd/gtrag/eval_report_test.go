package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/internal/iostreams"
	"github.com/gtrag/gtrag/service"
)

// printedEval is the table printEval writes for r.
func printedEval(t *testing.T, r evaluate.Report) string {
	t.Helper()
	var out bytes.Buffer
	a := &app{io: iostreams.New(strings.NewReader(""), &out, &bytes.Buffer{}, nil)}
	require.NoError(t, printEval(a, r))
	return out.String()
}

// The outcomes line lists every outcome the runs ended with, so that its
// counts add up to the questions: "impossible" (--router llm) and any
// outcome the list does not know were left out.
func TestEvalOutcomesListEveryOutcome(t *testing.T) {
	require.Equal(t, "answered 2, off_topic 1, impossible 1, zzz_new 1",
		outcomeList(map[string]int{"answered": 2, "off_topic": 1, "impossible": 1, "zzz_new": 1}))
	out := printedEval(t, evaluate.Report{Questions: 2, Outcomes: map[string]int{"answered": 1, "impossible": 1}})
	require.Regexp(t, `(?m)^outcomes +answered 1, impossible 1$`, out)
}

// A set with no answerable question (controls only, or questions naming
// no relevant paper) has no hit rate: the table says so rather than
// printing 0.00, which reads as every answer missing its paper, --json
// has null for each rate not measured (it had 0, which a script could not
// tell from 0 of N), and a baseline with no answerable question in common
// compares no hit rate.
func TestEvalNoAnswerableQuestionPrintsNoHitRate(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	dir := t.TempDir()
	file := filepath.Join(dir, "q.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(`{"q": "How do I bake sourdough bread?", "expect": "off_topic"}`+"\n"), 0o644))
	base := gtrag(t, env, "eval", "--fresh", "--json", file)
	require.Equal(t, 0, base.code, base.stderr)
	for _, field := range []string{`"answerable": 0,`, `"hit_rate": null,`, `"hit_rate_interval": null,`, `"recall_at_k": null,`, `"funnel": null,`, `"off_topic_refused": 1,`} {
		require.Contains(t, base.stdout, "\n  "+field+"\n")
	}
	before := filepath.Join(dir, "before.json")
	require.NoError(t, os.WriteFile(before, []byte(base.stdout), 0o644))

	r := gtrag(t, env, "eval", "--fresh", "--baseline", before, file)
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout, "0 of 0")
	require.NotContains(t, r.stdout, "on 0 paired")
	require.Regexp(t, `(?m)^hit rate +none measured \(no question expects an answer and names a relevant paper\)$`, r.stdout)
	require.NotContains(t, r.stdout, "recall (cited sources)")
	require.Regexp(t, `(?m)^vs baseline +no hit rate to compare: no answerable question is in both reports$`, r.stdout)
	require.Regexp(t, `(?m)^ +controls refused 1 → 1 of 1, papers added 0 → 0$`, r.stdout)
}

// One paired question is "1 paired question"; a sign test p below 0.01
// is not printed as "p 0.00", a p of 0.
func TestEvalBaselineLineNumbers(t *testing.T) {
	out := printedEval(t, evaluate.Report{Questions: 1, Answerable: 1, Hits: 1, HitRate: new(1.0), HitInterval: new(evaluate.Wilson(1, 1)), RecallAtK: new(1.0),
		Baseline: &evaluate.Comparison{Paired: 1, Before: 0, After: 1, Gained: []string{"a"}, Lost: []string{}, P: 1}})
	require.Regexp(t, `(?m)^vs baseline +hit rate 0\.00 → 1\.00 on 1 paired question: \+1, −0 \(sign test p 1\.00\)$`, out)

	for p, want := range map[float64]string{0.0625: "p 0.06", 0.002: "p 0.002", 1.9e-6: "p < 0.001"} {
		out := printedEval(t, evaluate.Report{Questions: 20, Answerable: 20,
			Baseline: &evaluate.Comparison{Paired: 20, Gained: []string{}, Lost: []string{}, P: p}})
		require.Contains(t, out, "(sign test "+want+")", "p %g", p)
	}
}

// A directory named as the question file or the baseline is a usage
// error in one line that says so, not "read DIR: read DIR: is a
// directory".
func TestEvalDirectoryIsAUsageError(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", "--fresh", dir}, "gtrag: read eval file: " + dir + " is a directory; want a JSON Lines file of questions\n"},
		{[]string{"eval", "--fresh", "--baseline", dir, auctionQuestions(t, 1)}, "gtrag: read --baseline: " + dir + " is a directory; want the file an earlier eval --json wrote\n"},
	} {
		r := gtrag(t, env, tc.args...)
		require.Equal(t, exitUsage, r.code, r.stderr)
		require.Empty(t, r.stdout)
		require.Equal(t, tc.want, r.stderr)
	}
}

// A baseline that is empty (the file this run's output is redirected
// to), cut off, or another JSON document is a usage error that says which,
// in the file's terms rather than Go's.
func TestEvalBaselineFileMessages(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	file := auctionQuestions(t, 1)
	dir := t.TempDir()
	for _, tc := range []struct{ content, want string }{
		{"", "the file is empty"},
		{`{"questions": 1, "per_question": [{"q": "a"`, "the file ends in the middle of its JSON (cut short?)"},
		{`[1, 2]`, "the file must be a JSON object; found a JSON array"},
		{`{"questions": "3"}`, `"questions" must be a whole number; found a JSON string`},
	} {
		before := filepath.Join(dir, "before.json")
		require.NoError(t, os.WriteFile(before, []byte(tc.content), 0o644))
		r := gtrag(t, env, "eval", "--fresh", "--baseline", before, file)
		require.Equal(t, exitUsage, r.code, r.stderr)
		require.Empty(t, r.stdout)
		require.Equal(t, "gtrag: read --baseline "+before+": not a gtrag eval --json report: "+tc.want+"\n", r.stderr)
	}
}

// Over a shared store an answer cites papers its own searches never
// fetched (the primer's, an earlier question's): the funnel's "cited"
// above its "added" is explained, not left to read as a fault of the
// figures; so is a --primed one's. A fresh eval's funnel from empty
// stores needs no such line.
func TestEvalSharedFunnelSaysWhyCitedExceedsAdded(t *testing.T) {
	shared := evaluate.Report{Questions: 2, Answerable: 2, Hits: 2, HitRate: new(1.0), HitInterval: new(evaluate.Wilson(2, 2)), RecallAtK: new(1.0), ArxivRate: 0.5,
		Funnel: &evaluate.Funnel{Fetched: 0.5, Judged: 0.5, Added: 0.5, Cited: 1}}
	out := printedEval(t, shared)
	require.Regexp(t, `(?m)^relevant paper +fetched 0\.50, judged 0\.50, added 0\.50, cited 1\.00\n +\(over a shared store an answer also cites papers the store held before its question`, out)
	fresh := shared
	fresh.Fresh, fresh.Funnel = true, &evaluate.Funnel{Fetched: 0.5, Judged: 0.5, Added: 0.5, Cited: 0.5}
	require.NotContains(t, printedEval(t, fresh), "over a shared store")
	// A --primed store held the primer before each question: its cited
	// above added is explained too (it was printed bare).
	primed := shared
	primed.Fresh, primed.Settings = true, map[string]string{"seed": service.SeedPrimer}
	out = printedEval(t, primed)
	require.Regexp(t, `(?m)^relevant paper +fetched 0\.50, judged 0\.50, added 0\.50, cited 1\.00\n +\(each store held the primer before its question`, out)
	require.NotContains(t, out, "over a shared store")
}

// A baseline whose questions differ from the file's only in case or
// spacing is paired (evaluate.Compare pairs them so), not refused as
// sharing no question.
func TestEvalBaselinePairsQuestionsCaseApart(t *testing.T) {
	env := testEnv(t)
	auctionServer(t, env)
	file := auctionQuestions(t, 1)
	rep := evaluate.Report{Questions: 1, PerQuestion: []evaluate.QuestionResult{{
		Q: "how much do  bidders shade their bids in sealed-bid auctions?", Expect: evaluate.ExpectAnswer, Outcome: "not_found", Hit: new(false),
	}}}
	before := filepath.Join(t.TempDir(), "before.json")
	b, err := json.Marshal(rep)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(before, b, 0o644))
	r := gtrag(t, env, "eval", "--fresh", "--baseline", before, file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `vs baseline +hit rate 0\.00 → 1\.00 on 1 paired question: \+1, −0`, r.stdout)
}

// Where some hits are abstentions naming the paper among their closest
// sources, the table says how many hits answered; where every hit
// answered, the line is left out.
func TestEvalTableSaysHowManyHitsAnswered(t *testing.T) {
	r := evaluate.Report{Questions: 4, Answerable: 4, Hits: 3, HitRate: new(0.75), HitInterval: new(evaluate.Wilson(3, 4)), RecallAtK: new(0.75),
		AnsweredHits: 2, AnsweredHitRate: new(0.5)}
	require.Regexp(t, `(?m)^answered from it +0\.50 \(2 of 4 answerable; the other hit abstained, naming it\)$`, printedEval(t, r))
	r.Hits, r.HitRate = 4, new(1.0)
	require.Regexp(t, `(?m)^answered from it +0\.50 \(2 of 4 answerable; the other 2 hits abstained, naming it\)$`, printedEval(t, r))
	r.AnsweredHits, r.AnsweredHitRate = 4, new(1.0)
	require.NotContains(t, printedEval(t, r), "answered from it")
}
