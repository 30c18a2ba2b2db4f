package arxivtest

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

func TestBackgroundIsDeterministicAndPrefixStable(t *testing.T) {
	a, b := Background(300, 7), Background(300, 7)
	require.Equal(t, a, b, "same n and seed, same papers")
	require.Equal(t, Background(120, 7), a[:120], "paper i does not depend on n")
	other := Background(300, 8)
	require.NotEqual(t, a[0].Paper.Summary, other[0].Paper.Summary, "another seed, other papers")
	require.Empty(t, Background(-1, 1))
}

func TestBackgroundPapersLookReal(t *testing.T) {
	gs := Background(3000, 1)
	ids := map[string]bool{}
	titles := map[string]int{}
	for _, g := range gs {
		p := g.Paper
		id, err := arxiv.ParseID(p.ID)
		require.NoError(t, err)
		require.Equal(t, p.ID, id)
		_, v := arxiv.SplitVersion(p.ID)
		require.GreaterOrEqual(t, v, 1, p.ID)
		require.False(t, ids[arxiv.BaseID(p.ID)], "duplicate id %s", p.ID)
		ids[arxiv.BaseID(p.ID)] = true
		require.NotContains(t, p.Summary, "{", "unfilled slot in %s", p.ID)
		require.NotContains(t, p.Title, "{", "unfilled slot in %s", p.ID)
		require.GreaterOrEqual(t, len(p.Summary), 450, p.Summary)
		require.LessOrEqual(t, len(p.Summary), 2000, p.Summary)
		require.NotEmpty(t, p.Authors)
		require.NotEmpty(t, p.Categories)
		require.Equal(t, p.PrimaryCategory, p.Categories[0])
		require.False(t, p.Updated.Before(p.Published))
		titles[p.Title]++
	}
	require.Greater(t, len(titles), len(gs)*3/4, "titles vary")
}

func TestBackgroundVocabularyIsLikeArxiv(t *testing.T) {
	gs := Background(DefaultBackground, 1)
	st := Stats(gs)
	gt, distractors := st.ByKind[GameTheory], st.ByKind[Distractor]
	t.Logf("%d papers: %d crowd, %d distractors, %d game theory", st.Papers, st.ByKind[Crowd], distractors, gt)
	t.Logf("game-theory abstracts saying \"game theory\": %d (%.1f%%)", st.GameTheorySayingIt, pct(st.GameTheorySayingIt, gt))
	t.Logf("distractors with game/strategy/equilibrium/player: %d (%.1f%%); with those or Nash/auction/bargaining/bid/payoff/cooperation: %d (%.1f%%)",
		st.DistractorsWithGameWords, pct(st.DistractorsWithGameWords, distractors), st.DistractorsWithAnyGameWord, pct(st.DistractorsWithAnyGameWord, distractors))
	t.Logf("papers by an author named like a game-theory word: %d (%.1f%%)", st.ByWordSurname, pct(st.ByWordSurname, st.Papers))

	for k, share := range BackgroundMix {
		require.InDelta(t, share, float64(st.ByKind[k])/float64(st.Papers), 0.02, k.String())
	}
	require.Positive(t, st.GameTheorySayingIt, "a few game-theory abstracts do say it")
	require.LessOrEqual(t, pct(st.GameTheorySayingIt, gt), 5.0, "most game-theory abstracts never say \"game theory\"")
	require.GreaterOrEqual(t, pct(st.DistractorsWithGameWords, distractors), 70.0, "distractors speak of games, strategies, equilibria, players")
	require.GreaterOrEqual(t, pct(st.DistractorsWithAnyGameWord, distractors), 97.0, "or of Nash, auctions, bargaining")
	require.GreaterOrEqual(t, pct(st.ByWordSurname, st.Papers), 3.0)

	// The crowd shares no game vocabulary: what finds a distractor must be
	// the distractor's words, not the templates'.
	an := newAnalyzer()
	gameTerms := map[string]bool{"game": true, "equilibrium": true, "nash": true, "auction": true, "bargain": true, "payoff": true}
	for _, g := range gs {
		if g.Kind != Crowd {
			continue
		}
		for _, tok := range an.terms(g.Paper.Title + " " + g.Paper.Summary) {
			if gameTerms[tok.term] {
				t.Fatalf("crowd paper (%s) says %q: %s", g.Family, tok.term, g.Paper.Summary)
			}
		}
	}
}

