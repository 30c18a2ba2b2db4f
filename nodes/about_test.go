package nodes

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/reasoner"
)

// sharedTerms is how many of the question's terms the about test finds in p.
func sharedTerms(question string, p arxiv.Paper) (have, of int) {
	t := newAboutTest(question)
	return t.shared(p), len(t.terms)
}

// papersOn makes n papers with the given title and summary, ids numbered
// from prefix.
func papersOn(prefix string, n int, title, summary string) []arxiv.Paper {
	out := gtOn(prefix, n, title, summary)
	for i := range out {
		out[i].Title = fmt.Sprintf("%s %d", title, i)
	}
	return out
}

func TestParaphrasedQuestionFindsThePaperThatStandsOutOfItsPool(t *testing.T) {
	// The student's everyday wording: the paper on the question holds well
	// under half of its words, and still far more than anything else in
	// the pool fetched for it.
	q := "Why do commuters who each take the quickest road make everybody's drive home slower?"
	paper := arxiv.Paper{ID: "2405.00001v1", Title: "Selfish routing and the cost of decentralisation",
		Summary: "When commuters each pick the road that is quickest for them, the equilibrium traffic can be slower for all than the flow a planner would choose."}
	have, of := sharedTerms(q, paper)
	require.GreaterOrEqual(t, have, minShared, "precondition: the paper shares some of the question's terms")
	require.Less(t, float64(have)/float64(of), minCoverage, "precondition: coverage alone would drop the paper")

	pool := append(papersOn("2404", 20, "Atomic congestion games on networks",
		"We prove that atomic congestion games with polynomial delays have a pure equilibrium and bound its cost; every road is a resource."),
		paper)
	s, err := ArxivSearcher{Arxiv: &pagingArxiv{papers: pool}, Ranker: offlineRanker()}.
		Search(context.Background(), NewState(q))
	require.NoError(t, err)
	require.Equal(t, []string{paper.ID}, paperIDs(s.ArxivPapers), "only the paper that stands out is about the question")
	require.Contains(t, s.Reasoning, "the pool's median candidate")
}

func TestAWordTheWholePoolSharesMakesNoPaperAboutTheQuestion(t *testing.T) {
	// An off-topic question that shares a word with a game-theory subject:
	// every cake-cutting paper holds "cake", none stands out, none is
	// about baking.
	q := "What's the best way to ice a birthday cake so the frosting stays smooth?"
	pool := papersOn("2406", 25, "Envy-free cake cutting",
		"We give a bounded protocol for envy-free cake cutting among n agents and discuss the best known lower bounds.")
	// One candidate holds a word more than the rest: still no paper on the
	// question, and still not standing out of a pool where every paper
	// shares the same words.
	pool = append(pool, arxiv.Paper{ID: "2406.99999v1", Title: "Cake cutting the smooth way",
		Summary: "Envy-free cake cutting with smooth valuations: the best protocols and their equilibrium."})
	have, of := sharedTerms(q, pool[len(pool)-1])
	require.Less(t, float64(have)/float64(of), minCoverage, "precondition")

	// The topic judge finds no game theory in a question on icing, as the
	// offline filter does; without one, arXiv's first cake-cutting paper,
	// sharing "cake" and "best", would count as its best match.
	s, err := ArxivSearcher{Arxiv: &pagingArxiv{papers: pool}, Ranker: offlineRanker(), MaxSearches: 1, Topic: &noFilter{}}.
		Search(context.Background(), NewState(q))
	require.NoError(t, err)
	require.Empty(t, s.ArxivPapers, "no paper is about the question")

	// The whole run ends without adding anything.
	store := &memStore{}
	d := deps(store, &fakeArxiv{}, &gtFilter{})
	d.Arxiv, d.Ranker = &pagingArxiv{papers: pool}, offlineRanker()
	final, _, err := run(t, d, q)
	require.NoError(t, err)
	require.Zero(t, final.PapersAdded)
}

