package arxiv_test

// These tests guard the written test world in testdata/world (see its
// README): the papers must load through the same reader as
// `gtrag ingest --file`, and the questions must stay a fair exam for the
// search loop — every relevant id real, both splits present for every topic,
// and game-theory abstracts that, as on arXiv, rarely say "game theory".

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/stretchr/testify/require"
)

const worldDir = "../testdata/world"

// worldLabel is the part of a papers.jsonl line that gtrag itself ignores:
// the labels the data was written with.
type worldLabel struct {
	ID         string `json:"id"`
	Topic      string `json:"topic"`
	GameTheory *bool  `json:"game_theory"`
}

// worldQuestion is one line of questions.jsonl, in `gtrag eval`'s format.
type worldQuestion struct {
	Q        string   `json:"q"`
	Relevant []string `json:"relevant"`
	Split    string   `json:"split"`
	Expect   string   `json:"expect"`
	Topic    string   `json:"topic"`
}

func readWorldFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(worldDir, name))
	require.NoError(t, err)
	return b
}

// decodeLines decodes every non-blank line of b into a new T, rejecting
// fields T does not know so that a misspelt key fails loudly.
func decodeLines[T any](t *testing.T, name string, b []byte, strict bool) []T {
	t.Helper()
	var out []T
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(line))
		if strict {
			dec.DisallowUnknownFields()
		}
		var v T
		require.NoError(t, dec.Decode(&v), "%s line %d", name, n)
		out = append(out, v)
	}
	require.NoError(t, sc.Err())
	return out
}

// worldPapers loads papers.jsonl through arxiv.ReadPapers, as ingest does,
// and returns the papers with their labels, checked to line up.
func worldPapers(t *testing.T) ([]arxiv.Paper, map[string]worldLabel) {
	t.Helper()
	papers, labels := labelledPapers(t, filepath.Join(worldDir, "papers.jsonl"))
	byID := make(map[string]worldLabel, len(labels))
	for _, l := range labels {
		require.NotEmpty(t, l.Topic, l.ID)
		require.NotNil(t, l.GameTheory, "%s: game_theory label missing", l.ID)
		require.Equal(t, !*l.GameTheory, strings.HasPrefix(l.Topic, "x-"),
			"%s: distractor topics start with x-, game-theory topics do not", l.ID)
		byID[l.ID] = l
	}
	return papers, byID
}

// labelledPapers loads a file of written papers through arxiv.ReadPapers,
// as ingest does, and the labels of its lines, checked to line up.
func labelledPapers(t *testing.T, path string) ([]arxiv.Paper, []worldLabel) {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	papers, err := arxiv.ReadPapers(bytes.NewReader(raw))
	require.NoError(t, err, path)
	labels := decodeLines[worldLabel](t, path, raw, false)
	require.Len(t, labels, len(papers), path)
	for i, l := range labels {
		require.Equal(t, l.ID, papers[i].ID, "%s line %d", path, i+1)
	}
	return papers, labels
}

func TestWorldPapers(t *testing.T) {
	papers, labels := worldPapers(t)
	require.GreaterOrEqual(t, len(papers), 220)

	bases := map[string]bool{}
	oldStyle, gt, saysGT := 0, 0, 0
	topics := map[string]int{}
	for _, p := range papers {
		id, err := arxiv.ParseID(p.ID)
		require.NoError(t, err)
		base, version := arxiv.SplitVersion(id)
		require.Positive(t, version, "%s: ids carry their version", p.ID)
		require.False(t, bases[base], "%s: base id used twice (only the newest version belongs in the file)", p.ID)
		bases[base] = true
		if strings.Contains(base, "/") {
			oldStyle++
		}

		require.NotEmpty(t, strings.TrimSpace(p.Title), p.ID)
		require.NotEmpty(t, p.Authors, p.ID)
		require.NotEmpty(t, p.PrimaryCategory, p.ID)
		require.Contains(t, p.Categories, p.PrimaryCategory, p.ID)
		require.False(t, p.Published.IsZero(), p.ID)
		require.False(t, p.Updated.Before(p.Published), "%s: updated before published", p.ID)
		words := len(strings.Fields(p.Summary))
		require.True(t, words >= 100 && words <= 200, "%s: abstract has %d words, want 100–200", p.ID, words)

		l := labels[p.ID]
		if *l.GameTheory {
			gt++
			topics[l.Topic]++
			if strings.Contains(strings.ToLower(p.Summary), "game theory") {
				saysGT++
			}
		}
	}
	require.GreaterOrEqual(t, gt, 150, "game-theory papers")
	require.GreaterOrEqual(t, len(papers)-gt, 40, "distractors")
	require.GreaterOrEqual(t, oldStyle, 3, "old-style ids")
	// As on arXiv, where 2 of 110 labelled game-theory abstracts said it.
	require.LessOrEqual(t, saysGT*100, gt*5, "%d of %d game-theory abstracts say \"game theory\"", saysGT, gt)

	several := 0
	for _, n := range topics {
		if n >= 4 {
			several++
		}
	}
	require.GreaterOrEqual(t, several, 28, "topics with at least four papers each")
}

