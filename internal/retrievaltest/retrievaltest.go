// Package retrievaltest is the retrieval evaluation set of testdata/retrieval
// (see its README) for tests: its papers and questions, the dev/held-out
// split and the metrics, in one place so that every store backend is
// measured the same way (vectordb's and weaviatestore's TestRetrievalQuality).
package retrievaltest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Paper is one line of papers.jsonl (arXiv field names).
type Paper struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Summary string `json:"summary"`
}

// Question is one line of questions.jsonl: a question as students ask it
// and the ids of the papers that answer it.
type Question struct {
	Q        string   `json:"q"`
	Relevant []string `json:"relevant"`
}

// Load reads the set from dir (testdata/retrieval) and checks its shape, so
// that a broken fixture fails loudly instead of producing flattering
// numbers.
func Load(t testing.TB, dir string) ([]Paper, []Question) {
	t.Helper()
	papers := readJSONL[Paper](t, filepath.Join(dir, "papers.jsonl"))
	questions := readJSONL[Question](t, filepath.Join(dir, "questions.jsonl"))
	require.GreaterOrEqual(t, len(papers), 60)
	require.GreaterOrEqual(t, len(questions), 40)
	ids := map[string]bool{}
	for _, p := range papers {
		require.False(t, ids[p.ID], "duplicate id %s", p.ID)
		require.NotEmpty(t, p.Title)
		require.NotEmpty(t, p.Summary)
		ids[p.ID] = true
	}
	for _, q := range questions {
		require.NotEmpty(t, q.Relevant, q.Q)
		for _, id := range q.Relevant {
			require.True(t, ids[id], "question %q names unknown paper %s", q.Q, id)
		}
	}
	return papers, questions
}

func readJSONL[T any](t testing.TB, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var v T
		require.NoError(t, json.Unmarshal([]byte(line), &v), line)
		out = append(out, v)
	}
	require.NoError(t, sc.Err())
	return out
}

// Split divides the questions by a hash of their text (FNV-1a, even → dev):
// a split no one chose question by question, that keeps every question in
// its half when others are added, and that does not depend on the order of
// the file.
func Split(questions []Question) (dev, heldOut []Question) {
	for _, q := range questions {
		h := fnv.New64a()
		h.Write([]byte(q.Q))
		if h.Sum64()%2 == 0 {
			dev = append(dev, q)
		} else {
			heldOut = append(heldOut, q)
		}
	}
	return dev, heldOut
}

// Metrics are recall@5 (share of a question's relevant papers in the top
// five, averaged) and MRR (mean reciprocal rank of the first relevant
// paper; 0 when it is not ranked at all).
type Metrics struct{ Recall5, MRR float64 }

func (m Metrics) String() string { return fmt.Sprintf("%.3f / %.3f", m.Recall5, m.MRR) }

// Evaluate ranks every question with rank (paper ids, best first) and
// averages the metrics.
func Evaluate(questions []Question, rank func(q string) []string) Metrics {
	var m Metrics
	for _, q := range questions {
		ranked := rank(q.Q)
		found := 0
		for _, id := range ranked[:min(5, len(ranked))] {
			if slices.Contains(q.Relevant, id) {
				found++
			}
		}
		m.Recall5 += float64(found) / float64(len(q.Relevant))
		for i, id := range ranked {
			if slices.Contains(q.Relevant, id) {
				m.MRR += 1 / float64(i+1)
				break
			}
		}
	}
	n := float64(len(questions))
	return Metrics{m.Recall5 / n, m.MRR / n}
}
