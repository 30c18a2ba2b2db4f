package chunker

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

// A chunk that starts inside a sentence says so: its first words are the
// end of a sentence, which the answerer must not quote as one ("BNE is to
// bid half of one's value, …" of "the symmetric BNE is to bid half …"). A
// chunk that starts at a sentence, and the first, carry no such key.
func TestChunksStartingInsideASentenceAreMarked(t *testing.T) {
	long := strings.Repeat("players choose among many strategies with payoffs that depend on what others do ", 20)
	p := arxiv.Paper{ID: "2301.00001v1", Title: "One long sentence", Summary: "A game. " + strings.TrimSpace(long) + "."}
	cs := Split(p, Options{})
	require.Greater(t, len(cs), 1)
	require.NotContains(t, cs[0].Metadata, KeyMidSentence)
	require.Equal(t, "true", cs[1].Metadata[KeyMidSentence], "%.60q", cs[1].Text)

	var sents []string
	for i := range 40 {
		sents = append(sents, "Sentence number "+strings.Repeat("x", i%7+3)+" tells what the players in this game do next.")
	}
	p.Summary = strings.Join(sents, " ")
	cs = Split(p, Options{})
	require.Greater(t, len(cs), 1)
	for _, c := range cs {
		require.NotContains(t, c.Metadata, KeyMidSentence, "%.60q", c.Text)
		require.True(t, strings.HasPrefix(c.Text, "Title: ") || strings.HasPrefix(c.Text, "Sentence number"), "%.60q", c.Text)
	}
}