func TestStandingOutIsRelativeToThePool(t *testing.T) {
	// The same paper, with the same share of the question, stands out of a
	// pool that barely matches the question and not of one whose typical
	// candidate holds as many of its words.
	q := "Why do commuters who each take the quickest road make everybody's drive home slower?"
	paper := arxiv.Paper{ID: "2405.00001v1", Title: "Selfish routing and the cost of decentralisation",
		Summary: "When commuters each pick the road that is quickest for them, the equilibrium traffic can be slower for all than the flow a planner would choose."}
	test := newAboutTest(q)
	weak := papersOn("2407", 9, "Routing games", "Atomic routing games on networks: every road is a resource.")
	strong := papersOn("2408", 9, "Commuting in traffic", "Commuters drive home on the quickest road; traffic is slower for everybody in the evening.")
	_, ok := test.inPool(append(weak, paper)).test(paper)
	require.True(t, ok, "stands out of a weak pool")
	_, ok = test.inPool(append(strong, paper)).test(paper)
	require.False(t, ok, "not out of a pool that matches the question as well")
}

func TestAnUnrecognisedQuestionsBestMatchMustShareMoreThanGameWords(t *testing.T) {
	// arXiv's first paper for a kitchen question shares "good", "strategy"
	// and "keeping" with it: three terms, but "strategy" is in every
	// game-theory abstract. For a question the topic judge did not
	// recognise, only the specific terms count, and two are too few.
	q := "What's a good strategy for keeping bread dough from over-proofing in a warm kitchen?"
	best := arxiv.Paper{ID: "2509.00001v1", Title: "Imitation and the replicator equation",
		Summary: "Players keeping a good strategy and copying better ones follow the replicator dynamics; we study its equilibrium."}
	rest := papersOn("2509", 20, "Auctions with budgets", "Bidders with budgets in repeated auctions.")
	test := newAboutTest(q)
	test.unrecognised = true
	_, ok := asBestMatch(test, best, rest)
	require.False(t, ok, "good and keeping are not enough")

	// A question the judge recognised counts its own "strategy": the same
	// paper, arXiv's best match, shares three of its terms.
	test.unrecognised = false
	why, ok := asBestMatch(test, best, rest)
	require.True(t, ok)
	require.Equal(t, "arXiv's best match", why)
}

func TestJudgeTopicTakesADescribedInteractionNotASportsRival(t *testing.T) {
	// The judge finds no game theory in either question and nothing
	// against it; a second party whose choice matters makes the first
	// game theory, a sports rival does not make the second.
	ctx := context.Background()
	v, err := judgeTopic(ctx, &noFilter{}, "Why do banks end up lending to each other through a few big hubs?")
	require.NoError(t, err)
	require.True(t, v.Yes, v.Reason)
	require.Contains(t, v.Reason, "choices that bear on each other")

	// With "rival" among text.Interaction's phrases, it did.
	v, err = judgeTopic(ctx, &noFilter{}, "Who is the toughest rival of Real Madrid in La Liga history?")
	require.NoError(t, err)
	require.False(t, v.Yes, v.Reason)
}

func TestJudgeTopicTakesPartiesThatAllAct(t *testing.T) {
	// Parties that all do what the others do (text.CollectiveAct) make a
	// question game theory; cats that all sleep do not.
	ctx := context.Background()
	v, err := judgeTopic(ctx, &noFilter{}, "Why do airlines all lower fares when one of them starts a sale?")
	require.NoError(t, err)
	require.True(t, v.Yes, v.Reason)
	require.Contains(t, v.Reason, `"airlines all lower"`)

	v, err = judgeTopic(ctx, &noFilter{}, "Why do cats all sleep so much?")
	require.NoError(t, err)
	require.False(t, v.Yes, v.Reason)

	// "stores both sell" is a collective act by its words; an errand
	// for a place nearby is refused before it is asked.
	v, err = judgeTopic(ctx, &noFilter{}, "Which stores both sell and repair bikes near me?")
	require.NoError(t, err)
	require.False(t, v.Yes, v.Reason)
	require.True(t, v.Contrary, v.Reason)
}

