package vectordb

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/gtrag/gtrag/text"
	"github.com/stretchr/testify/require"
)

func embedOne(t testing.TB, e Embedder, text string) []float32 {
	t.Helper()
	v, err := e.Embed(context.Background(), []string{text})
	require.NoError(t, err)
	require.Len(t, v, 1)
	return v[0]
}

func requireUnit(t testing.TB, v []float32) {
	t.Helper()
	var s float64
	for _, x := range v {
		require.False(t, math.IsNaN(float64(x)) || math.IsInf(float64(x), 0))
		s += float64(x) * float64(x)
	}
	require.InDelta(t, 1, math.Sqrt(s), 1e-6)
}

func TestOfflineEmbedder(t *testing.T) {
	e := NewOfflineEmbedder()
	require.Equal(t, "offline", e.Spec())
	require.Equal(t, OfflineDim, e.Dim())

	t.Run("unit vectors of the advertised dimension", func(t *testing.T) {
		for _, text := range []string{"Nash equilibrium", benchChunk(), "a", "", "the of and", "博弈"} {
			v := embedOne(t, e, text)
			require.Len(t, v, OfflineDim)
			requireUnit(t, v)
		}
	})

	t.Run("no terms gives e0, orthogonal to every text with terms", func(t *testing.T) {
		for _, text := range []string{"", "   ", "the of and!", "?!.,", "a b c"} {
			v := embedOne(t, e, text)
			require.Equal(t, float32(1), v[0], "%q", text)
		}
		v := embedOne(t, e, "mechanism design")
		require.Zero(t, v[0])
	})

	t.Run("deterministic across calls and instances", func(t *testing.T) {
		var other OfflineEmbedder // the zero value works too
		require.Equal(t, embedOne(t, e, benchChunk()), embedOne(t, &other, benchChunk()))
	})

	t.Run("batch equals one by one, in order, also when parallel", func(t *testing.T) {
		texts := make([]string, 3*offlineParallelMin+5)
		for i := range texts {
			texts[i] = fmt.Sprintf("paper %d about auction number %d and %s", i, i*7, strings.Repeat("bid ", i%5))
		}
		got, err := e.Embed(context.Background(), texts)
		require.NoError(t, err)
		require.Len(t, got, len(texts))
		for i, text := range texts {
			require.Equal(t, embedOne(t, e, text), got[i], i)
		}
	})

	t.Run("similar texts are closer than unrelated ones", func(t *testing.T) {
		tests := []struct{ a, near, far string }{
			{"the prisoner's dilemma with repeated play", "repeated prisoners dilemma", "second price sealed bid auctions"},
			{"stable matching of students to schools", "school choice as a stable matching problem", "mixed strategy Nash equilibrium"},
			{"Shapley value of a cooperative game", "cooperative games and the Shapley value", "evolutionary dynamics of populations"},
		}
		for _, tt := range tests {
			a := embedOne(t, e, tt.a)
			require.Greater(t, embedDot(a, embedOne(t, e, tt.near)), embedDot(a, embedOne(t, e, tt.far)), tt.a)
		}
	})

	t.Run("bigrams make word order count", func(t *testing.T) {
		// Same three words, no shared bigram: 3/(3 + 2/16) = 0.96.
		a := embedOne(t, e, "prisoner dilemma game")
		require.InDelta(t, 1, embedDot(a, embedOne(t, e, "prisoner dilemma game")), 1e-6)
		require.InDelta(t, 0.96, embedDot(a, embedOne(t, e, "game dilemma prisoner")), 0.02)
	})

	t.Run("sublinear term frequency", func(t *testing.T) {
		// With raw tf, "auction" ×10 would make the vector almost pure
		// "auction"; with 1+ln(tf) the other word keeps a real share.
		v := embedOne(t, e, strings.Repeat("auction ", 10)+"reserve")
		r := embedOne(t, e, "reserve")
		require.Greater(t, embedDot(v, r), 0.25)
	})

	t.Run("honours a cancelled context", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := e.Embed(ctx, []string{"x"})
		require.ErrorIs(t, err, context.Canceled)
		texts := make([]string, 4*offlineParallelMin)
		for i := range texts {
			texts[i] = benchChunk()
		}
		_, err = e.Embed(ctx, texts)
		require.True(t, errors.Is(err, context.Canceled))
	})

	t.Run("concurrent use", func(t *testing.T) {
		want := embedOne(t, e, benchChunk())
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for range 20 {
					v, err := e.Embed(context.Background(), []string{benchChunk(), "x y"})
					if err != nil || !slicesEqual(v[0], want) {
						t.Error("concurrent embedding differs")
						return
					}
				}
			})
		}
		wg.Wait()
	})
}

