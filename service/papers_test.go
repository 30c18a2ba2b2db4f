package service

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/vectordb"
)

// The abstract comes back whole from its chunks whatever the chunker's
// size and overlap, including no overlap at all, and in any chunk order.
func TestPaperOfChunksRebuildsTheAbstract(t *testing.T) {
	var words []string
	for i := range 300 {
		words = append(words, fmt.Sprintf("w%d", i*7919%1000))
		if i%17 == 16 {
			words[len(words)-1] += "."
		}
	}
	p := arxiv.Paper{ID: "2301.00001v1", Title: "A title", Summary: strings.Join(words, " "), Authors: []string{"A B", "C D"}}
	for _, opt := range []chunker.Options{{}, {Size: 120}, {Size: 120, Overlap: chunker.NoOverlap}, {Size: 90, Overlap: 60}} {
		docs := vectordb.Documents(chunker.Split(p, opt))
		require.Greater(t, len(docs), 1, "%+v", opt)
		docs[0], docs[len(docs)-1] = docs[len(docs)-1], docs[0]
		got := paperOfChunks(docs)
		require.Equal(t, p.Summary, got.Summary, "%+v", opt)
		require.Equal(t, len(docs), got.Chunks)
		require.Equal(t, p.Authors, got.Authors)
		require.Equal(t, "A title", got.Title)
	}
}
