package reasoner

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLLMAnswererAbstains: the answer prompt asks for numbered citations and
// for the fixed CannotAnswer phrase when the passages do not answer; a reply
// using the phrase, even reworded the way models do, is an abstention.
func TestLLMAnswererAbstains(t *testing.T) {
	for _, reply := range []string{
		CannotAnswer + ". The closest passage is about Nash equilibrium [1].",
		"I can't answer this from these sources; passage [1] defines Nash equilibrium.",
		"Sorry, I am unable to answer the question from the provided passages.",
	} {
		m := &scriptedModel{script: []step{{reply: reply}}}
		a, err := NewLLMAnswerer(m, fast...).Answer(context.Background(), "What is Bayesian persuasion?", onePassage)
		require.NoError(t, err)
		require.True(t, a.Abstained, reply)
		require.Equal(t, []string{"Bayesian persuasion"}, a.Concepts)
		require.NotContains(t, a.Notices, PromptGenerateResponse+": the LLM's answer cites no source",
			"an abstention need not cite")
		p := m.prompts[0]
		require.Contains(t, p, `reply with exactly "`+CannotAnswer+`."`)
		require.Contains(t, p, "ends with its citation [n]")
	}

	m := &scriptedModel{script: []step{{reply: "A Nash equilibrium is stable [1]. It cannot be answered by deviating alone [1]."}}}
	a, err := NewLLMAnswerer(m, fast...).Answer(context.Background(), "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.False(t, a.Abstained, "an answer is not an abstention")
	require.Equal(t, []int{1}, a.Cited)
}

// TestProvidersAbstain drives the real Ollama and OpenAI clients against the
// fake server: a model that says it cannot answer from the sources yields
// an abstention, whatever the transport.
func TestProvidersAbstain(t *testing.T) {
	for _, provider := range []string{"ollama", "openai"} {
		t.Run(provider, func(t *testing.T) {
			f := newFakeLLM(t)
			f.reply = func(int) fakeReply {
				return fakeReply{Set: true, Text: CannotAnswer + ". Passage [1] is about Nash equilibrium."}
			}
			set := openFake(t, provider, f)
			a, err := set.Answerer.Answer(context.Background(), "What is Bayesian persuasion?", onePassage)
			require.NoError(t, err)
			require.True(t, a.Abstained, a.Text)
			require.Equal(t, []int{1}, a.Cited)
			reqs := f.Requests()
			require.Len(t, reqs, 1)
			require.Contains(t, reqs[0].System, CannotAnswer)
		})
	}
}