// TestJudgeTopicRefusesAQuestionAboutSomethingElse: each rule of
// aboutSomethingElse refuses, unsearched, a question that names and
// describes no glossary term although the lexicon counts its words
// (auction, bid, vote, prices), and says why; a question that names a
// game-theory idea, or speaks of what the field studies, keeps its
// verdict.
func TestJudgeTopicRefusesAQuestionAboutSomethingElse(t *testing.T) {
	for _, tt := range []struct {
		name, refused, why string
		kept               []string
	}{{
		// A name the field does not know: the question is about eBay's
		// rules. Naming a game-theory idea keeps it whatever else it names.
		name:    "foreign name",
		refused: "Can I cancel a bid on an eBay auction after I placed it by mistake?",
		why:     "eBay",
		kept:    []string{"Why does eBay run what is in effect a second-price auction?"},
	}, {
		// Taking part in an auction, nothing of the other bidders.
		name:    "auction errand",
		refused: "How do I bid on a house at a property auction without overpaying?",
		why:     "take part in an auction",
		kept: []string{
			"If I bid in a Vickrey auction, why should I bid exactly what the item is worth to me?",
			"How should I bid at an auction when my rivals know more about the item than I do?",
		},
	}, {
		// "today's market news" asks what happened.
		name:    "news of a day",
		refused: "Why did oil prices jump in today's market news, and what is the big producers' pricing strategy?",
		why:     "news of a day",
		kept:    []string{"Is this week's fare war between the two airlines a case of Bertrand competition?"},
	}, {
		// The result of one contest is a fact to look up; who wins a
		// kind of contest, and why, is the field's.
		name:    "result of a contest",
		refused: "Who won the presidential election in 2020, and by how many votes?",
		why:     "result of one contest",
		kept:    []string{"Who wins a war of attrition, the player who values the prize more?"},
	}, {
		// One's own date is the app's business; how a match is made
		// between two sides is the field's.
		name:    "match errand",
		refused: "got a match on a dating app but they never reply, what should i text first",
		why:     "one's own match",
		kept:    []string{"If I lie about my preferences, can I get a better match under deferred acceptance?"},
	}, {
		// Where and how to cast one's vote is the electoral office's
		// business; the rule, or what the vote is worth, is the field's.
		name:    "voting errand",
		refused: "Where do I go to vote in the local election, and what time do polling stations close?",
		why:     "take part in an election",
		kept:    []string{"Should I vote strategically for my second choice under plurality rule?"},
	}, {
		// What to buy for oneself is the shop's business; the seller's
		// commitment, or a lemon, is the field's.
		name:    "purchase errand",
		refused: "My Wi-Fi signal keeps dropping in the bedroom; should I buy a mesh router or a range extender?",
		why:     "what to buy for oneself",
		kept:    []string{"If I buy a used car, should I worry that the seller is hiding a lemon?"},
	}, {
		// Paying off one's debts is interest arithmetic; the parties to a
		// debt are the field's.
		name:    "debt errand",
		refused: "What's the best strategy for paying off credit card debt, avalanche or snowball?",
		why:     "pay off a debt",
		kept:    []string{"Why does moral hazard make banks ration credit rather than let borrowers take bigger loans to pay off?"},
	}, {
		// What a standard or a law requires is looked up in it; what a
		// rule does to the choices it governs is the field's.
		name:    "legal lookup",
		refused: "Under GAAP, how should incentive bonuses accrued at year end be recorded?",
		why:     "what a law, a standard or a licence requires",
		kept:    []string{"Under first-price rules, why should bidders shade their bids below their values?"},
	}} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			v, err := judgeTopic(ctx, reasoner.NewOfflineFilter(), tt.refused)
			require.NoError(t, err)
			require.False(t, v.Yes, v.Reason)
			require.True(t, v.Contrary, v.Reason)
			require.Contains(t, v.Reason, tt.why)

			for _, q := range tt.kept {
				v, err = judgeTopic(ctx, reasoner.NewOfflineFilter(), q)
				require.NoError(t, err)
				require.True(t, v.Yes, "%s: %s", q, v.Reason)
				require.False(t, v.Contrary, "%s: %s", q, v.Reason)
				require.NotContains(t, v.Reason, tt.why, q)
			}
		})
	}
}