func pct(n, of int) float64 { return 100 * float64(n) / float64(max(of, 1)) }

// TestAllQueriesFindAuthorsNamedLikeTopics is the trap the world sets for a
// query on all: — a crowd paper by an author named Nash matches "nash".
func TestAllQueriesFindAuthorsNamedLikeTopics(t *testing.T) {
	gs := Background(3000, 1)
	var byNash *Generated
	for i, g := range gs {
		if g.Kind == Crowd && strings.HasSuffix(strings.Join(g.Paper.Authors, ","), " Nash") {
			byNash = &gs[i]
			break
		}
	}
	require.NotNil(t, byNash, "some crowd paper has an author named Nash")
	ix := NewIndex(BackgroundPapers(3000, 1))
	found := func(q string) bool {
		pq, err := Parse(q)
		require.NoError(t, err)
		res, _ := ix.Search(pq, Sort{}, 0, -1)
		for _, r := range res {
			if r.Paper.ID == byNash.Paper.ID {
				return true
			}
		}
		return false
	}
	require.True(t, found(`all:nash`))
	require.True(t, found(`nash equilibrium`))
	require.False(t, found(`ti:nash OR abs:nash`))
}

func TestWorldServesWrittenPapersAmongBackground(t *testing.T) {
	background := BackgroundPapers(500, 3)
	written := []arxiv.Paper{
		{ID: "2405.01234v1", Title: "Tit-for-tat in noisy repeated dilemmas", Summary: "Generous tit-for-tat forgives occasional defections and sustains mutual cooperation when errors are rare.", Authors: []string{"Ada Lovelace"}, PrimaryCategory: "cs.GT", Categories: []string{"cs.GT"}},
		// Same base id as a generated paper: the written one wins.
		{ID: arxiv.BaseID(background[7].ID) + "v1", Title: "Written over a generated id", Summary: "Stable roommates.", Authors: []string{"Ada Lovelace"}},
	}
	var jsonl bytes.Buffer
	require.NoError(t, WriteJSONL(&jsonl, written))
	path := filepath.Join(t.TempDir(), "papers.jsonl")
	require.NoError(t, os.WriteFile(path, jsonl.Bytes(), 0o644))

	srv := WorldWith(t, []Option{WithLayout(Modern)}, WithPapersFile(path), WithBackground(500), WithSeed(3))
	c := client(srv)
	page, err := c.Search(context.Background(), `ti:"tit for tat" OR abs:forgives`, 0, 10, arxiv.SearchOptions{})
	require.NoError(t, err)
	require.Equal(t, 1, page.Total)
	require.Equal(t, written[0].ID, page.Papers[0].ID)

	got, err := c.Lookup(context.Background(), []string{arxiv.BaseID(background[7].ID)})
	require.NoError(t, err)
	require.Len(t, got, 1)
	require.Equal(t, "Written over a generated id", got[0].Title)

	page, err = c.Search(context.Background(), `cat:cs.GT`, 0, 1, arxiv.SearchOptions{})
	require.NoError(t, err)
	require.Greater(t, page.Total, 10, "the generated game-theory papers are there too")
	require.Len(t, srv.Requests(), 3)
	require.Equal(t, `cat:cs.GT`, srv.Requests()[2].Query)

	_, err = WorldPapers(WorldConfig{PapersFile: filepath.Join(t.TempDir(), "missing.jsonl")})
	require.ErrorContains(t, err, "missing.jsonl")
}

