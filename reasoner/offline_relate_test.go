package reasoner_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
)

// A yes/no question that names two game-theory concepts asks how they
// relate: the primer's entry on tit-for-tat beside its entry on ESS does
// not say whether tit-for-tat is one, so the judge says no (and the run
// searches arXiv), where the ESS entry, which says every ESS is a Nash
// equilibrium, answers the other question.
func TestJudgeWantsAPassageRelatingTwoNamedConcepts(t *testing.T) {
	db := primerStore(t)
	j := reasoner.NewOfflineJudge()
	q := "Is tit-for-tat an evolutionarily stable strategy?"
	v, err := j.JudgeRelevance(context.Background(), q, retrieve(t, db, q))
	require.NoError(t, err)
	require.False(t, v.Yes, v.Reason)
	require.Contains(t, v.Reason, "the question asks how tit-for-tat and evolutionarily stable strategy relate, and no passage names both")

	q = "Is every ESS a Nash equilibrium?"
	v, err = j.JudgeRelevance(context.Background(), q, retrieve(t, db, q))
	require.NoError(t, err)
	require.True(t, v.Yes, v.Reason)
}
