package nodes

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// generate_response declares that it writes offline (the writes checker of
// run fails the test otherwise), so that graph --format explain and ask
// --step say so.
func TestRespondDeclaresOffline(t *testing.T) {
	store := &memStore{docs: []vectordb.Document{{ID: "old_chunk_0", Content: "Title: Sealed-bid auctions\n\nAbstract: The Nash equilibrium of sealed-bid auctions.",
		Metadata: map[string]string{"paper_id": "old", "title": "Sealed-bid auctions"}}}}
	d := deps(store, &fakeArxiv{papers: []arxiv.Paper{gtPaper}}, &gtFilter{})
	d.Answerer = offlineAnswerer{why: reasoner.OfflineLLMFailed}
	final, _, err := run(t, d, "What is the Nash equilibrium of sealed-bid auctions?")
	require.NoError(t, err)
	require.Equal(t, reasoner.OfflineLLMFailed, final.Offline)
}