func TestAnUnrecognisedQuestionsBestMatchNeedsFourSpecificTerms(t *testing.T) {
	// A congestion paper, arXiv's first result for a baking question,
	// shares three of its everyday words ("make", "rise", "faster"): too
	// few for a question the topic judge did not recognise.
	q := "How do I make pizza dough rise faster in a cold flat?"
	best := arxiv.Paper{ID: "2510.00001v1", Title: "Tolls that make traffic faster",
		Summary: "Congestion tolls make the equilibrium flow faster; travel times rise less than without them."}
	// The pool's typical candidate shares two of the words, so the paper
	// does not stand out of it either.
	rest := papersOn("2510", 20, "Auctions with budgets", "Bidders make bids faster in repeated auctions.")
	test := newAboutTest(q)
	test.unrecognised = true
	have := countIn(test.counted(), termSet(best), nil)
	require.Equal(t, 3, have, "precondition: three specific terms shared")
	_, ok := asBestMatch(test, best, rest)
	require.False(t, ok, "three everyday words are not enough")

	// One more of its words, "cold", and the same paper is its best match.
	best.Summary += " Cold starts are rare."
	why, ok := asBestMatch(test, best, rest)
	require.True(t, ok)
	require.Equal(t, "arXiv's best match", why)

	// A question the judge recognised still needs only minSharedBest.
	best.Summary = "Congestion tolls make the equilibrium flow faster."
	test.unrecognised = false
	_, ok = asBestMatch(test, best, rest)
	require.True(t, ok)
}

// asBestMatch is the about test of best as arXiv's first result, ahead of
// rest.
func asBestMatch(test aboutTest, best arxiv.Paper, rest []arxiv.Paper) (string, bool) {
	return test.inPool(append([]arxiv.Paper{best}, rest...)).test(best)
}

func TestARecognisedQuestionsEverydayWordIsHeldByThePapersWord(t *testing.T) {
	// "Haggling" is what a student writes and "bargaining" what the paper
	// does (text.FieldWords): for a question the topic judge recognised,
	// a paper saying "bargaining" holds the question's "haggling".
	q := "Do shoppers who keep haggling with a chatbot seller pay more in the end?"
	paper := arxiv.Paper{ID: "2410.00001v1", Title: "Bargaining with a machine",
		Summary: "Shoppers in an online experiment faced a chatbot seller in a bargaining game over a used laptop."}
	test := newAboutTest(q)
	require.Equal(t, countIn(test.terms, termSet(paper), nil)+1, countIn(test.terms, termSet(paper), test.alternates()), "haggling is held through bargaining")
	why, ok := test.inPool([]arxiv.Paper{{ID: "2410.00000v1", Title: "Prices", Summary: "Sellers set prices."}, paper}).test(paper)
	require.True(t, ok, why)
	require.Contains(t, why, "specific terms")

	// A question the judge did not recognise keeps to its own words: its
	// everyday words are what off-topic errands are made of ("negotiate
	// my salary" would hold "bargaining" too).
	test.unrecognised = true
	require.Equal(t, countIn(test.terms, termSet(paper), nil), countIn(test.terms, termSet(paper), test.alternates()))
	_, ok = test.inPool([]arxiv.Paper{{ID: "2410.00000v1", Title: "Prices", Summary: "Sellers set prices."}, paper}).test(paper)
	require.False(t, ok)
}
