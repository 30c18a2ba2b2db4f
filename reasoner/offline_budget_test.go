package reasoner_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/service"
)

// TestAnswerKeepsReasonWithMorePassages asks a why/how question as `gtrag
// ask -k K` does offline with arXiv unreachable, for K = 3 and K = 5. The
// sentences that say why truthful bidding is dominant in a Vickrey
// auction must stay in the answer when more passages are retrieved: with
// -k 5 the entries on VCG and on dominant strategies came in, their
// sentences that refer back brought along antecedents that bear little on
// the question, and "The reason is that your bid only decides whether you
// win, not what you pay", which repeats few of the question's words, was
// left out.
func TestAnswerKeepsReasonWithMorePassages(t *testing.T) {
	const q = "How does the Vickrey auction make truthful bidding a dominant strategy?"
	svc := offlineService(t)
	for _, k := range []int{3, 5} {
		r, err := svc.Ask(context.Background(), q, service.AskOptions{K: k, ArxivFailFast: true})
		require.NoError(t, err)
		t.Logf("-k %d: %s", k, r.Answer)
		require.Contains(t, r.Answer, "Bidding one's true value is a weakly dominant strategy", "-k %d", k)
		require.Contains(t, r.Answer, "The reason is that your bid only decides whether you win, not what you pay", "-k %d", k)
	}
}