func TestWorldPapersReadsSeveralFilesInOrder(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, papers ...arxiv.Paper) string {
		var b bytes.Buffer
		require.NoError(t, WriteJSONL(&b, papers))
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
		return path
	}
	a := write("a.jsonl", arxiv.Paper{ID: "2405.91001v1", Title: "First file", Summary: "Stable matching."})
	b := write("b.jsonl", arxiv.Paper{ID: "2405.92001v1", Title: "Second file", Summary: "Top trading cycles."},
		arxiv.Paper{ID: "2405.92002v1", Title: "Second file, again", Summary: "Serial dictatorship."})

	got, err := WorldPapers(WorldConfig{PapersFile: a + string(filepath.ListSeparator) + b})
	require.NoError(t, err)
	var ids []string
	for _, p := range got {
		ids = append(ids, p.ID)
	}
	require.Equal(t, []string{"2405.91001v1", "2405.92001v1", "2405.92002v1"}, ids)

	_, err = WorldPapers(WorldConfig{PapersFile: a + string(filepath.ListSeparator) + filepath.Join(dir, "missing.jsonl")})
	require.ErrorContains(t, err, "missing.jsonl", "a missing second file is an error, not fewer papers")
}

func TestDefaultWorldFindsTheModuleFile(t *testing.T) {
	c := DefaultWorld()
	require.Equal(t, DefaultBackground, c.Background)
	root, err := moduleRoot()
	require.NoError(t, err)
	if _, err := os.Stat(filepath.Join(root, WorldPapersFile)); err == nil {
		require.Equal(t, filepath.Join(root, WorldPapersFile), c.PapersFile)
	} else {
		require.Empty(t, c.PapersFile)
	}
}

// TestWorldReproducesTheReferenceFailure checks the world against what was
// seen on the real arXiv (issue 11): the reference system's query shape,
// all:"game theory" AND (all:w1 OR all:w2 …), almost never finds the paper
// a question is about, because almost no abstract says "game theory";
// while the same words OR'ed over titles and abstracts often do. It runs
// over the written questions and papers, when the files exist.
func TestWorldReproducesTheReferenceFailure(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 10,000-paper world")
	}
	c := DefaultWorld()
	if c.PapersFile == "" {
		t.Skip("no " + WorldPapersFile)
	}
	f, err := os.Open(filepath.Join(filepath.Dir(c.PapersFile), "questions.jsonl"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	_, ix, err := buildWorld(c)
	require.NoError(t, err)

	found := func(query string, relevant []string) bool {
		q, err := Parse(query)
		require.NoError(t, err, query)
		res, _ := ix.Search(q, Sort{}, 0, 10)
		for _, r := range res {
			for _, id := range relevant {
				if arxiv.BaseID(r.Paper.ID) == arxiv.BaseID(id) {
					return true
				}
			}
		}
		return false
	}
	var questions, reference, fielded int
	dec := json.NewDecoder(f)
	for dec.More() {
		var q struct {
			Q        string   `json:"q"`
			Relevant []string `json:"relevant"`
		}
		require.NoError(t, dec.Decode(&q))
		if len(q.Relevant) == 0 {
			continue
		}
		var all, tiAbs []string
		for _, w := range strings.FieldsFunc(q.Q, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
			all, tiAbs = append(all, "all:"+w), append(tiAbs, "ti:"+w, "abs:"+w)
		}
		questions++
		if found(`all:"game theory" AND (`+strings.Join(all, " OR ")+`)`, q.Relevant) {
			reference++
		}
		if found(strings.Join(tiAbs, " OR "), q.Relevant) {
			fielded++
		}
	}
	t.Logf("%d questions; a relevant paper in the top 10: reference shape %d, the question's words over ti:/abs: %d", questions, reference, fielded)
	require.Positive(t, questions)
	require.LessOrEqual(t, reference*10, questions, "the reference shape finds the paper for at most 10%% of questions")
	require.GreaterOrEqual(t, fielded*2, questions, "a plain search over titles and abstracts finds it for at least half")
}
