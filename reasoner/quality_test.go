package reasoner_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// evalQuestion is one line of an answer-quality set, in `gtrag eval`'s
// format.
type evalQuestion struct {
	Q           string   `json:"q"`
	Relevant    []string `json:"relevant"`
	Split       string   `json:"split"`
	Expect      string   `json:"expect"` // answer, not_found, off_topic
	MustContain []string `json:"must_contain"`
}

func readQuestions(t *testing.T, path string) []evalQuestion {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []evalQuestion
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var q evalQuestion
		require.NoError(t, json.Unmarshal(sc.Bytes(), &q), "line %d of %s", len(out)+1, path)
		require.Contains(t, []string{"dev", "heldout"}, q.Split, "line %d of %s", len(out)+1, path)
		out = append(out, q)
	}
	require.NoError(t, sc.Err())
	return out
}

// primerStore is a store holding the primer, seeded as `gtrag ask` seeds
// it, with the offline embedder.
func primerStore(t *testing.T) *vectordb.DB {
	t.Helper()
	ctx := context.Background()
	db, err := vectordb.Open(ctx, t.TempDir(), vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	require.NoError(t, service.SeedWithPrimer(ctx, db))
	return db
}

// retrieve returns the passages pull_from_chroma would hand the reasoners:
// service.DefaultK chunks, chosen by the offline reranker from the store's
// candidates, numbered from 1.
func retrieve(t *testing.T, db *vectordb.DB, q string) []reasoner.Passage {
	t.Helper()
	pull := nodes.Puller{Store: db, K: service.DefaultK, Rerank: reasoner.NewOfflineReranker()}
	s, err := pull.Pull(context.Background(), nodes.GraphState{UserQuery: q})
	require.NoError(t, err)
	ps := make([]reasoner.Passage, len(s.ChromaResults))
	for i, r := range s.ChromaResults {
		ps[i] = reasoner.Passage{N: i + 1, ID: r.ID, PaperID: r.PaperID(), Title: r.Metadata["title"], Text: r.Content, Score: r.Score}
	}
	return ps
}

// answers reports whether the passages include one of a paper that answers q.
func answers(q evalQuestion, ps []reasoner.Passage) bool {
	for _, p := range ps {
		if slices.Contains(q.Relevant, p.PaperID) {
			return true
		}
	}
	return false
}

type prf struct{ tp, fp, fn, tn int }

func (c *prf) add(got, want bool) {
	switch {
	case got && want:
		c.tp++
	case got && !want:
		c.fp++
	case !got && want:
		c.fn++
	default:
		c.tn++
	}
}

func (c prf) precision() float64 { return ratio(c.tp, c.tp+c.fp) }
func (c prf) recall() float64    { return ratio(c.tp, c.tp+c.fn) }

func (c prf) String() string {
	return fmt.Sprintf("precision %.2f (%d/%d), recall %.2f (%d/%d), %d true negatives",
		c.precision(), c.tp, c.tp+c.fp, c.recall(), c.tp, c.tp+c.fn, c.tn)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// TestOfflineJudgeOnPrimer measures the relevance judge where gtrag uses
// it: on the chunks the store retrieves from the primer for each question
// of testdata/judge/primer.jsonl. The judge should say yes exactly when a
// retrieved chunk belongs to a primer entry that answers the question;
// saying yes otherwise answers from the wrong source, saying no sends a
// question the store could answer to arXiv. The rule was designed on the
// dev split; the held-out figures are the ones to quote.
func TestOfflineJudgeOnPrimer(t *testing.T) {
	db := primerStore(t)
	qs := readQuestions(t, "../testdata/judge/primer.jsonl")
	require.GreaterOrEqual(t, len(qs), 80)
	j := reasoner.NewOfflineJudge()
	bysplit := map[string]*prf{"dev": {}, "heldout": {}}
	for _, q := range qs {
		ps := retrieve(t, db, q.Q)
		want := q.Expect == "answer" && answers(q, ps)
		v, err := j.JudgeRelevance(context.Background(), q.Q, ps)
		require.NoError(t, err)
		bysplit[q.Split].add(v.Yes, want)
		if v.Yes != want {
			t.Logf("%s miss (want %v): %s\n    retrieved %s\n    %s", q.Split, want, q.Q, paperIDs(ps), v.Reason)
		}
	}
	t.Logf("dev:      %v", *bysplit["dev"])
	t.Logf("held-out: %v", *bysplit["heldout"])
	h := bysplit["heldout"]
	require.GreaterOrEqual(t, h.tp+h.fn+h.fp+h.tn, 30)
	require.GreaterOrEqual(t, h.precision(), 0.9, "held-out precision")
	require.GreaterOrEqual(t, h.recall(), 0.85, "held-out recall")
}

func paperIDs(ps []reasoner.Passage) string {
	var ids []string
	for _, p := range ps {
		ids = append(ids, strings.TrimPrefix(p.ID, "primer:"))
	}
	return strings.Join(ids, ", ")
}

// TestAnswerSet runs the answer-quality set of testdata/answers (written by
// another engineer, not tuned here except on its dev split) as `gtrag eval`
// runs it offline with arXiv unreachable, and reports the pass rate,
// dangling openers and unfaithful quotes per split. Held-out is the figure
// to quote.
func TestAnswerSet(t *testing.T) {
	testAnswerSet(t, "../testdata/answers/questions.jsonl")
}

// TestAnswerSetDev2 runs the second, blind tuning set the same way.
func TestAnswerSetDev2(t *testing.T) {
	testAnswerSet(t, "../testdata/answers/questions_dev2.jsonl")
}

// TestAnswerSetJudge runs the same checks on the judge's own labelled set,
// whose questions also say what an answer must contain.
func TestAnswerSetJudge(t *testing.T) {
	testAnswerSet(t, "../testdata/judge/primer.jsonl")
}

// testAnswerSet asks every question of path through the whole workflow, as
// `gtrag --llm offline --arxiv-url <unreachable> eval FILE` does: one store
// seeded with the primer, questions in file order, each run scored by
// service.EvalRun and evaluate.CheckAnswers, the command's own code. An
// earlier version called the judge and the answerer directly on the
// retrieved passages; it disagreed with the command wherever the graph
// decides something they do not: a question the relevance judge rejects
// goes to search_arxiv, whose topic judge may call it off-topic, so a
// not_found question ("What is the Kuhn poker game?") passed here on the
// answerer's abstention and failed in `gtrag eval` as off_topic.
func testAnswerSet(t *testing.T, path string) {
	ctx := context.Background()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	qs, err := evaluate.ReadQuestions(f, path, "", func(q string) (string, error) {
		return service.CheckQuestion("the question", q) // the command's rules
	})
	require.NoError(t, err)
	svc := offlineService(t)
	bysplit := map[string][]evaluate.Run{}
	var splits []string
	for _, q := range qs {
		r, err := svc.EvalRun(ctx, q, service.AskOptions{ArxivFailFast: true})
		require.NoError(t, err)
		if _, ok := bysplit[q.Split]; !ok {
			splits = append(splits, q.Split)
		}
		bysplit[q.Split] = append(bysplit[q.Split], r)
	}
	for _, split := range splits {
		aq := evaluate.CheckAnswers(bysplit[split], reasoner.DanglingOpeners)
		if testing.Verbose() {
			failed := map[string]bool{}
			for _, f := range aq.Failures {
				failed[f.Q] = true
			}
			for _, r := range bysplit[split] {
				t.Logf("%s %s %s (%s): %s\n    sources %s\n    %s", split, map[bool]string{true: "FAIL", false: "PASS"}[failed[r.Question.Q]],
					r.Question.Expect, r.Outcome, r.Question.Q, strings.Join(r.Sources, ", "), r.Answer)
			}
		}
		for _, f := range aq.Failures {
			t.Logf("%s FAIL %s (%s): %s\n    missing %q dangling %q unfaithful %q", split, f.Expect, f.Outcome, f.Q, f.Missing, f.Dangling, f.Unfaithful)
		}
		t.Logf("%-8s pass %d/%d (%.0f%%), dangling openers %d in %d answers, unfaithful quotes %d",
			split, aq.Passed, aq.Checked, 100*aq.PassRate, aq.DanglingOpeners, aq.Answers, aq.Unfaithful)
		require.Zero(t, aq.DanglingOpeners, "dangling openers in split %s", split)
		require.Zero(t, aq.Unfaithful, "unfaithful quotes in split %s", split)
	}
}

// offlineService is gtrag with the offline reasoners over a store seeded
// with the primer (primerStore), and an arXiv that refuses every
// connection: the setting of the answer-quality figures.
func offlineService(t *testing.T) *service.Service {
	t.Helper()
	rs, err := reasoner.Open(context.Background(), "offline", nil)
	require.NoError(t, err)
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close() // its address now refuses connections
	arxiv := service.NewArxivClient(service.ArxivConfig{URL: closed.URL + "/api/query", Delay: -1, MaxAttempts: 1})
	db := primerStore(t)
	t.Cleanup(func() { rs.Close() }) // the store closes itself (primerStore)
	return service.New(db, rs, arxiv)
}