// The written world must not reuse an id another fixture already gives a
// different paper.
func TestWorldPaperIDsAreTheirOwn(t *testing.T) {
	papers, _ := worldPapers(t)
	mine := map[string]bool{}
	for _, p := range papers {
		mine[arxiv.BaseID(p.ID)] = true
	}
	b, err := os.ReadFile("../testdata/retrieval/papers.jsonl")
	require.NoError(t, err)
	other, err := arxiv.ReadPapers(bytes.NewReader(b))
	require.NoError(t, err)
	require.NotEmpty(t, other)
	for _, p := range other {
		require.False(t, mine[arxiv.BaseID(p.ID)], "%s is in testdata/retrieval too", p.ID)
	}
}

func TestWorldQuestions(t *testing.T) {
	_, labels := worldPapers(t)
	qs := decodeLines[worldQuestion](t, "questions.jsonl", readWorldFile(t, "questions.jsonl"), true)

	seen := map[string]bool{}
	count := map[string]int{}          // by expect
	splits := map[string]int{}         // by split
	topicSplits := map[string][2]int{} // topic → {dev, heldout}
	for i, q := range qs {
		where := q.Q
		require.NotEmpty(t, strings.TrimSpace(q.Q), "line %d", i+1)
		require.False(t, seen[q.Q], "duplicate question %q", q.Q)
		seen[q.Q] = true
		require.Contains(t, []string{"dev", "heldout"}, q.Split, where)
		splits[q.Split]++
		count[q.Expect]++

		checkExpectation(t, where, q, labels)
		if q.Expect == "answer" {
			s := topicSplits[q.Topic]
			if q.Split == "dev" {
				s[0]++
			} else {
				s[1]++
			}
			topicSplits[q.Topic] = s
		}
	}

	require.GreaterOrEqual(t, count["answer"], 85)
	require.GreaterOrEqual(t, count["off_topic"], 15)
	require.GreaterOrEqual(t, len(qs), 100)
	// Roughly half and half, so that held-out figures mean something.
	require.InDelta(t, 0.5, float64(splits["dev"])/float64(len(qs)), 0.1)
	require.GreaterOrEqual(t, len(topicSplits), 28, "topics with questions")
	for topic, s := range topicSplits {
		require.True(t, s[0] > 0 && s[1] > 0, "topic %s has questions in only one split: dev %d, heldout %d", topic, s[0], s[1])
	}
}

// TestWorldQuestionSets checks every other question file of the world (the
// dev and blind sets, the off-topic stress sets) the way TestWorldQuestions
// checks questions.jsonl: each line decodes, names its file's split, asks
// once, and an answerable question's relevant papers are game-theory papers
// of papers.jsonl, one of them from its topic.
func TestWorldQuestionSets(t *testing.T) {
	_, labels := worldPapers(t)
	files, err := filepath.Glob(filepath.Join(worldDir, "*.jsonl"))
	require.NoError(t, err)
	checked := 0
	for _, path := range files {
		name := filepath.Base(path)
		if name == "papers.jsonl" || name == "questions.jsonl" {
			continue
		}
		checked++
		qs := decodeLines[worldQuestion](t, name, readWorldFile(t, name), true)
		require.NotEmpty(t, qs, name)
		seen := map[string]bool{}
		for i, q := range qs {
			where := fmt.Sprintf("%s line %d", name, i+1)
			require.NotEmpty(t, strings.TrimSpace(q.Q), where)
			require.False(t, seen[q.Q], "%s: duplicate question %q", where, q.Q)
			seen[q.Q] = true
			require.Equal(t, qs[0].Split, q.Split, "%s: one split a file", where)
			checkExpectation(t, where, q, labels)
		}
	}
	require.GreaterOrEqual(t, checked, 30, "question files besides questions.jsonl")
}

// checkExpectation checks what a question expects: an answerable one has
// 1–3 relevant papers, game-theory papers of papers.jsonl, one of them
// from its topic; an off-topic one has none.
func checkExpectation(t *testing.T, where string, q worldQuestion, labels map[string]worldLabel) {
	t.Helper()
	switch q.Expect {
	case "answer":
		require.True(t, len(q.Relevant) >= 1 && len(q.Relevant) <= 3, "%s: 1–3 relevant papers", where)
		inTopic := false
		for _, id := range q.Relevant {
			l, ok := labels[id]
			require.True(t, ok, "%s: relevant id %s is not in papers.jsonl", where, id)
			require.True(t, *l.GameTheory, "%s: relevant id %s is a distractor", where, id)
			inTopic = inTopic || l.Topic == q.Topic
		}
		require.True(t, inTopic, "%s: no relevant paper is from the question's topic %q", where, q.Topic)
	case "off_topic":
		require.Empty(t, q.Relevant, where)
	default:
		t.Fatalf("%s: expect %q, want answer or off_topic", where, q.Expect)
	}
}
