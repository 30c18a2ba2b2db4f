// The offline embedder: why feature hashing, and what it cannot do.
//
// gtrag must answer from its store on a laptop with no model files and no
// network, and the vectors it writes today must still compare equal to the
// vectors it writes next year, in another process, on another machine. A
// learned model fails the first condition; a vocabulary built from the
// corpus (TF-IDF, LSA) fails the second, because the vocabulary and the
// weights change as papers are added, and every stored vector would have to
// be recomputed. Signed feature hashing (Weinberger et al., 2009) has
// neither problem: each term is mapped by a fixed hash function to one of
// OfflineDim coordinates with a fixed sign, so a text's vector depends on
// that text alone.
//
// Features are the stemmed terms of text.Tokenize (unigrams, weight 1) and pairs
// of consecutive terms (bigrams, weight offlineBigramWeight), so that
// "prisoner's dilemma" and "mixed strategy" count as phrases as well as
// words. Term frequency is sublinear, 1+ln(tf), so a chunk that repeats a
// word ten times does not drown the others. The vector is L2-normalised,
// which makes the dot product the cosine similarity that chromem-go ranks by.
// The random sign makes collisions unbiased: two unrelated terms sharing a
// coordinate subtract from a dot product as often as they add to it, so in
// expectation it equals the dot product of the unhashed feature vectors.
//
// What it cannot do: it knows no synonyms ("auction" and "bidding" share no
// coordinate unless a text uses both) and no inverse document frequency, so
// a common word such as "game" weighs as much as a rare one such as
// "Shapley". BM25 (bm25.go) has the IDF: on the project's evaluation set
// (TestRetrievalQuality) BM25 alone ranks better than these vectors alone,
// so the store fuses both with HybridWeightsFor("offline"), which leans on
// BM25; fuse.go has the figures. A model embedder (ollama:, openai:) adds
// the synonyms.
//
// A small sentence model built into the binary from a Go module would
// need no model file at run time and would add synonyms offline, with
// vectors as stable as its weights. The one found on the Go module proxy
// in round 2 session 57, github.com/clems4ever/all-minilm-l6-v2-go v0.0.9
// (all-MiniLM-L6-v2 over ONNX), carries its model.onnx as a 133-byte Git
// LFS pointer instead of the weights, and needs the ONNX Runtime shared
// library, which no Go toolchain provides: it cannot run from a module
// download, so it is not used.
//
// Stability: the hash (FNV-1a 64 with the constants below, then a fixed
// mixer), OfflineDim, the weights and text.Tokenize together define the "offline"
// spec that stores record. Changing any of them silently changes every new
// vector while old ones stay on disk: such a change needs a new spec name.
// TestOfflineEmbedderGolden fails when one happens by accident.
//
// (This is a file comment, not package documentation: doc.go has that.)

package vectordb

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/gtrag/gtrag/text"
)

// OfflineSpec is the spec of the offline embedder, as stores record it.
const OfflineSpec = "offline"

// OfflineDim is the length of offline vectors. Hash collisions add noise
// to every dot product with a standard deviation of about 1/√OfflineDim,
// which for short questions is as large as the signal of one shared word;
// more coordinates rank better (on the evaluation set 1024 found about 0.05
// more of the relevant papers in the top five, 4096 about 0.1) but cost
// memory and open time in proportion: 768 keeps a 100,000-chunk store near
// 300 MB of float32s, and BM25 fusion recovers most of the difference.
//
// Coordinate 0 is reserved: features hash to 1..OfflineDim-1, and a text
// with no terms (empty, only stop words or punctuation) gets the unit vector
// e0. That vector is unit length like every other, so chromem-go never
// divides by a zero norm (it would store NaNs), and its cosine with every
// text that has terms is exactly 0.
const OfflineDim = 768

// offlineBigramWeight is the weight of a bigram relative to a unigram. At a
// quarter, bigrams hold about 6% of a vector's squared norm: a shared phrase
// ("price of anarchy", "mixed strategy") lifts a chunk above others that
// share only its words, without adding much collision noise. Students
// rarely reuse a paper's exact phrases, and on the paraphrased evaluation
// set weights from 0 to 0.5 are within two questions of each other (0
// slightly ahead, 1.0 clearly behind).
const offlineBigramWeight = 0.25

// OfflineEmbedder is the deterministic, model-free embedder (spec
// "offline"). It is safe for concurrent use, and its zero value is ready;
// NewOfflineEmbedder exists for symmetry with the other constructors.
type OfflineEmbedder struct {
	scratch sync.Pool // *offlineScratch
}

// NewOfflineEmbedder returns the offline embedder.
func NewOfflineEmbedder() *OfflineEmbedder { return &OfflineEmbedder{} }

// Spec returns "offline".
func (*OfflineEmbedder) Spec() string { return OfflineSpec }

// Dim returns OfflineDim.
func (*OfflineEmbedder) Dim() int { return OfflineDim }