func slicesEqual(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestOfflineEmbedderGolden pins the offline vectors. Stores keep them on
// disk, so a change to text.Tokenize, the hash, the weights or OfflineDim must be
// deliberate (a new spec name), never a side effect. If this fails after an
// intended change, read the comment at the top of embed_offline.go first.
func TestOfflineEmbedderGolden(t *testing.T) {
	v := embedOne(t, NewOfflineEmbedder(), "The prisoner's dilemma: tit-for-tat in repeated games.")
	got := map[int]float64{}
	for i, x := range v {
		if x != 0 {
			got[i] = math.Round(float64(x)*1e5) / 1e5
		}
	}
	want := offlineGolden
	require.Len(t, got, len(want))
	for i, w := range want {
		require.InDelta(t, w, got[i], 2e-5, "coordinate %d", i)
	}
}

func FuzzOfflineEmbed(f *testing.F) {
	for _, s := range []string{
		"", " ", "Nash equilibrium", "the of and", "tit-for-tat", "prisoner's", "\xff\xfe\xfd",
		"博弈论", strings.Repeat("game ", 200), "e\u0301", "x-y-z", "0.5 1.5 2x2",
	} {
		f.Add(s)
	}
	e := NewOfflineEmbedder()
	f.Fuzz(func(t *testing.T, s string) {
		v := embedOne(t, e, s)
		require.Len(t, v, OfflineDim)
		requireUnit(t, v)
		require.Equal(t, v, embedOne(t, e, s), "deterministic")
		if len(text.Tokenize(s)) == 0 {
			require.Equal(t, float32(1), v[0])
		}
	})
}

// BenchmarkOfflineEmbed embeds batches of ~1000-character chunks, the
// ingest workload. Compare chunks/s with `-cpu 1` (one core: target ≥
// 10,000/s) and `-cpu 2`.
func BenchmarkOfflineEmbed(b *testing.B) {
	base := benchChunk()
	texts := make([]string, 256)
	for i := range texts {
		// Vary the text so that no cache or branch predictor sees one input.
		texts[i] = fmt.Sprintf("%s (variant %d: %s)", base[:len(base)-40], i, strings.Repeat("equilibrium ", i%4))
	}
	e := NewOfflineEmbedder()
	ctx := context.Background()
	b.ReportAllocs()
	var bytes int64
	for _, s := range texts {
		bytes += int64(len(s))
	}
	b.SetBytes(bytes)
	for b.Loop() {
		if _, err := e.Embed(ctx, texts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(texts))/b.Elapsed().Seconds(), "chunks/s")
}

// offlineGolden holds the non-zero coordinates of the golden text's vector:
// seven terms (prison dilemma titfortat tit tat repeat game) at ±1/√7.375
// and six bigrams at a quarter of that.
var offlineGolden = map[int]float64{
	14: 0.36823, 65: 0.36823, 94: -0.09206, 121: -0.09206, 171: 0.09206, 277: 0.36823,
	280: 0.09206, 296: 0.36823, 301: 0.36823, 402: -0.36823, 476: -0.09206, 633: -0.36823,
	738: -0.09206,
}
