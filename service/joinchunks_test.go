package service

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/vectordb"
)

// repeatTo is s repeated up to n bytes, cut at the last space within them
// and without a trailing space: a cleaned abstract of about n characters.
func repeatTo(s string, n int) string {
	t := strings.Repeat(s, n/len(s)+1)[:n]
	if i := strings.LastIndexByte(t, ' '); i > 0 {
		t = t[:i]
	}
	return strings.TrimSpace(t)
}

// roundTrip chunks summary as the store does (default options), puts the
// chunks back together and returns the abstract.
func roundTrip(t *testing.T, title, summary string) string {
	t.Helper()
	p := arxiv.Paper{ID: "2301.00001v1", Title: title, Summary: summary, Authors: []string{"A B"}}
	docs := vectordb.Documents(chunker.Split(p, chunker.Options{}))
	require.NotEmpty(t, docs)
	return paperOfChunks(docs).Summary
}

// An abstract that repeats itself over more than the overlap comes back
// whole: the join used to drop the longest repeat and returned about a
// tenth of a 10,000-character abstract made of one sentence.
func TestJoinChunksRepetitiveAbstracts(t *testing.T) {
	sentence := "Folk theorems hold in repeated games with patient players. "
	tests := map[string]string{
		"one sentence, 10,000 characters":          repeatTo(sentence, 10_000),
		"short word pattern, 10,000 characters":    repeatTo("ab cd ", 10_000),
		"one word, 10,000 characters":              repeatTo("nash ", 10_000),
		"two sentences of different lengths":       repeatTo("Games end. Players repeat what they did before. ", 10_000),
		"a sentence start beats a longer repeat":   "Intro x " + repeatTo("Nash equilibria exist in finite games with mixed strategies always. ", 6_800),
		"one sentence 300 times":                   strings.TrimSpace(strings.Repeat("Nash equilibria exist in games. ", 300)),
		"CJK sentences repeated":                   strings.Repeat("博弈论研究理性决策者之间的策略互动。纳什均衡是其核心概念，", 100),
		"a word longer than a chunk":               strings.Repeat("a", 3_000),
		"long words repeated":                      repeatTo(strings.Repeat("x", 450)+" ", 9_000),
		"accented sentence repeated":               repeatTo("Les équilibres de Nash existent — toujours. ", 10_000),
		"one sentence, then one word, in one text": repeatTo(sentence, 5_000) + " " + repeatTo("ab ", 5_000),
	}
	for name, summary := range tests {
		t.Run(name, func(t *testing.T) {
			require.LessOrEqual(t, utf8.RuneCountInString(summary), chunker.MaxSummaryRunes)
			got := roundTrip(t, "Repetition in repeated games", summary)
			require.Equal(t, len(summary), len(got))
			require.Equal(t, summary, got)
		})
	}
}

// When the longest repeat within the overlap is not where the chunker cut
// (it preferred a sentence start to an earlier word), the first join does
// not re-split into the stored chunks and the search finds the one that
// does.
func TestJoinChunksSearchesPastTheFirstJoin(t *testing.T) {
	block := "Games Z. game. x e.g. x y Games y game. y Z. Z. game. game."
	noise := map[int]string{11: "Games", 13: "x", 27: "x"} // after these blocks
	var parts []string
	for i := 1; i <= 40; i++ {
		parts = append(parts, block)
		if w, ok := noise[i]; ok {
			parts = append(parts, w)
		}
	}
	summary := strings.Join(parts, " ")
	chunks := chunker.Split(arxiv.Paper{Title: "T", Summary: summary}, chunker.Options{})
	texts := make([]string, len(chunks))
	for i, c := range chunks {
		texts[i] = c.Text
	}
	s := joinSearch{texts: texts, tries: maxJoinTries}
	s.cands = make([][]int, len(texts)-1)
	s.pick = make([]int, len(texts)-1)
	for i := range s.cands {
		s.cands[i] = seamCandidates(texts[i], texts[i+1])
	}
	require.NotEqual(t, len(texts), s.check(), "the first join should not be the chunker's")
	require.Equal(t, summary, abstractOf(joinChunks(texts)))
}