// offlineParallelMin is the batch size from which Embed spreads the work
// over GOMAXPROCS goroutines: below it, starting them costs more than it
// saves.
const offlineParallelMin = 64

// Embed returns one unit vector per text. It stops early, with ctx's error,
// when ctx is done.
func (e *OfflineEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("embed offline: %w", err)
	}
	out := make([][]float32, len(texts))
	workers := min(runtime.GOMAXPROCS(0), len(texts)/(offlineParallelMin/2))
	if len(texts) < offlineParallelMin || workers < 2 {
		if err := e.embedRange(ctx, texts, out); err != nil {
			return nil, err
		}
		return out, nil
	}
	errs := make([]error, workers)
	var wg sync.WaitGroup
	per := (len(texts) + workers - 1) / workers
	for w := range workers {
		lo, hi := w*per, min((w+1)*per, len(texts))
		if lo >= hi {
			break
		}
		wg.Go(func() { errs[w] = e.embedRange(ctx, texts[lo:hi], out[lo:hi]) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// embedRange embeds texts into out, checking ctx every few texts (a check
// costs about as much as embedding a short text).
func (e *OfflineEmbedder) embedRange(ctx context.Context, texts []string, out [][]float32) error {
	s, _ := e.scratch.Get().(*offlineScratch)
	if s == nil {
		s = new(offlineScratch)
	}
	defer e.scratch.Put(s)
	for i, text := range texts {
		if i%16 == 15 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("embed offline: %w", err)
			}
		}
		out[i] = s.embed(text)
	}
	return nil
}

// offlineScratch is the reusable working memory of one goroutine.
type offlineScratch struct {
	sc      text.Scanner
	unis    []uint64
	bis     []uint64
	prev    uint64
	hasPrev bool
}

func (s *offlineScratch) embed(text string) []float32 {
	s.unis, s.bis, s.hasPrev = s.unis[:0], s.bis[:0], false
	s.sc.Scan(text, s.add)
	v := make([]float32, OfflineDim)
	slices.Sort(s.unis)
	slices.Sort(s.bis)
	offlineAccumulate(v, s.unis, 1)
	offlineAccumulate(v, s.bis, offlineBigramWeight)

	if !embedUnit(v) {
		// No terms, or (vanishingly rare) features that cancelled exactly.
		v[0] = 1
	}
	return v
}

// add records one term and the bigram it closes.
func (s *offlineScratch) add(tok []byte) {
	h := offlineTermHash(tok)
	s.unis = append(s.unis, h)
	if s.hasPrev {
		s.bis = append(s.bis, offlineBigramHash(s.prev, h))
	}
	s.prev, s.hasPrev = h, true
}

// offlineAccumulate adds each distinct feature of the sorted hashes, with
// weight w·(1+ln tf), at its coordinate and sign.
func offlineAccumulate(v []float32, hashes []uint64, w float64) {
	for i := 0; i < len(hashes); {
		j := i + 1
		for j < len(hashes) && hashes[j] == hashes[i] {
			j++
		}
		h := hashes[i]
		x := float32(w * offlineSublinearTF(j-i))
		if h>>63 != 0 {
			x = -x
		}
		// Multiply-shift maps the low 32 bits onto 1..OfflineDim-1 without
		// the bias of a modulo.
		idx := 1 + int((h&0xffffffff)*(OfflineDim-1)>>32)
		v[idx] = float32(v[idx] + x)
		i = j
	}
}

// offlineTFTable caches 1+ln(tf) for small tf, which is nearly every tf.
var offlineTFTable = func() (t [32]float64) {
	for i := 1; i < len(t); i++ {
		t[i] = 1 + math.Log(float64(i))
	}
	return t
}()

func offlineSublinearTF(tf int) float64 {
	if tf < len(offlineTFTable) {
		return offlineTFTable[tf]
	}
	return 1 + math.Log(float64(tf))
}

// FNV-1a 64-bit parameters (the published offset basis and prime).
const (
	offlineFNVOffset = 14695981039346656037
	offlineFNVPrime  = 1099511628211
)

// offlineTermHash hashes a term: FNV-1a, then a mixer so that the low bits
// (coordinate) and the top bit (sign) depend on every byte.
func offlineTermHash(b []byte) uint64 {
	h := uint64(offlineFNVOffset)
	for _, c := range b {
		h ^= uint64(c)
		h *= offlineFNVPrime
	}
	return offlineMix(h)
}

// offlineBigramHash combines two term hashes, order-sensitively, into a
// feature unrelated to either term's.
func offlineBigramHash(a, b uint64) uint64 {
	return offlineMix(a*0x9e3779b97f4a7c15 ^ (b<<29 | b>>35) ^ 0x2545f4914f6cdd1d)
}

// offlineMix is the 64-bit finaliser of MurmurHash3.
func offlineMix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}