// The export path proper: stored in the embedded store and read back a
// page of papers at a time, a repetitive abstract is what was ingested.
func TestExportRoundTripsARepetitiveAbstract(t *testing.T) {
	ctx := context.Background()
	db, err := vectordb.Open(ctx, t.TempDir(), vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	want := map[string]string{
		"2301.00001v1": repeatTo("Folk theorems hold in repeated games with patient players. ", 10_000),
		"2301.00002v1": repeatTo("ab cd ", 10_000),
	}
	for id, summary := range want {
		p := arxiv.Paper{ID: id, Title: "Repetition", Summary: summary, Authors: []string{"A B"}, Categories: []string{"cs.GT"}}
		_, err := db.Add(ctx, vectordb.Documents(chunker.Split(p, chunker.Options{})))
		require.NoError(t, err)
	}
	got := map[string]string{}
	require.NoError(t, EachPaperWithAbstract(ctx, db, func(p Paper) error {
		got[p.ID] = p.Summary
		return nil
	}))
	require.Equal(t, want, got)
}

// Random abstracts over a handful of words, so that they repeat
// themselves at every scale, with sentence ends, abbreviations, CJK and
// the odd long word, all come back whole.
func TestJoinChunksRandomRepetitiveAbstracts(t *testing.T) {
	vocab := []string{"a", "b", "ab", "Nash", "game.", "Games", "e.g.", "J.", "x", "equilibrium", "1.5", "(see", "it)."}
	cjk := []string{"博弈", "均衡。", "策略", "，", "纳什"}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		words := slices.Clone(vocab[:2+rng.IntN(len(vocab)-1)])
		if n%5 == 0 {
			words = append(words, cjk...)
		}
		if n%7 == 0 {
			words = append(words, strings.Repeat("w", 150+rng.IntN(640)))
		}
		var b strings.Builder
		size := 200 + rng.IntN(9_700)
		for b.Len() < size {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[rng.IntN(len(words))])
		}
		summary := b.String()
		if utf8.RuneCountInString(summary) > chunker.MaxSummaryRunes {
			continue
		}
		title := strings.Repeat("T ", rng.IntN(5)) + "Title"
		require.Equal(t, summary, roundTrip(t, title, summary), "case %d", n)
	}
}

// ordinaryAbstract is a realistic abstract: sentences of 8–25 words drawn
// from a vocabulary of a few hundred.
func ordinaryAbstract(rng *rand.Rand, n int) string {
	var vocab []string
	for _, w := range strings.Fields(`we study the equilibrium of repeated games with imperfect monitoring and
		show that patient players can sustain cooperation through punishment strategies our results extend
		folk theorems to settings where signals are private and noisy auctions mechanisms bidders values
		revenue optimal design truthful incentive compatible budget constraints learning dynamics regret
		convergence correlated coarse potential congestion routing price anarchy stability welfare social
		choice voting manipulation fair division envy free allocation matching stable markets two sided
		school choice deferred acceptance bargaining Nash solution Shapley value core cooperative coalition
		formation network formation contagion information design persuasion signaling cheap talk reputation
		evolutionary replicator dynamics population best response fictitious play mean field large`) {
		vocab = append(vocab, w)
	}
	var b strings.Builder
	for b.Len() < n {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		for i := range 8 + rng.IntN(18) {
			if i > 0 {
				b.WriteByte(' ')
			}
			w := vocab[rng.IntN(len(vocab))]
			if i == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			}
			b.WriteString(w)
		}
		b.WriteByte('.')
	}
	return b.String()
}

// Every seam of an ordinary abstract is plain: the join needs no re-split,
// so exporting real abstracts costs what it did.
func TestOrdinaryAbstractsJoinWithoutResplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 200 {
		summary := ordinaryAbstract(rng, 800+rng.IntN(4_000))
		p := arxiv.Paper{ID: "2301.00001v1", Title: "Learning in repeated games", Summary: summary}
		chunks := chunker.Split(p, chunker.Options{})
		texts := make([]string, len(chunks))
		for i, c := range chunks {
			texts[i] = c.Text
		}
		acc := texts[0]
		for i := 1; i < len(texts); i++ {
			k := overlap(acc, texts[i])
			require.True(t, plainSeam(texts[i-1], texts[i], k), "case %d, seam %d", n, i)
			acc += texts[i][k:]
		}
		require.Equal(t, summary, abstractOf(joinChunks(texts)), "case %d", n)
	}
}

func benchmarkJoin(b *testing.B, summary string) {
	p := arxiv.Paper{ID: "2301.00001v1", Title: "Learning in repeated games", Summary: summary}
	chunks := chunker.Split(p, chunker.Options{})
	texts := make([]string, len(chunks))
	for i, c := range chunks {
		texts[i] = c.Text
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(summary)))
	for b.Loop() {
		if abstractOf(joinChunks(texts)) != summary {
			b.Fatal("the abstract does not come back whole")
		}
	}
}

func BenchmarkJoinChunksOrdinary(b *testing.B) {
	benchmarkJoin(b, ordinaryAbstract(rand.New(rand.NewPCG(5, 6)), 1_500))
}

func BenchmarkJoinChunksRepetitive(b *testing.B) {
	benchmarkJoin(b, repeatTo("Folk theorems hold in repeated games with patient players. ", 10_000))
}

// A title of one word longer than a chunk (999 "T"s, under the title cap)
// is cut by the chunker, so the chunk before "Abstract: " does not start
// with "Title: ". The join offered the title–abstract seam only after a
// chunk that did, found no join, and `papers show` and `papers export`
// gave the paper an empty abstract.
func TestJoinChunksAfterATitleOfOneLongWord(t *testing.T) {
	for _, n := range []int{999, 1000, 2500} {
		title := strings.Repeat("T", n)
		got := roundTrip(t, title, "Nash equilibrium in auctions is studied here.")
		require.Equal(t, "Nash equilibrium in auctions is studied here.", got, "title of %d runes", n)
	}
}
