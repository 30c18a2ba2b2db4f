package text

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCueTable(t *testing.T) {
	for name, list := range allCues() {
		require.NotNil(t, lookup(name), "cues for %q, which is not a glossary term", name)
		require.NotEmpty(t, list, name)
		for _, s := range list {
			_, err := parseCue(s)
			assert.NoError(t, err, name)
		}
	}
}

func TestCueAlternatives(t *testing.T) {
	c, err := parseCue("divid* troops|budget* front*|district*")
	require.NoError(t, err)
	q := newCueQuestion("How should I spread my budget over the districts?")
	terms, ok := q.match(c)
	assert.True(t, ok, "one alternative of each part, spread standing for divide (Kin)")
	assert.Equal(t, []string{"spread", "budget", "district"}, terms)
	assert.False(t, newCueQuestion("How should I spread my budget over the year?").has(c), "every part must be there")
	_, err = parseCue("the|of a|an")
	assert.Error(t, err, "alternatives of stop words only")
	_, err = parseCue("troops|")
	assert.Error(t, err, "an empty alternative")
	_, err = parseCue("troops|soldiers")
	assert.Error(t, err, "one word, however many alternatives")
}

func TestParseCueRejects(t *testing.T) {
	for _, s := range []string{"cake", "ca* cake", "of the", "the"} {
		_, err := parseCue(s)
		assert.Error(t, err, s)
	}
}

func TestEvoked(t *testing.T) {
	for q, want := range map[string]string{
		"My advisor is biased and talk costs nothing: can I trust him?":               "cheap talk",
		"Why do candidates in an election move their platforms to the middle?":        "median voter theorem",
		"If everyone pays their bid, winners and losers alike, how do people bid?":    "all-pay auction",
		"Could charging drivers for using busy roads reduce congestion?":              "congestion pricing",
		"Can you prove that chess is determined?":                                     "Zermelo's theorem",
		"Why would an expert reveal only part of what they know to a biased boss?":    "cheap talk",
		"Is it always possible to cut a cake so nobody envies anyone?":                "cake cutting",
		"Does anyone gain by lying about their ranking in school assignment?":         "strategy-proofness",
		"Why would people form links when each connection costs them something?":      "network formation",
		"When can no coalition do better on its own than the grand coalition?":        "core allocation",
		"Can talk that costs nothing and binds nobody still convey real information?": "cheap talk",
		"Everyone in my flat benefits from a clean kitchen but nobody cleans it.":     "public good",
	} {
		assert.Contains(t, names(Evoked(q)), want, q)
	}
}

func TestEvokedNeedsTheWholeDescription(t *testing.T) {
	for _, q := range []string{
		"What's a good recipe for vegan chocolate cake?",
		"How do I avoid traffic on my commute?",
		"Which chess opening is best for beginners?",
		"What is the capital of France?",
		"How do I write a cover letter for a job?",
	} {
		assert.Empty(t, Evoked(q), q)
	}
}

// TestEvokedDescriptions holds a described question for each of a
// sample of cues: the question a student would ask without the term's
// name. The sentences were written for the test, from the cue's meaning.
func TestEvokedDescriptions(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"In a dynamic game, when do strategies depend only on the current state?", "Markov perfect equilibrium"},
		{"What happens to the equilibrium if players make mistakes that are less likely when they are costly?", "quantal response equilibrium"},
		{"Why would an equilibrium need to survive a trembling hand?", "trembling-hand perfect equilibrium"},
		{"What if players must commit to follow the mediator before they see the recommendation?", "coarse correlated equilibrium"},
		{"What does the leader commit to when the follower best responds?", "Stackelberg equilibrium"},
		{"What if each player assumes the others are less sophisticated than themselves?", "cognitive hierarchy"},
		{"How are buyers and sellers of houses matched and at what prices?", "assignment game"},
		{"How do you bid when you are uncertain about your opponent's type?", "Bayesian Nash equilibrium"},
		{"How good is the best equilibrium compared with the social optimum?", "price of stability"},
		{"What if my cost depends on how many others choose the same resource?", "congestion game"},
		{"Can two rational people with the same information agree to disagree?", "agreement theorem"},
		{"How should beliefs be updated by Bayes rule in an equilibrium?", "perfect Bayesian equilibrium"},
		{"Is there an algorithm to find one equilibrium of a two-player game?", "Lemke-Howson algorithm"},
		{"A couple want to be together but one prefers the opera and the other football: what happens?", "battle of the sexes"},
		{"How much money do people give to a stranger who cannot refuse?", "dictator game"},
		{"Where would you meet a stranger in a city without any way to communicate?", "focal point"},
		{"Do people who are insured become careless?", "moral hazard"},
		{"Which equilibrium is chosen when the efficient one is risky and the other safe?", "risk dominance"},
		{"What if a single defection ends cooperation forever?", "grim trigger"},
		{"Why does the minority side win when everybody picks a bar night?", "minority game"},
		{"How can an incumbent firm discourage entry by a newcomer?", "entry deterrence"},
		{"Why would people pay from their own pocket to punish free riders?", "costly punishment"},
		{"In a standoff, who gives up first when waiting is costly?", "war of attrition"},
		{"Why do insurers attract the riskiest customers?", "adverse selection"},
		{"Pick a number closest to two thirds of the average: what do people guess?", "beauty contest"},
		{"How do you cut and choose fairly?", "cake cutting"},
		{"Why is it safe to repeatedly cross out dominated strategies?", "iterated elimination of dominated strategies"},
		{"Which strategies survive if every player is rational and knows the others are rational?", "rationalizability"},
		{"In an auction where the auctioneer raises the price until one bidder is left, how should I bid?", "English auction"},
		{"Flower auctions lower the price until someone accepts: is that like sealed bids?", "Dutch auction"},
		{"How should an auction sell many items when bidders want bundles of items?", "combinatorial auction"},
		{"How do governments auction spectrum licences for mobile phones?", "spectrum auction"},
		{"Why do people bid more than a dollar for a dollar when the second-highest bidder pays too?", "dollar auction"},
		{"Is a majority more likely to be correct than any single juror?", "Condorcet jury theorem"},
		{"What if each voter gives points to candidates by their rank on the ballot?", "Borda count"},
		{"What if voters could approve of as many candidates as they like?", "approval voting"},
		{"Is maximizing the product of utilities a fair way to allocate goods?", "Nash social welfare"},
		{"Students get equal budgets of fake money to buy course seats: is the allocation fair?", "competitive equilibrium from equal incomes"},
		{"Is it fair to let students pick rooms in a random order?", "random serial dictatorship"},
		{"Can roommates always be paired so that no two prefer each other to their partners?", "stable roommates problem"},
		{"If I send money to a stranger and it is tripled, will they send some back?", "trust game"},
		{"Two travellers lost luggage and claim compensation: why do they claim so little?", "traveler's dilemma"},
		{"Why would animals help relatives at their own cost, in evolutionary terms?", "kin selection"},
		{"Why do people help those who helped others, even strangers?", "indirect reciprocity"},
		{"What is the best strategy for a pursuer chasing an evader?", "differential game"},
		{"How often should an inspector check a factory that may pollute?", "inspection game"},
		{"Where should a hider go if the seeker searches optimally?", "hide-and-seek game"},
		{"Players take stones from piles and whoever takes the last stone wins: who wins?", "Sprague-Grundy theorem"},
		{"Why can the first player never lose at Hex?", "strategy-stealing argument"},
		{"If property rights are clear, can a polluter and his neighbours bargain to an efficient outcome?", "Coase theorem"},
		{"Why must a monopolist selling a durable good lower its price over time?", "Coase conjecture"},
		{"Where should a public facility be built when agents report their locations?", "facility location game"},
		{"How can you reward honest answers to a survey when you can't verify them?", "peer prediction"},
		{"How should you pay a forecaster so that they report honest probabilities?", "proper scoring rule"},
		{"In a housing market where each agent owns one house, how does trading reach the core?", "Shapley-Scarf housing market"},
		{"Can a mixed strategy be purified by small private payoff shocks, as Harsanyi showed?", "Harsanyi purification"},
		{"How can a cartel of firms stop its members from cheating?", "collusion"},
		{"Why do both prisoners defect even though both would be better off if they cooperated?", "prisoner's dilemma"},
		{"How do you design rules so that selfish agents reveal their private information?", "mechanism design"},
		{"What is the two generals problem about?", "common knowledge"},
		{"How should a salesperson's commission be set to give incentives for effort?", "principal-agent problem"},
		{"How did a computer beat professional players at poker?", "counterfactual regret minimization"},
		{"How does Google auction ad slots to advertisers who bid on keywords?", "generalized second-price auction"},
		{"Why can cooperators survive in clusters on a lattice?", "spatial games"},
		{"Should a monopolist with stores in many markets fight every entrant to build a reputation?", "chain-store paradox"},
		{"Is it better to move first or second in a game?", "first-mover advantage"},
		{"How likely is one mutant to spread through the whole population by random drift?", "Moran process"},
		{"Why do crowdsourcing platforms offer one prize rather than many?", "crowdsourcing contest"},
		{"How can a cartel survive secret price cuts when it can't observe its rivals' prices?", "imperfect public monitoring"},
		{"Why would a player pretend to be a tough type to build a reputation?", "reputation effects"},
		{"Is an allocation fair if envy disappears after removing one item?", "envy-freeness up to one good"},
		{"How much worse than the optimum is even the best equilibrium?", "price of stability"},
		{"A gambler sees offers one by one and must accept or reject each irrevocably: how well can a threshold do against a prophet?", "prophet inequality"},
		{"Why do parents lose priority if a school is not their first choice?", "Boston mechanism"},
		{"What if the cost of votes grows with the square of how many you buy?", "quadratic voting"},
		{"Should I be able to delegate my vote to someone I trust?", "liquid democracy"},
		{"How should residents vote on which city projects the budget funds?", "participatory budgeting"},
		{"Why is majority rule the only fair rule between two alternatives?", "May's majority theorem"},
		{"Can individual rights conflict with the Pareto principle?", "liberal paradox"},
		{"Does deposit insurance stop a bank run?", "Diamond-Dybvig model"},
		{"Why do people dislike unequal payoffs even when they get more?", "inequity aversion"},
		{"Do workers give more effort when the employer pays more than the market wage?", "gift exchange game"},
		{"Why do firms rush to adopt a technology too early, before a rival?", "preemption game"},
		{"Do firms race to patent an invention first?", "patent race"},
		{"How do words acquire meaning in a signal game between a sender and a receiver?", "Lewis signaling game"},
		{"Can a player with vector payoffs guarantee that the average payoff approaches a target set?", "Blackwell approachability"},
		{"If everyone repeatedly averages the opinions of their friends, do beliefs reach consensus?", "DeGroot learning"},
		{"Can a rare mutant trait invade the resident population through small mutations?", "adaptive dynamics"},
		{"Does selection between groups favour cooperation over selfish individuals?", "multilevel selection"},
		{"Why would an insurer offer a menu of contracts with different deductibles?", "Rothschild-Stiglitz screening"},
		{"Why do two companies selling the same product end up pricing at cost?", "Bertrand competition"},
		{"How do companies choose their output when rivals do the same?", "Cournot competition"},
		{"Why do gas stations open on the same corner?", "Hotelling's location model"},
		{"How do you make your opponent indifferent between her actions?", "mixed-strategy Nash equilibrium"},
		{"Would he actually carry out the threat if it came to it?", "subgame perfect equilibrium"},
		{"Is an eye for an eye a good strategy in repeated games?", "tit-for-tat"},
		{"In an auction where the winner pays their own bid, should I bid lower than my value?", "first-price auction"},
		{"How do you reward each team member fairly for their contribution?", "Shapley value"},
		{"Is winning an auction a bad sign that the item is worth less?", "winner's curse"},
		{"Why does everyone take too much from a shared resource?", "tragedy of the commons"},
		{"How should a prosecutor design evidence to persuade a judge to convict?", "Bayesian persuasion"},
		{"Why do responders reject an unfair split from the proposer?", "ultimatum game"},
		{"Why does everyone follow the first few people's choice?", "information cascade"},
		{"Has checkers been solved with perfect play?", "Zermelo's theorem"},
		{"How hard is it to find a Nash equilibrium: is there an efficient algorithm?", "PPAD"},
		{"Why do buyers treat silence as bad news when a seller hides information?", "unravelling"},
		{"Why is training a GAN unstable, with gradients that cycle?", "optimistic gradient descent"},
		{"How can a program learn chess by playing against itself?", "self-play"},
		{"Why do negotiations fail when each side has private information?", "bargaining with private information"},
		{"Does a bonus for the best employee of the month raise effort?", "rank-order tournament"},
		{"Which training data points are most valuable for a machine learning model?", "data Shapley"},
		{"How should towns share the cost of a runway they all use?", "cost allocation"},
		{"How often is a single vote decisive in a weighted council?", "Banzhaf index"},
		{"Why don't more votes always mean more power?", "weighted voting game"},
		{"Should the leader commit to a mixed strategy?", "Stackelberg equilibrium"},
		{"If friends split the bill evenly, why does everyone order the expensive dish?", "diner's dilemma"},
		{"A predictor has guessed whether I take one box or two boxes: which should I take?", "Newcomb's paradox"},
		{"Why do patent thickets with too many owners lead to underuse?", "tragedy of the anticommons"},
		{"Is it wise to stay after a win and shift after a loss?", "win-stay lose-shift"},
		{"Should tit for tat forgive sometimes when moves are noisy?", "generous tit-for-tat"},
		{"Why do vampire bats share blood with unrelated bats?", "reciprocal altruism"},
		{"How does adding best responses to a population of policies approximate an equilibrium?", "policy-space response oracles"},
		{"Who wins an infinite game on a graph used for verification?", "parity game"},
		{"How many cops does it take to catch a robber on a graph?", "cops and robbers"},
		{"Why does a mild preference for similar neighbours lead to segregation?", "Schelling segregation model"},
	} {
		assert.Contains(t, names(Evoked(tt.q)), tt.want, tt.q)
	}
}

// TestEvokedNothingInEverydayQuestions: everyday questions from sports,
// cooking, finance, chemistry, biology and the news share words with the
// cues and must evoke nothing, or a question off the field would be taken
// for game theory.
func TestEvokedNothingInEverydayQuestions(t *testing.T) {
	for _, q := range []string{
		"How do I add or drop a class after the deadline?",
		"Should I use a mediator for advice in my divorce?",
		"Are there tiny players in the NBA who still dominate games?",
		"Do residents pay more tax when house values rise?",
		"How do I protect my laptop from hackers?",
		"Will the union's walkout close the schools tomorrow?",
		"Did the union and the company agree to end the strike?",
		"Which Wi-Fi router is best for a big house?",
		"Should I get vaccinated before travelling abroad?",
		"Is the flu vaccine good for society as a whole?",
		"Which team won the football league last season?",
		"How many minutes should I boil an egg for a soft yolk?",
		"Does talking to a lawyer cost nothing at the first meeting?",
		"Everyone benefits from sleep, so why does nobody get enough?",
		"How do I slice a cake into even layers?",
		"I'm unsure about the payoff of paying off my mortgage early; what should I do?",
		"Is it down to chance which blood type a child gets?",
		"Why did the supermarket slash prices before a newcomer opened next door?",
		"Why did the gas station cut its prices this week?",
		"Should I call the police if I see a crime?",
		"Can I walk away from a car deal after signing?",
		"How much are tariffs on cars from Japan?",
		"Where can I sell my used car for a good price?",
		"Should I put my savings in a bond fund or an index fund?",
		"Why did the central bank raise interest rates this year?",
		"What is the boiling point of water at high altitude?",
		"How do enzymes speed up chemical reactions?",
		"How do cells divide during mitosis?",
		"Who won the presidential election in 2020?",
		"Why is the price of petrol so high this month?",
		"How do I choose a good health insurance plan?",
		"What time does the opera start tonight?",
		"How can I improve my running pace for a marathon?",
		"How do I build a table out of pallets?",
		"Why is my sourdough starter not rising?",
		"How do I freeze the top row of a table in Excel?",
		"Which stocks pay the highest dividends?",
		"How do I become a team leader at work?",
		"What is the state capital of Texas?",
		"How do vaccines train the immune system?",
		"Will house prices drop until someone finally buys?",
		"Can my music app play songs in random order?",
		"Did the police pursue the driver who evaded the checkpoint?",
		"What is the best laptop for students regardless of price?",
		"Why is there a gap between the price buyers bid and sellers ask for a stock?",
		"How many points does each rank give in the tennis world ranking?",
		"Why do my neighbours move house so often?",
		"How do I bid on an eBay bundle of old books?",
		"Should I trust a stranger who sends me money online?",
		"How do bees find their way back to the hive?",
		"How do penalty shootouts work in soccer?",
		"Should I copy my neighbour's garden design?",
		"How do security guards patrol a shopping mall?",
		"How do airport security checks work?",
		"How do I cut a cake into twelve equal slices?",
		"How do I split the rent with my roommates?",
		"How does a divorce settlement work?",
		"What is a bank run?",
		"Is one cup of coffee a day enough?",
		"Does lying never pay off in the long run?",
		"How much should I trust a money manager?",
		"Is there a fee for parking at rush hour?",
		"How do I set a reserve price on eBay?",
		"How do I align incentives with my sales team?",
		"Do bank bailouts increase risk?",
		"How do I change my keyboard layout on Windows?",
		"Where is the best hot dog stand in Chicago?",
		"Who owns the shared forest behind our village?",
		"Why did the NHL lockout drag on?",
		"How do I bid on eBay?",
		"Why do companies use flashy advertising?",
		"Is a small trader too small to affect the market?",
		"Why would a soccer striker shoot at the near post?",
		"Should I go it alone or hire a business partner?",
		"How do I marry off my daughter?",
		"Should I mix up my workouts unpredictably?",
		"Why is the city closing a major street this weekend?",
		"What was life like for a tenant farmer in the 1930s?",
		"How do gut bacteria coexist?",
		"Why does my insurer ask so many questions before paying a claim?",
		"Which cars have the most generous warranties?",
		"How does a pitcher mix his pitches?",
		"Is there a new arms race between the great powers?",
		"What caused the Asian currency crisis of 1997?",
		"Why did the Medellin cartel break down?",
		"Who will blink first in the trade talks?",
		"Did the terrorists pass through a checkpoint?",
		"How does Jesus compare to other prophets?",
		"Did the prophet know the future?",
		"Should I care who else joins my gym?",
		"Why do people dislike unfair bosses?",
		"How many cops does New York City employ?",
		"Will petrol prices come down as costs fall?",
		"Is there a price war between the big supermarkets?",
		"No one regrets learning to cook at home.",
		"How much shade does an oak tree give in summer?",
		"Is the housing market going to crash next year?",
		"How does water purification work?",
		"Do sunspots affect the climate on Earth?",
		"What is herding in sheepdog trials?",
		"How does a drug cartel smuggle cocaine?",
		// Near the textbook stories of storyCues: the same nouns and
		// verbs, no game.
		"How do I spread butter evenly on toast?",
		"Which general store sells troops of toy soldiers?",
		"How many troops does the US have stationed in Germany?",
		"Is Battlefield 2042 worth buying?",
		"Should I concentrate my investments or spread them out?",
		"When should a losing candidate concede?",
		"Who will concede first in the election?",
		"How long should I wait for a bus before I give up and walk?",
		"How long can I hold out without eating?",
		"Why do bids escalate at the end of an eBay auction?",
		"Does buying more lottery tickets raise my chance of winning?",
		"Why is my pie crust shrinking in the oven?",
		"Should I make the first offer when negotiating my salary?",
		"How do I sell my house at auction?",
		"Is it worth the cost to befriend coworkers?",
		"Should I cut ties with a toxic friend?",
		"What is my blood type and can I donate a kidney?",
		"How long is the waiting list for a kidney transplant?",
		"Which party won the most seats in parliament?",
		"How do fish swim in schools?",
		"Why do employers ask for a degree?",
		"Is an MBA worth the money?",
		"Why do gazelles jump so high?",
		"Which rating agency downgraded US debt?",
		"How do coast guard patrols find lost boats?",
		"Should I follow my doctor's private recommendation?",
		"Can a third party recommend a lawyer to me?",
		"Why is my internet slower when more devices join the wifi?",
		"Which teams play in the final round of the World Cup?",
		"Why do regular customers get discounts and tourists don't?",
		"Which program won the chess computer tournament?",
		"How do I find a matching pair of gloves?",
		"Why is the city closing a road to speed up the marathon?",
		"Should I swerve to avoid hitting a deer?",
		"Should I take turns proposing date ideas with my partner?",
		"How did the weaker army win at Agincourt?",
		"How many points does a first place finish give in Formula 1?",
		"Which candidates do voters find acceptable this year?",
		"Does the bill need a simple majority or two thirds?",
		"Can I hand my vote to someone else by proxy?",
		"How do residents choose which projects the council funds?",
		"Should buyers wait for the price of the new iPhone to drop?",
		"How many police officers does it take to catch a thief?",
		"Who was the second player to never win a Grand Slam?",
		"How do I remove a heap of leaves from my lawn?",
		"Should my company adopt new technology before our rivals?",
		"How often does the IRS audit taxpayers?",
		"Should I buy a plan with a high deductible or full coverage insurance?",
		"Can I borrow a book from my neighbour?",
		"Why do bees sacrifice themselves?",
		"Too many owners block the driveway; what can I do?",
		"Why do words get their meaning from context?",
		"How do I divide the surplus from my business with a fallback plan?",
		"Can I pay with a dollar bill at a vending machine?",
		"How do I clean a shared kitchen?",
		"Why do my kids never clean their shared room?",
		"Which two shops sell the same phone at a low price?",
		"How risky is it to warn a predator away from your dog?",
		"How can a landlord evict a tenant?",
		"Is a big reward worth the risk, or should I go for the small safe investment alone?",
		"Is a lot of efficiency lost when I work from home?",
		"Should I match my partner's contribution to the savings account?",
		"How long do bank runs last?",
		"What fraction of the population owns a car?",
		"How do I report my true income on taxes?",
		"Do sick people have to buy insurance?",
		"How many levels does Candy Crush have?",
		// Met by cues narrowed in session 8.
		"How much did the campaign spend in swing states last year?",
		"How do I divide my savings between several accounts?",
		"Which auction site earns sellers the most money?",
		"Do my kids envy each other's toys?",
		"Should I take my pension pot early while it keeps growing?",
		"How can my shop stop rivals from entering my street?",
		"How do I design rules for a board game?",
		"Why did my health insurer raise my premium?",
		"Is there a run on toilet paper at the supermarket?",
		"What share of the population has brown eyes?",
		"Why did nobody call me back?",
		"How do I start a board game from the end?",
		"Why did the band break away from their label?",
		"How much oil does Saudi Arabia produce?",
		"Why do identical twins have different fingerprints?",
		"Should I let others do the work on my car?",
	} {
		assert.Empty(t, Evoked(q), q)
	}
}

func TestEvokedComparesStemsAndPrefixes(t *testing.T) {
	q := newCueQuestion("Truthfully reporting costs nothing")
	c, err := parseCue("truth* cost")
	require.NoError(t, err)
	assert.True(t, q.has(c), "prefix meets the word as written, stem meets the inflected form")
	c, err = parseCue("truth* price")
	require.NoError(t, err)
	assert.False(t, q.has(c), "every word of a cue must be there")
}

// A cue written with a contraction ("can't observ*") met no question
// while a question's words were only split at the apostrophe.
func TestEvokedMeetsContractions(t *testing.T) {
	for _, q := range []string{"The manager's effort can't be observed", "The manager’s effort can’t be observed"} {
		c, err := parseCue("effort* can't observ*")
		require.NoError(t, err)
		assert.True(t, newCueQuestion(q).has(c), q)
	}
	c, err := parseCue("effort* can't observ*")
	require.NoError(t, err)
	assert.False(t, newCueQuestion("The effort can be observed").has(c), "the contraction is a word of the cue")
}

func TestRelated(t *testing.T) {
	for name := range related {
		require.NotNil(t, lookup(name), "related phrases for %q, which is not a glossary term", name)
	}
	assert.Contains(t, Related("cheap talk"), "costless message")
	assert.Equal(t, Related("cheap talk"), Related("Cheap Talk"), "looked up like the glossary")
	assert.Nil(t, Related("chocolate cake"))
}

func TestGameTheoryForms(t *testing.T) {
	forms := GameTheoryForms()
	assert.Contains(t, forms, "volunteer's dilemma")
	assert.Contains(t, forms, "Vickrey auction", "variants too")
	assert.NotContains(t, forms, "large language model", "a term from outside the field")
	assert.NotContains(t, forms, "IPD", "no acronyms")
	assert.True(t, PhraseConcept("cheap talk").GameTheory())
	assert.False(t, PhraseConcept("LLM").GameTheory())
	assert.False(t, PhraseConcept("LP").GameTheory(), "linear programming is a tool, not game theory")
	assert.Contains(t, names(Focal("How does an LP prove the minimax theorem?")), "linear programming", "an acronym from outside the field is still expanded")
	assert.NotContains(t, names(Focal("Where can I buy an old lp record?")), "linear programming", "only as written")
	assert.False(t, PhraseConcept("chocolate cake").GameTheory())
}

func TestGlossaryLookupRespells(t *testing.T) {
	require.NotNil(t, lookup("generalised second-price auction"), "British spelling of a glossary term")
	assert.Contains(t, names(Focal("Why is the generalised second-price auction not truthful?")), "generalised second-price auction")
	assert.Contains(t, names(Focal("When is a social network pairwise stable?")), "pairwise stable")
}

func TestEvocationsSayWhichWordsDescribe(t *testing.T) {
	es := Evocations("Can building a new road make traffic worse for every driver?")
	require.Len(t, es, 1)
	assert.Equal(t, "Braess's paradox", es[0].Concept.Name)
	assert.Subset(t, es[0].Terms, Tokenize("road worse"), "the question's words the cue matched, as terms")
	assert.NotContains(t, es[0].Terms, Tokenize("driver")[0], "a word no cue word matched")
	assert.Equal(t, names(Evoked("Can building a new road make traffic worse?")), []string{"Braess's paradox"})
}

func TestGlossaryVariantsFindTheirTerm(t *testing.T) {
	for form, name := range map[string]string{
		"snowdrift game":            "hawk-dove game",
		"ascending auction":         "English auction",
		"descending clock auction":  "Dutch auction",
		"package bidding":           "combinatorial auction",
		"iterated dominance":        "iterated elimination of dominated strategies",
		"IESDS":                     "iterated elimination of dominated strategies",
		"CEEI":                      "competitive equilibrium from equal incomes",
		"Hamilton's rule":           "kin selection",
		"pursuit-evasion games":     "differential game",
		"Markov games":              "stochastic game",
		"Bayesian truth serum":      "peer prediction",
		"traveller's dilemma":       "traveler's dilemma",
		"rationalisable strategies": "rationalizability",
	} {
		got := lookup(form)
		if assert.NotNil(t, got, form) {
			assert.Equal(t, name, got.name, form)
		}
	}
	assert.Contains(t, Expand("IESDS"), "iterated elimination of dominated strategies")
}

// TestEverydayWordsNameNoConcept: a glossary form that is also an everyday
// word or phrase ("housing market", "purification", "sunspots", "herding",
// "cartel") would make a question naming it game theory. Such a term goes
// by its field's name, and the everyday word stays a related phrase.
func TestEverydayWordsNameNoConcept(t *testing.T) {
	for _, q := range []string{
		"Is the housing market going to crash next year?",
		"How does water purification work?",
		"Do sunspots affect the climate on Earth?",
		"What is herding in sheepdog trials?",
		"How does a drug cartel smuggle cocaine?",
		"How do I install the Nim compiler?",
		"Is there a good stock market investment game for students?",
		"What is a call market on a stock exchange?",
		"Who is winning the AI innovation race?",
	} {
		for _, c := range Focal(q) {
			assert.False(t, c.Known, "%q names %s", q, c.Name)
		}
	}
}

// TestStudentParaphrases: a question for each of the field's central
// ideas, as a student who does not know its name would ask it, must find
// the idea, described (Evoked) or named (Focal). The questions were written
// for this test from the textbooks' standard examples, not taken from any
// question set.
func TestStudentParaphrases(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		// Written for the story cues (storyCues), in other words than
		// the cue writer's own trial descriptions.
		{"With fewer regiments than the enemy, how should a commander distribute them among the passes he must hold?", "Colonel Blotto game"},
		{"How should a candidate allocate her ad money across states when her opponent does the same?", "Colonel Blotto game"},
		{"Two shops selling at a loss each wait for the other to quit first: who gives in?", "war of attrition"},
		{"How long should two rival firms stay in a declining market before one exits first?", "war of attrition"},
		{"If every contestant forfeits their bid, winner or not, how much should each offer?", "all-pay auction"},
		{"Does lobbying waste resources when each firm's chance is proportional to its effort?", "Tullock contest"},
		{"If the pie shrinks with every rejected offer, how should two people divide it?", "Rubinstein bargaining"},
		{"Why would an impatient side accept less in a negotiation?", "Rubinstein bargaining"},
		{"Will a Dutch auction and a Vickrey auction give the seller the same on average?", "revenue equivalence"},
		{"Which networks survive when people may add or cut ties whenever it pays?", "network formation"},
		{"Can an altruistic stranger start a transplant chain for incompatible pairs?", "kidney exchange"},
		{"How can several heirs divide the items of an estate so that nobody envies another?", "fair division"},
		{"How do huge numbers of traders each respond to the average behaviour of the market?", "mean field game"},
		{"Why must a matching of interns to hospitals have no blocking pairs?", "stable matching"},
		{"Do employers pay for a diploma because it shows ability rather than skills?", "job market signalling"},
		{"Why do gazelles jump in the air when a lion approaches?", "handicap principle"},
		{"How should a company design its test results to convince a regulator?", "Bayesian persuasion"},
		{"Where should guards stand when the terrorist observes them before attacking?", "security game"},
		{"Would players obey a device that privately tells each of them what to do?", "correlated equilibrium"},
		{"Can a group of mutants playing another strategy take over the population?", "evolutionarily stable strategy"},
		{"Why does cooperation unravel once players know the last round is coming?", "repeated game"},
		{"How do left glove and right glove owners share the value of the pairs they make?", "core allocation"},
		{"How do bidders get trapped escalating their bids when the second highest bidder also pays?", "dollar auction"},
		{"Should each ballot give a candidate points for first place, fewer for second?", "Borda count"},
		{"Is simple majority the only rule that treats two options and all voters alike?", "May's majority theorem"},
		{"Could a voter pass it on, handing her vote to a friend who hands it to another?", "liquid democracy"},
		{"Is a larger jury more likely to get the verdict right?", "Condorcet jury theorem"},
		{"If buyers wait for the price to drop, what can a monopolist selling a long-lasting good charge?", "Coase conjecture"},
		{"Two players name a share at the same time and get nothing if the shares add up to more than the pie: what do they claim?", "Nash demand game"},
		{"Can two players who take turns removing stones from heaps tell who will take the last one?", "Sprague-Grundy theorem"},
		{"How often should a tax office audit when each taxpayer decides whether to cheat?", "inspection game"},
		{"Why would insurers offer a plan with a high deductible next to one with full coverage?", "Rothschild-Stiglitz screening"},
		{"Why do too many owners of complementary patents block a new product?", "tragedy of the anticommons"},
		{"Can punishing cheaters keep a village cooperating?", "costly punishment"},
		{"Why do birds give alarm calls when a predator comes, at a risk to themselves?", "kin selection"},
		{"Should hunters go for the big prey that needs a partner, or the small safe catch they can get alone?", "stag hunt"},
		{"Why would a player not grab the pot when it keeps doubling each time the opponent passes?", "centipede game"},
		{"How much efficiency is lost when drivers route selfishly?", "price of anarchy"},
		{"Why do only the riskiest people keep their insurance after a price rise?", "adverse selection"},
		{"How do the shares of strategies in a population grow when fitter strategies reproduce faster?", "replicator dynamics"},
		{"How can a rule be designed so that bidders report their true values?", "mechanism design"},
		{"Why would an incumbent build extra capacity to scare entrants out?", "entry deterrence"},
		{"Why do healthy customers drop out when an insurer raises its premiums?", "adverse selection"},
		{"How much worse off is everyone when each commuter picks what is best for themselves rather than for the group?", "price of anarchy"},
		{"Is there a profile where nobody wants to deviate given what the others play?", "Nash equilibrium"},
		{"Can a small rumour trigger an attack on a currency?", "global game"},
		{"How does the fraction of defectors change from one generation to the next?", "replicator dynamics"},
		{"How should a procedure be designed so that bidders report their true valuations?", "mechanism design"},
		{"Why does no one report a fire that everyone in the building has noticed?", "volunteer's dilemma"},
		{"How do you solve a game by working from the end backward?", "backward induction"},
		{"Do members have any incentive to break away and form their own coalition?", "core allocation"},
		{"How much will each of two rival producers supply if the price falls with total output?", "Cournot competition"},
		{"Why would identical firms price at cost?", "Bertrand competition"},
		{"Why do some members let others do all the work in a group?", "free rider"},
		// Written for the terms and cues added with world dev7/dev8 as
		// tuning sets, in other words than those sets use.
		{"Why might price wars happen inside a cartel even when no member has cheated?", "imperfect public monitoring"},
		{"Do members of a team slack off when the team competes for a shared prize?", "team contest"},
		{"Can insincere ballots be avoided under any voting rule?", "Gibbard-Satterthwaite theorem"},
		{"Why does simultaneous gradient play on a zero-sum game circle instead of converging?", "optimistic gradient descent"},
		{"How far from optimal is the nicest stable outcome?", "price of stability"},
		{"Can the surplus from a Clarke auction be handed back to the bidders?", "Vickrey-Clarke-Groves mechanism"},
		{"Does every game with a continuum of negligible players have a pure equilibrium?", "nonatomic game"},
		{"How do bidding bots learn what to bid in repeated auctions?", "no-regret learning"},
		{"When neighbours each privately value a new playground, who should pay for it?", "public good"},
		{"How can a mediator give players advice step by step in a poker-like game?", "extensive-form correlated equilibrium"},
		{"How should the defender commit to a patrol plan when it faces an unknown type of attacker?", "Bayesian Stackelberg game"},
		{"Will a network where people add and delete links for their own benefit ever settle down?", "network formation"},
		{"With noisy choices, which equilibrium of a potential game is played in the long run?", "logit dynamics"},
		{"Why would an imperfectly rational attacker change how a defender guards its targets?", "quantal response equilibrium"},
		{"Is there a profile where nobody gains more than a little by switching?", "approximate Nash equilibrium"},
		{"How should a seller reveal product information to sway a buyer?", "Bayesian persuasion"},
		{"Can an extortion strategy survive in an evolving population of players?", "zero-determinant strategies"},
		{"What happens to a strategy that copies the other's last move when moves are sometimes made by mistake?", "generous tit-for-tat"},
		{"Why does it take so long to locate an equilibrium when one always exists?", "PPAD"},
		{"Should buyers assume the worst when a seller says nothing about quality?", "unravelling"},
		{"How do wireless routers choose channels without coordination?", "congestion game"},
		{"If a walkout hurts both sides, why is there no deal right away?", "bargaining with private information"},
		{"When does Nash-Q converge?", "Nash Q-learning"},
		{"If the winner is charged the runner-up's price, should I bid my value?", "second-price auction"},
		{"Can making manipulation computationally hard protect elections?", "complexity of manipulation"},
		{"Why would people vaccinate less than a social planner wants?", "vaccination game"},
		{"Two people lost in a city cannot phone: how do they pick the same place to meet?", "focal point"},
		{"Why do the two main parties drift toward the center?", "median voter theorem"},
		{"Why would nobody want to change what they are doing once everyone has picked?", "Nash equilibrium"},
		{"What is a situation where each person's choice is the best reply to the others?", "Nash equilibrium"},
		{"Why do two partners both confess when staying silent would be better for both?", "prisoner's dilemma"},
		{"Does cooperation become possible if the same two players meet many times?", "iterated prisoner's dilemma"},
		{"Is copying what the other player did in the previous round a good strategy?", "tit-for-tat"},
		{"Why should I bid exactly what the item is worth to me if the winner pays the second highest bid?", "second-price auction"},
		{"How much below my valuation should I bid if the highest bidder pays what they bid?", "first-price auction"},
		{"What if every bidder has to pay their bid even if they lose?", "all-pay auction"},
		{"Why do winners of auctions for oil fields often lose money?", "winner's curse"},
		{"Do the English and Dutch auctions raise the same money for the seller?", "revenue equivalence"},
		{"How should a seller set a minimum price to maximize revenue?", "optimal auction"},
		{"How can you make people report truthfully when each pays for the harm they impose on others?", "Vickrey-Clarke-Groves mechanism"},
		{"Is there any fair way to combine everyone's rankings of candidates?", "Arrow's impossibility theorem"},
		{"Can every voting rule be manipulated by voters who lie about their preferences?", "Gibbard-Satterthwaite theorem"},
		{"Why do two political parties end up with similar platforms?", "median voter theorem"},
		{"How do you pair medical students and hospitals so that no pair would rather be together?", "stable matching"},
		{"What is the best way to assign children to public schools given parents' rankings?", "school choice"},
		{"How can incompatible patient-donor pairs swap kidneys?", "kidney exchange"},
		{"How should profit be divided among partners according to what each adds?", "Shapley value"},
		{"When can no group of partners do better by splitting off on their own?", "core allocation"},
		{"How can a cake be cut so that every person thinks their piece is fair?", "cake cutting"},
		{"How should an estate be divided among heirs so nobody envies another?", "fair division"},
		{"Which strategy cannot be invaded by a rare mutant?", "evolutionarily stable strategy"},
		{"How do strategies that earn more than average spread through a population?", "replicator dynamics"},
		{"When should animals fight over a resource and when should they back down?", "hawk-dove game"},
		{"Why do people contribute less and less to a shared pot over time?", "public good"},
		{"Why do fishermen overfish a shared lake?", "tragedy of the commons"},
		{"Why does no one call for help when many people watch an accident?", "volunteer's dilemma"},
		{"Can closing a road make traffic flow faster?", "Braess's paradox"},
		{"How much worse is selfish routing than what a central planner would do?", "price of anarchy"},
		{"Do drivers choosing their own fastest route end up in an efficient traffic pattern?", "selfish routing"},
		{"Can tolls make selfish drivers use the roads efficiently?", "congestion pricing"},
		{"Can an adviser whose interests differ from mine give useful advice if talk is free?", "cheap talk"},
		{"How should a school design its grading to get its students hired?", "Bayesian persuasion"},
		{"Why do people get expensive degrees that don't make them more productive?", "signalling game"},
		{"Why do only bad used cars get sold when buyers can't tell quality?", "adverse selection"},
		{"Does insurance make people take more risks?", "moral hazard"},
		{"How should a company pay a manager whose effort it can't observe?", "principal-agent problem"},
		{"How much should each of two companies produce if they compete on quantity?", "Cournot competition"},
		{"Why do two sellers of the same good end up selling at cost?", "Bertrand competition"},
		{"How do firms keep prices high without a written agreement?", "collusion"},
		{"Is it an advantage to commit first and let the rival respond?", "Stackelberg game"},
		{"How do people coordinate without talking, like choosing where to meet in a city?", "focal point"},
		{"Why do all countries drive on the same side of the road?", "coordination game"},
		{"Why might people choose the safe option over a risky cooperative one?", "stag hunt"},
		{"What if two friends want to go out together but prefer different places?", "battle of the sexes"},
		{"In a game where one side's gain is the other's loss, what is the best guaranteed outcome?", "zero-sum game"},
		{"Why should a tennis player randomize where they serve?", "mixed-strategy Nash equilibrium"},
		{"How do you solve a game by reasoning from the last move backwards?", "backward induction"},
		{"Why should a threat that would never be carried out be ignored?", "subgame perfect equilibrium"},
		{"Can any cooperative outcome be sustained if players interact forever and are patient?", "folk theorem"},
		{"How do you design the rules of a game to get the outcome you want?", "mechanism design"},
		{"Why do people line up at a restaurant just because others did?", "information cascade"},
		{"How many steps of reasoning about others do people actually do?", "level-k thinking"},
		{"If everyone guesses two thirds of the average guess, what should I pick?", "beauty contest"},
		{"Why do people reject small offers even if it means getting nothing?", "ultimatum game"},
		{"Why do players take the money early when passing would make the pot grow?", "centipede game"},
		{"Why do three species that each beat one other coexist in a cycle?", "rock-paper-scissors"},
		{"How should two generals divide their troops across several battlefields?", "Colonel Blotto game"},
		{"How should a defender randomize patrols when the attacker observes them?", "security game"},
		{"How do huge crowds of rational players behave when each reacts to the average?", "mean field game"},
		{"What happens when several learning agents learn at the same time in one environment?", "multi-agent reinforcement learning"},
		{"Can an algorithm do as well as the best fixed action in hindsight?", "no-regret learning"},
		{"What if each player best responds to the empirical frequency of the others' past play?", "fictitious play"},
		{"Can a traffic light make drivers better off than any equilibrium without it?", "correlated equilibrium"},
		{"Why do people form friendships when each link costs effort?", "network formation"},
		{"How much voting power does each member of a weighted committee really have?", "Banzhaf index"},
		{"How should votes in a union of countries be weighted by population?", "Penrose square-root law"},
		{"Can cooperators survive when each only plays with neighbours on a grid?", "spatial games"},
		{"Who gets the bigger share when two people take turns making offers and waiting is costly?", "Rubinstein bargaining"},
		{"What is the fair outcome of a negotiation given what each gets if talks fail?", "Nash bargaining solution"},
		{"How much effort do competitors spend for a prize when more effort raises the chance of winning?", "Tullock contest"},
		{"Who wins when two rivals wait to see who gives up first?", "war of attrition"},
		{"Why do speculators attack a currency when they have private information?", "global game"},
		{"Why do two ice cream sellers on a beach end up next to each other?", "Hotelling's location model"},
		{"Is there a set of choices where no single person can do better by changing only their own?", "Nash equilibrium"},
		{"Why is it rational for both suspects to betray each other even though they'd both be better off silent?", "prisoner's dilemma"},
		{"Which strategy won Axelrod's computer tournament by being nice but retaliating?", "tit-for-tat"},
		{"Can one player in a repeated game unilaterally force the other's payoff to a fixed value?", "zero-determinant strategies"},
		{"Why is honest bidding optimal in a sealed auction where you pay the runner-up's price?", "second-price auction"},
		{"How do lobbyists behave when everyone spends money but only one wins the contract?", "all-pay auction"},
		{"What auction gives the seller the highest expected revenue?", "optimal auction"},
		{"Why do ascending auctions earn more when bidders' values are correlated?", "linkage principle"},
		{"How do search engines sell the ad positions next to results?", "generalized second-price auction"},
		{"Why can we focus only on mechanisms where people truthfully report their type?", "revelation principle"},
		{"Why can't a buyer and a seller with private values always trade efficiently?", "Myerson-Satterthwaite theorem"},
		{"Can a matching rule be designed so that no one gains by misreporting their preferences?", "strategy-proofness"},
		{"Why do candidates move toward the center of the political spectrum?", "median voter theorem"},
		{"Why can majority voting produce a cycle of preferences?", "Condorcet paradox"},
		{"Why is there no ranked voting system that satisfies all reasonable fairness conditions?", "Arrow's impossibility theorem"},
		{"How do you measure how often a member's vote swings the outcome?", "Banzhaf index"},
		{"Why can a shareholder with 49% of the votes have no power at all?", "weighted voting game"},
		{"Why does the deferred acceptance algorithm always give a stable result?", "deferred acceptance"},
		{"Should a city use a lottery or priorities to assign pupils to schools?", "school choice"},
		{"How are chains of kidney donations organized between incompatible pairs?", "kidney exchange"},
		{"How do people trade dorm rooms so everyone ends up better off?", "top trading cycles"},
		{"How should roommates fairly divide rent for rooms of different sizes?", "rent division"},
		{"Is there a protocol to divide a cake among three people without envy?", "cake cutting"},
		{"When is it impossible for any coalition to walk away and do better on its own?", "core allocation"},
		{"How do you fairly divide the gains of a joint venture among the partners?", "Shapley value"},
		{"How does the Talmud divide an estate among creditors whose claims exceed it?", "nucleolus"},
		{"Can a population playing one strategy resist invasion by a small group of mutants?", "evolutionarily stable strategy"},
		{"How does the share of a strategy in a population change with its relative payoff?", "replicator dynamics"},
		{"What is the probability that a single mutant takes over a finite population?", "Moran process"},
		{"Does putting players on a network help cooperation survive?", "spatial games"},
		{"What happens if individuals copy the strategy of a more successful neighbour?", "imitation dynamics"},
		{"Why don't animals always fight to the death over territory?", "hawk-dove game"},
		{"How can three strategies coexist when each beats one other?", "rock-paper-scissors"},
		{"Why do people free ride on contributions to a shared project?", "public good"},
		{"Why would group members pay to punish free riders?", "costly punishment"},
		{"Why is help less likely when there are more bystanders?", "volunteer's dilemma"},
		{"Why do herders overgraze a shared pasture?", "tragedy of the commons"},
		{"Why can adding a new road make everyone's commute longer?", "Braess's paradox"},
		{"How inefficient is the outcome when everyone acts selfishly?", "price of anarchy"},
		{"How do commuters split between two routes when each picks the faster one?", "selfish routing"},
		{"Should drivers pay a toll that reflects the delay they cause others?", "congestion pricing"},
		{"Why do best responses always converge in some games but cycle in others?", "potential game"},
		{"Which networks form when people create links that cost them something?", "network formation"},
		{"How do millions of traders interact when each reacts to the market average?", "mean field game"},
		{"Why is learning harder when other agents are learning at the same time?", "multi-agent reinforcement learning"},
		{"Which learning algorithms guarantee low regret against any opponent?", "no-regret learning"},
		{"Does best responding to the opponent's past frequency of play converge?", "fictitious play"},
		{"How did AI programs learn to beat professional poker players?", "counterfactual regret minimization"},
		{"How did AlphaZero learn chess only by playing against itself?", "self-play"},
		{"When can a biased expert credibly communicate with a decision maker?", "cheap talk"},
		{"How much information should a sender reveal to persuade a receiver?", "Bayesian persuasion"},
		{"Why would a firm pay a high dividend to show it is strong?", "signalling game"},
		{"Do employers value degrees because they show ability rather than teach skills?", "job market signalling"},
		{"Why do peacocks grow costly tails that signal quality?", "handicap principle"},
		{"Why does the market for used cars fill up with lemons?", "adverse selection"},
		{"How should a contract reward a worker whose effort cannot be observed?", "principal-agent problem"},
		{"Why do people ignore their own information and follow the crowd?", "information cascade"},
		{"What triggers a bank run when depositors have private information?", "global game"},
		{"How do two firms choosing quantities reach an equilibrium?", "Cournot competition"},
		{"Why does price competition between two firms drive prices down to marginal cost?", "Bertrand competition"},
		{"How can firms sustain a cartel in a repeated game?", "collusion"},
		{"Can pricing algorithms learn to collude without talking?", "algorithmic collusion"},
		{"Why do competing stores locate next to each other?", "Hotelling's location model"},
		{"How can an incumbent deter a potential entrant from entering the market?", "entry deterrence"},
		{"Why should a chain store fight entry in every town?", "chain-store paradox"},
		{"What happens when one firm moves first and the other follows?", "Stackelberg game"},
		{"How can a defender allocate limited guards against an attacker who observes the schedule?", "security game"},
		{"How should rangers patrol a park to stop poachers?", "green security game"},
		{"How should limited resources be spread across several battlefields?", "Colonel Blotto game"},
		{"How long should two animals display before one gives up?", "war of attrition"},
		{"How much do contestants spend on lobbying for a prize?", "Tullock contest"},
		{"How do patience and the order of offers determine a bargaining split?", "Rubinstein bargaining"},
		{"What does the axiomatic approach say about how two parties split a surplus?", "Nash bargaining solution"},
		{"Why do responders reject offers below thirty percent?", "ultimatum game"},
		{"Why do people give money away when they could keep it all?", "dictator game"},
		{"Do investors trust a stranger with money that gets multiplied?", "trust game"},
		{"Why do people guess around 33 when asked to guess two thirds of the average?", "beauty contest"},
		{"How many levels deep do people think about what others think?", "level-k thinking"},
		{"How do people coordinate on the same answer without communicating?", "focal point"},
		{"How can a mediator's private recommendations improve on Nash equilibrium?", "correlated equilibrium"},
		{"How do you solve a finite game by starting from the end?", "backward induction"},
		{"Why should a player ignore threats that would not be carried out?", "subgame perfect equilibrium"},
		{"Does either white or black have a winning strategy in chess?", "Zermelo's theorem"},
		{"Why should a goalkeeper dive randomly?", "matching pennies"},
		{"Why is finding a Nash equilibrium computationally hard?", "PPAD"},
		{"Does every finite game have an equilibrium?", "Nash's existence theorem"},
		{"What fixed-point theorem proves that equilibria exist?", "Kakutani's fixed-point theorem"},
		{"How can you compute all Nash equilibria of a small two-player game?", "support enumeration"},
		{"Why can almost any outcome be an equilibrium in an infinitely repeated game?", "folk theorem"},
		{"What happens if a player punishes any defection forever?", "grim trigger"},
		{"How does the shadow of the future support cooperation?", "repeated game"},
		{"Why do people not take the money at the first opportunity?", "centipede game"},
		{"Why is it best to be in the minority when choosing whether to go to a bar?", "minority game"},
		{"Why should a country's voting weight grow with the square root of its population?", "Penrose square-root law"},
		{"What networks do selfish agents build when each pays for the edges it buys to be close to others?", "network creation game"},
		{"If jobs pick the least loaded machine selfishly, how bad is the makespan?", "selfish load balancing"},
		{"How do you find equilibria when every pair of neighbours plays its own two-player game?", "polymatrix game"},
		{"Does an equilibrium exist when payoffs jump, as in auctions with ties?", "discontinuous games"},
		{"Why do generic games almost always have an odd number of equilibria?", "oddness theorem"},
		{"How can partners cooperate when they only see a noisy public signal of each other's actions?", "imperfect public monitoring"},
		{"How does a long-lived player benefit from a reputation for being tough?", "reputation effects"},
		{"Can neural networks learn revenue-maximizing auctions?", "automated mechanism design"},
		{"How do Shapley values explain the predictions of a machine learning model?", "SHAP"},
		{"How much is each data point worth to a trained model?", "data Shapley"},
		{"Can an irrelevant public signal coordinate people on different equilibria?", "sunspot equilibrium"},
		{"How can patients with willing but incompatible donors swap donors?", "kidney exchange"},
		{"In how many orderings of voters is a given voter pivotal?", "Shapley-Shubik index"},
		{"Can a group of players always be given payoffs that no subgroup would reject?", "core allocation"},
		{"How do people form clubs when they care only about who else joins?", "hedonic game"},
		{"How should a bankrupt firm's assets be divided among creditors?", "bankruptcy problem"},
		{"Can indivisible items be allocated so any envy disappears after removing a single item?", "envy-freeness up to one good"},
		{"How can two divorcing spouses divide their assets using points?", "adjusted winner procedure"},
		{"Why would every seller disclose quality if buyers assume the worst about silence?", "unravelling"},
		{"Which beliefs off the equilibrium path are reasonable in a signalling game?", "intuitive criterion"},
		{"Can mixed strategies be interpreted as pure strategies under small payoff uncertainty?", "Harsanyi purification"},
		{"Why do beliefs about others' beliefs matter for coordination?", "higher-order beliefs"},
		{"Can players reach Nash equilibrium if each only knows its own payoffs?", "uncoupled dynamics"},
		{"Why does gradient descent ascent cycle in zero-sum games and how can it be fixed?", "optimistic gradient descent"},
		{"Can AI agents invent their own language to cooperate?", "emergent communication"},
		{"Do deep reinforcement learning agents learn to share a common resource?", "sequential social dilemma"},
		{"What outcomes can arise under any information structure the players might have?", "Bayes correlated equilibrium"},
		{"How do legislators divide a budget when a proposer needs a majority?", "legislative bargaining"},
		{"Why do strikes and delays happen in wage bargaining?", "bargaining with private information"},
		{"Why do companies pay large prizes for promotion to CEO?", "rank-order tournament"},
		{"Should a contest offer one big prize or several small ones?", "crowdsourcing contest"},
		{"Which equilibrium is selected in the long run if players sometimes make mistakes?", "logit dynamics"},
		{"When does majority voting avoid cycles because every voter has a favorite point on a line?", "single-peaked preferences"},
		{"How should the cost of a shared facility be divided among its users?", "cost allocation"},
		{"Do AI pricing bots learn to keep prices high?", "algorithmic collusion"},
		{"Why is a voting weight proportional to population unfair to small countries?", "Penrose square-root law"},
		{"How inefficient is it when tasks choose servers selfishly?", "selfish load balancing"},
		{"Why do some people end up at the center of social networks?", "network formation"},
		{"Can a game be solved by repeatedly deleting strategies that are always worse?", "iterated elimination of dominated strategies"},
		{"Which strategies can a rational player justify as a best response to some belief?", "rationalizability"},
		{"How should beliefs be consistent with strategies at every information set?", "sequential equilibrium"},
		{"In an open auction where the price rises until one bidder is left, when should I drop out?", "English auction"},
		{"Why do flower markets use an auction where the price falls until someone accepts?", "Dutch auction"},
		{"How do you run an auction when bidders want packages of items?", "combinatorial auction"},
		{"How does a market with many buyers and sellers submitting bids match trades?", "double auction"},
		{"How did governments design auctions for radio spectrum licenses?", "spectrum auction"},
		{"Why do people bid more than a dollar for a dollar bill?", "dollar auction"},
		{"Which bargaining solution gives each side gains proportional to their best possible outcome?", "Kalai-Smorodinsky bargaining solution"},
		{"What happens when two people simultaneously demand shares of a pie and get nothing if the demands exceed it?", "Nash demand game"},
		{"Is a large jury more likely to reach the right verdict by majority?", "Condorcet jury theorem"},
		{"What happens if voters rank candidates and points are given by position?", "Borda count"},
		{"What if voters could approve of several candidates instead of picking one?", "approval voting"},
		{"Why maximize the product of utilities when allocating goods?", "Nash social welfare"},
		{"What can each agent guarantee by dividing the items into bundles and taking the worst one?", "maximin share"},
		{"How can students get fair course schedules by buying them with equal budgets of fake money?", "competitive equilibrium from equal incomes"},
		{"How are prices set when buyers with budgets buy goods until the market clears?", "Fisher market"},
		{"Is letting people choose in a random order a fair way to assign rooms?", "random serial dictatorship"},
		{"How does the eating algorithm give each agent probability shares of objects?", "probabilistic serial"},
		{"Can roommates always be paired so that no two would rather room together?", "stable roommates problem"},
		{"Will a stranger send back some of the money I invest with them after it is tripled?", "trust game"},
		{"Why do two travellers claim the minimum when the airline pays the lower claim?", "traveler's dilemma"},
		{"Why do animals sacrifice themselves for their relatives in evolutionary terms?", "kin selection"},
		{"Why do people help those who have a good reputation for helping others?", "indirect reciprocity"},
		{"How do you play a game whose state changes with the players' actions?", "stochastic game"},
		{"How should a pursuer chase an evader in continuous time?", "differential game"},
		{"How often should an inspector check on someone who might cheat?", "inspection game"},
		{"Where should a hider hide if the searcher looks optimally?", "hide-and-seek game"},
		{"How can games where each player's payoff depends only on its neighbours be solved?", "graphical game"},
		{"Who wins a game where players take turns removing stones from piles?", "Sprague-Grundy theorem"},
		{"Why must the first player have a winning strategy in Hex?", "strategy-stealing argument"},
		{"Can bargaining fix pollution if property rights are well defined?", "Coase theorem"},
		{"Why does a monopolist selling a durable good lose its market power?", "Coase conjecture"},
		{"Where should a public facility be placed when people might misreport their location?", "facility location game"},
		{"How can you reward honest answers when there is no way to check them?", "peer prediction"},
		{"How should a forecaster be paid so that they report their true probabilities?", "proper scoring rule"},
		{"Why do neighbourhoods segregate even when people have only a mild preference for similar neighbours?", "Schelling segregation model"},
		{"How well can an online decision maker do compared to a prophet who knows the future?", "prophet inequality"},
		{"Why is it risky to rank a popular school first under the Boston mechanism?", "Boston mechanism"},
		{"Why should the cost of extra votes rise with the square?", "quadratic voting"},
		{"Should voters be able to delegate their vote to someone they trust?", "liquid democracy"},
		{"How should residents vote on which projects to fund from the city budget?", "participatory budgeting"},
		{"Why can a bank run happen even when the bank is healthy?", "Diamond-Dybvig model"},
		{"Why do people dislike unfair outcomes even when they benefit?", "inequity aversion"},
		{"Do workers reciprocate higher wages with more effort?", "gift exchange game"},
		{"When should a firm invest first to preempt its rival?", "preemption game"},
		{"How much do firms spend racing to be first to patent an invention?", "patent race"},
		{"What if each player wants to choose differently from its neighbours?", "anti-coordination game"},
		{"How can signals acquire meaning without prior agreement?", "Lewis signaling game"},
		{"Do people who repeatedly average their friends' opinions reach consensus?", "DeGroot learning"},
		{"Can selection between groups favour cooperation?", "multilevel selection"},
		{"How can an insurer offer a menu of contracts to separate high and low risk customers?", "Rothschild-Stiglitz screening"},
		{"Why do two gas stations facing each other both keep their prices where they are?", "Nash equilibrium"},
		{"What does it mean that every player's strategy is optimal given what the others do?", "Nash equilibrium"},
		{"Why does each person gain by defecting although mutual cooperation pays more?", "prisoner's dilemma"},
		{"Why does nobody pay for the lighthouse if everybody benefits from it?", "public good"},
		{"Why do shared fisheries collapse when everyone can fish as much as they want?", "tragedy of the commons"},
		{"Who should step in when everyone hopes someone else will do the costly task?", "volunteer's dilemma"},
		{"Why would hunters abandon a joint hunt for a smaller but safe catch?", "stag hunt"},
		{"Why do drivers swerve in a game of who blinks first?", "hawk-dove game"},
		{"Why do people adopt the same technology standard as everyone else?", "coordination game"},
		{"How do two people coordinate when they want to be together but disagree on where?", "battle of the sexes"},
		{"What is the optimal strategy in a game with a fixed total to split?", "zero-sum game"},
		{"Why is the maximin value equal to the minimax value in two-player zero-sum games?", "minimax theorem"},
		{"Why would a poker player bluff with a certain probability?", "mixed-strategy Nash equilibrium"},
		{"How can a public signal like a coin toss help players coordinate better than Nash equilibrium?", "correlated equilibrium"},
		{"How does natural selection act on behaviour when payoffs depend on what others do?", "evolutionary game theory"},
		{"What behaviour can't be beaten by any rare alternative behaviour in a population?", "evolutionarily stable strategy"},
		{"Do strategies with above-average fitness increase in frequency?", "replicator dynamics"},
		{"Is it best to cooperate first and then do whatever the other did last time?", "tit-for-tat"},
		{"Why does cooperation pay off when the game is repeated with no known end?", "iterated prisoner's dilemma"},
		{"Which payoffs can be sustained as equilibria of an infinitely repeated game with patient players?", "folk theorem"},
		{"What if cooperation ends forever after a single betrayal?", "grim trigger"},
		{"Why does reasoning from the last round unravel cooperation in a finitely repeated game?", "backward induction"},
		{"Why does backward induction say the first player should take the pot right away?", "centipede game"},
		{"Why would anyone refuse free money when offered an unfair share?", "ultimatum game"},
		{"How generous are people when the receiver has no say?", "dictator game"},
		{"Why do people send money to strangers expecting it back?", "trust game"},
		{"How does a public goods game show that people contribute less over time?", "public good"},
		{"Does allowing punishment sustain contributions in public goods games?", "costly punishment"},
		{"How does the guessing game reveal how many steps people think ahead?", "beauty contest"},
		{"Do people assume others are naive and best respond to that?", "level-k thinking"},
		{"Why do investors follow each other into a bubble ignoring their own information?", "information cascade"},
		{"Why do currency crises happen suddenly when speculators coordinate?", "global game"},
		{"How can a high-quality seller credibly show quality to buyers?", "signalling game"},
		{"How much can an informed expert convey to a decision maker with different goals through costless messages?", "cheap talk"},
		{"How should a prosecutor choose which investigations to run to convince a judge?", "Bayesian persuasion"},
		{"Why might health insurance attract mostly sick people?", "adverse selection"},
		{"Why do employees shirk when the boss cannot monitor them?", "moral hazard"},
		{"How should shareholders design a CEO's pay so the CEO acts in their interest?", "principal-agent problem"},
		{"How do you design a procedure that gets people to reveal their private values?", "mechanism design"},
		{"Why is it enough to look at direct mechanisms where people tell the truth?", "revelation principle"},
		{"How can a public project be decided so that everyone reports their true value?", "Vickrey-Clarke-Groves mechanism"},
		{"Is it a dominant strategy to bid your true value when you pay the second-highest bid?", "second-price auction"},
		{"Why do bidders bid below their valuations when they pay their own bid?", "first-price auction"},
		{"What is the equilibrium when all bidders pay but only the highest wins?", "all-pay auction"},
		{"How does a reserve price increase a seller's expected revenue?", "optimal auction"},
		{"Why do first-price and second-price auctions raise the same expected revenue?", "revenue equivalence"},
		{"Why does the winning bidder tend to overestimate the value of the object?", "winner's curse"},
		{"Why must any rule for aggregating rankings of three or more options be a dictatorship?", "Arrow's impossibility theorem"},
		{"Why is every non-dictatorial voting rule with three candidates manipulable?", "Gibbard-Satterthwaite theorem"},
		{"Why might majority preferences be intransitive?", "Condorcet paradox"},
		{"Why does the middle voter decide the outcome in a two-party election?", "median voter theorem"},
		{"How do you match applicants to positions so no applicant and position would both rather switch?", "stable matching"},
		{"Which mechanism assigns students to schools fairly and without strategic manipulation?", "school choice"},
		{"How can a cooperative game's payoff be divided according to each player's average marginal contribution?", "Shapley value"},
		{"When is the division of a joint profit stable against every coalition breaking away?", "core allocation"},
		{"How can goods be split so every person gets at least their fair share?", "fair division"},
		{"What is the cut-and-choose procedure for two people?", "cake cutting"},
		{"Why can removing a road reduce travel times?", "Braess's paradox"},
		{"How much worse than optimal is the equilibrium of a congestion game?", "price of anarchy"},
		{"How is traffic distributed when every driver picks the shortest route?", "selfish routing"},
		{"What happens when players choose resources whose cost increases with the number of users?", "congestion game"},
		{"Which games have a single function that tracks every player's gain from switching?", "potential game"},
		{"How do oligopolists setting production levels reach equilibrium?", "Cournot competition"},
		{"Why do firms that compete on price earn zero profits?", "Bertrand competition"},
		{"Why do cartels break down when members secretly cut prices?", "collusion"},
		{"Does the leader gain from committing to its output before the follower?", "Stackelberg game"},
		{"Why do two vendors on a beach both locate in the middle?", "Hotelling's location model"},
		{"Why might an incumbent build excess capacity?", "entry deterrence"},
		{"How should an airport randomize checkpoints against terrorists who watch?", "security game"},
		{"How should a presidential campaign spread resources across swing states?", "Colonel Blotto game"},
		{"Why do costly standoffs last so long?", "war of attrition"},
		{"How does the probability of winning depend on effort in a lottery contest?", "Tullock contest"},
		{"Why does the more patient bargainer get a larger share?", "Rubinstein bargaining"},
		{"How should the gains from trade be split given the parties' disagreement payoffs?", "Nash bargaining solution"},
		{"Does learning by responding to the historical average of opponents' moves converge?", "fictitious play"},
		{"How do regret-minimizing algorithms converge to coarse correlated equilibria?", "no-regret learning"},
		{"How do many AI agents learn to cooperate or compete?", "multi-agent reinforcement learning"},
		{"How do large populations of interacting agents reach equilibrium?", "mean field game"},
		{"How do strategic agents decide whom to connect to?", "network formation"},
		{"Why do people pick heads more often when trying to match someone else?", "focal point"},
		{"Why does it matter that everyone knows that everyone knows?", "common knowledge"},
		{"How do you analyze a game where players don't know each other's payoffs?", "Bayesian game"},
		{"Why should a monopolist's threat to start a price war not be believed?", "subgame perfect equilibrium"},
		{"Is every finite two-player game of perfect information determined?", "Zermelo's theorem"},
		{"Why do lizards with three mating strategies cycle over the years?", "rock-paper-scissors"},
		{"How likely is a new mutation to take over a small population?", "Moran process"},
		{"Why do cooperators form clusters on a network?", "spatial games"},
		{"How do hospitals match patients and donors across incompatible pairs?", "kidney exchange"},
		{"Why is it that once both companies have chosen their strategies neither wants to change?", "Nash equilibrium"},
		{"Is there always a profile of strategies from which no player wants to deviate unilaterally?", "Nash equilibrium"},
		{"Why do two accomplices both rat each other out?", "prisoner's dilemma"},
		{"Why do people under-contribute to things everyone can use, like clean air?", "public good"},
		{"Why do users of an open-access groundwater basin pump too much?", "tragedy of the commons"},
		{"Why does a larger group make it less likely that anyone reports a problem?", "volunteer's dilemma"},
		{"Why might two partners both choose the low-risk option instead of trusting each other?", "stag hunt"},
		{"Should an animal escalate a contest or retreat when the resource is worth less than an injury?", "hawk-dove game"},
		{"Why do people settle on the same convention such as which side to walk on?", "coordination game"},
		{"In a two-player game where my win is your loss, how should I play?", "zero-sum game"},
		{"How did von Neumann show two-player zero-sum games have a value?", "minimax theorem"},
		{"Why should a pitcher mix fastballs and curveballs unpredictably?", "mixed-strategy Nash equilibrium"},
		{"How can a trusted third party's private suggestions help two drivers at a crossing?", "correlated equilibrium"},
		{"What strategy would natural selection keep stable against mutants?", "evolutionarily stable strategy"},
		{"How do population shares of strategies evolve according to their fitness?", "replicator dynamics"},
		{"Why does a strategy that starts nice and then mirrors the opponent do so well?", "tit-for-tat"},
		{"How can cooperation evolve among selfish players who meet repeatedly?", "iterated prisoner's dilemma"},
		{"Why do repeated games have so many equilibria?", "folk theorem"},
		{"What happens if one player threatens never to cooperate again after any cheating?", "grim trigger"},
		{"How should you plan your moves by thinking about the end of the game first?", "backward induction"},
		{"Why do experiments show people passing instead of taking in a growing-pot game?", "centipede game"},
		{"Why do people punish unfair offers at a cost to themselves in bargaining experiments?", "ultimatum game"},
		{"Do people share money with anonymous strangers in experiments?", "dictator game"},
		{"How many rounds of reasoning are implied by guessing a fraction of the average?", "beauty contest"},
		{"Do people really reason several levels deep about other players?", "level-k thinking"},
		{"Why do people buy a product just because it is already popular?", "information cascade"},
		{"How do small private signals pin down a unique equilibrium in a coordination game like a bank run?", "global game"},
		{"Why do firms offer generous warranties to show their products are reliable?", "signalling game"},
		{"Can a financial adviser with a conflict of interest give me useful advice?", "cheap talk"},
		{"How should a platform design recommendations to persuade users?", "Bayesian persuasion"},
		{"Why do insurance companies ask so many questions before selling a policy?", "adverse selection"},
		{"Why do people with car insurance drive less carefully?", "moral hazard"},
		{"How should a landowner pay a tenant farmer to encourage effort?", "principal-agent problem"},
		{"How should a government design rules when it doesn't know citizens' preferences?", "mechanism design"},
		{"Why can any mechanism be replaced by one where agents report their types truthfully?", "revelation principle"},
		{"Which mechanism makes truthful reporting a dominant strategy while choosing the efficient outcome?", "Vickrey-Clarke-Groves mechanism"},
		{"Is it safe to bid my true valuation if the price I pay is set by the next bidder?", "second-price auction"},
		{"How far below my valuation should I bid in a sealed-bid auction where winners pay their bids?", "first-price auction"},
		{"Why do contests where everyone pays their effort look like auctions?", "all-pay auction"},
		{"Should a seller use a reserve price in an auction?", "optimal auction"},
		{"Does the auction format change the seller's expected revenue?", "revenue equivalence"},
		{"Why do companies that win takeover bids often overpay?", "winner's curse"},
		{"Why can't any voting method satisfy unanimity, independence and non-dictatorship together?", "Arrow's impossibility theorem"},
		{"Why do voters have an incentive to vote tactically in most elections?", "Gibbard-Satterthwaite theorem"},
		{"Can majority voting over three options go around in a circle?", "Condorcet paradox"},
		{"Why do politicians target the voter in the middle?", "median voter theorem"},
		{"How do you marry off men and women so no man and woman would rather be with each other?", "stable matching"},
		{"How do cities assign children to schools based on their preferences and priorities?", "school choice"},
		{"How do kidney paired donation programs find swaps?", "kidney exchange"},
		{"How should the gains from cooperation be split among players who contribute differently?", "Shapley value"},
		{"Is there a way to divide the gains so no group of players would rather go it alone?", "core allocation"},
		{"How do you divide an inheritance fairly among several heirs?", "fair division"},
		{"How do you fairly divide a heterogeneous good among several people?", "cake cutting"},
		{"Why did closing a major street in a city improve traffic?", "Braess's paradox"},
		{"What is the ratio between the worst equilibrium and the social optimum?", "price of anarchy"},
		{"How does selfish route choice by drivers affect congestion?", "selfish routing"},
		{"Would charging drivers for the delay they cause reduce congestion?", "congestion pricing"},
		{"What output do firms produce when competing in quantities?", "Cournot competition"},
		{"Why do two identical firms undercut each other until price equals cost?", "Bertrand competition"},
		{"How do competitors coordinate to raise prices above the competitive level?", "collusion"},
		{"Why does a firm that commits to its quantity first earn more?", "Stackelberg game"},
		{"Why do two competing stores end up next to each other on a street?", "Hotelling's location model"},
		{"How can an established firm discourage newcomers from entering its market?", "entry deterrence"},
		{"How should coast guard patrols be scheduled unpredictably?", "security game"},
		{"How should two players split limited forces over many fronts?", "Colonel Blotto game"},
		{"Who wins when two firms keep losing money in a market waiting for the other to exit?", "war of attrition"},
		{"How much do firms waste on rent seeking to win a government license?", "Tullock contest"},
		{"What is the equilibrium of alternating offers when delay is costly?", "Rubinstein bargaining"},
		{"How do two negotiators share a surplus given their outside options?", "Nash bargaining solution"},
		{"What happens when players best respond to beliefs formed from past play?", "fictitious play"},
		{"What guarantees do online learning algorithms give in repeated games?", "no-regret learning"},
		{"How do several reinforcement learning agents interact in a shared environment?", "multi-agent reinforcement learning"},
		{"How can games with infinitely many small players be analyzed?", "mean field game"},
		{"Why do social networks end up with stars and hubs when links are costly?", "network formation"},
		{"Why do people pick the same answer when asked to name a place to meet in Paris without talking?", "focal point"},
		{"How do you model a game where players are uncertain about each other's types?", "Bayesian game"},
		{"Why should only credible threats count in sequential games?", "subgame perfect equilibrium"},
		{"Why does chess have a winning strategy or a draw for one side?", "Zermelo's theorem"},
		{"Why do bacteria that poison, resist and grow fast coexist?", "rock-paper-scissors"},
		{"What is the fixation probability of an advantageous mutant?", "Moran process"},
		{"How does population structure affect the evolution of cooperation?", "spatial games"},
		{"Why does nobody have a reason to change their move once they see what the others chose?", "Nash equilibrium"},
		{"Why do two rival firms both advertise heavily when neither would if they could agree?", "prisoner's dilemma"},
		{"Why is open-source software under-provided if everyone can use it for free?", "public good"},
		{"Why do villagers cut too many trees from the shared forest?", "tragedy of the commons"},
		{"Why does nobody clean the shared kitchen when everyone waits for someone else?", "volunteer's dilemma"},
		{"When is it rational to cooperate on a risky joint project rather than work alone safely?", "stag hunt"},
		{"When should two rivals escalate and when should one back off?", "hawk-dove game"},
		{"Why is switching to a better keyboard layout so hard when everyone uses the same one?", "coordination game"},
		{"What is a game where the payoffs always add up to zero?", "zero-sum game"},
		{"Why would a soccer striker randomize the direction of a penalty?", "mixed-strategy Nash equilibrium"},
		{"Can a random device that tells each player what to do privately improve welfare?", "correlated equilibrium"},
		{"Which behaviours persist because no rare mutant does better?", "evolutionarily stable strategy"},
		{"How does the frequency of a strategy grow when it earns more than the population average?", "replicator dynamics"},
		{"Should I retaliate once and then forgive if my partner cheats?", "tit-for-tat"},
		{"Why do strangers cooperate more when they expect to meet again?", "iterated prisoner's dilemma"},
		{"Can repeated interaction make cooperation an equilibrium even among selfish players?", "folk theorem"},
		{"What if one betrayal triggers permanent punishment?", "grim trigger"},
		{"Why does the last period determine behaviour in a finite sequence of moves?", "backward induction"},
		{"What happens when two players alternately decide to take a growing pile or pass it on?", "centipede game"},
		{"Why do people turn down lopsided offers?", "ultimatum game"},
		{"How much money do people give when they can keep everything?", "dictator game"},
		{"What number should I pick if the winner is closest to two thirds of the average?", "beauty contest"},
		{"Why do people ignore what they know and copy those who went before?", "information cascade"},
		{"Why do self-fulfilling currency attacks depend on what speculators privately know?", "global game"},
		{"Why do companies spend on flashy advertising that says nothing about the product?", "signalling game"},
		{"Can words that cost nothing ever change what people do?", "cheap talk"},
		{"How should a seller choose what product information to show buyers to make a sale?", "Bayesian persuasion"},
		{"Why are the people most eager to buy insurance the riskiest?", "adverse selection"},
		{"Why do bailouts encourage banks to take more risk?", "moral hazard"},
		{"How can a firm align a salesperson's incentives with its own?", "principal-agent problem"},
		{"How can we design an allocation rule that works even when people lie?", "mechanism design"},
		{"Is it enough to ask people to report their private information directly?", "revelation principle"},
		{"Why should you bid your value on eBay-style auctions where you pay just above the next bid?", "second-price auction"},
		{"How much should I shade my bid when I pay exactly what I bid?", "first-price auction"},
		{"What happens in a contest where all participants forfeit their effort but only one wins?", "all-pay auction"},
		{"What is the revenue-maximizing auction for selling one object?", "optimal auction"},
		{"Why does the person who wins a bidding war for a house often regret it?", "winner's curse"},
		{"Why is no method of combining individual rankings into a group ranking perfect?", "Arrow's impossibility theorem"},
		{"Why can group preferences be cyclic even when each person's preferences are consistent?", "Condorcet paradox"},
		{"Why do parties converge on moderate policies?", "median voter theorem"},
		{"How can doctors be assigned to hospitals so no doctor and hospital prefer each other to their match?", "stable matching"},
		{"How much credit does each player deserve for a team's success?", "Shapley value"},
		{"How can a shared profit be split so no subgroup wants to form its own firm?", "core allocation"},
		{"How can several heirs divide a set of houses and paintings so nobody is jealous?", "fair division"},
		{"Why might building a bridge make traffic worse?", "Braess's paradox"},
		{"What is the cost of letting everyone act in their own interest rather than coordinating?", "price of anarchy"},
		{"How much does each of a few producers supply when they set quantities?", "Cournot competition"},
		{"Why do two shops selling identical goods end up at marginal cost?", "Bertrand competition"},
		{"How do oligopolies keep prices high without explicit agreements?", "collusion"},
		{"Why is it an advantage to announce your production first?", "Stackelberg game"},
		{"Why do two hot dog stands end up side by side?", "Hotelling's location model"},
		{"How can an incumbent make it unprofitable for a new firm to enter?", "entry deterrence"},
		{"How can police randomize patrol routes so criminals cannot predict them?", "security game"},
		{"Why do strikes and lockouts drag on until one side gives up?", "war of attrition"},
		{"How does impatience affect who gets what in alternating-offer bargaining?", "Rubinstein bargaining"},
		{"Which split of the surplus is fair according to Nash's axioms?", "Nash bargaining solution"},
		{"What if each player assumes the others will repeat their past frequency of play?", "fictitious play"},
		{"How do robots learn to coordinate when each learns from its own rewards?", "multi-agent reinforcement learning"},
		{"Why do people choose to connect with well-connected people?", "network formation"},
		{"How do people coordinate on a meeting time without talking?", "focal point"},
		{"How do bidders behave when they know only their own value?", "Bayesian game"},
		{"Where should a defender patrol if it cannot tell which type of attacker is coming?", "Bayesian Stackelberg game"},
		{"Is there a fair way to share out what the children inherit?", "fair division"},
		{"Which rules stop bidders lying about what they value?", "strategy-proofness"},
		{"How likely is it that a single odd one out ends up taking over a small population?", "Moran process"},
		{"Why do people overfish a shared lake?", "tragedy of the commons"},
		// Textbook stories in everyday words.
		{"Why does nobody call the police when lots of people see a crime?", "volunteer's dilemma"},
		{"Why do neighbours fail to chip in for a streetlight everyone uses?", "public good"},
		{"How can a teacher stop students copying if she can only check a few?", "inspection game"},
		{"Why do two gas stations across the road cut prices to cost?", "Bertrand competition"},
		{"Why do people tip at restaurants they will never visit again?", "repeated game"},
		{"What should I offer if the other side can just walk away from the deal?", "Nash bargaining solution"},
		{"Why would a seller with a good used car struggle to get a fair price?", "adverse selection"},
		{"Why do drivers who swerve last in a dare look braver?", "hawk-dove game"},
		{"How should a goalkeeper choose which way to dive?", "matching pennies"},
		{"Can a traffic light help two drivers do better than choosing on their own?", "correlated equilibrium"},
		{"Is there any voting method that is fair in every reasonable sense?", "Arrow's impossibility theorem"},
		{"How much should two companies produce if they pick quantities at the same time?", "Cournot competition"},
		{"Why do people keep promises to old friends but not to strangers in long friendships?", "repeated game"},
		{"Why do countries put tariffs on each other's goods when free trade helps both?", "prisoner's dilemma"},
		{"When did Axelrod run his tournaments?", "Axelrod's tournament"},
		{"Why do two countries keep building weapons when both would be safer if they disarmed?", "prisoner's dilemma"},
		{"How do you model a contest where each side is unsure about its opponent's payoffs?", "Bayesian game"},
		{"Why do we let nature choose each player's type before the game starts?", "Bayesian game"},
		{"Why shouldn't a firm believe an incumbent's threat of a price war?", "subgame perfect equilibrium"},
		{"Why shouldn't a newcomer believe a big company that says it will slash prices if the newcomer joins its market?", "entry deterrence"},
		{"Can a game like chess always be solved in principle?", "Zermelo's theorem"},
		{"Why do lizard mating strategies cycle in a rock-paper-scissors pattern?", "rock-paper-scissors"},
		{"Why does cooperation survive better on networks than in well-mixed populations?", "spatial games"},
		{"How does spending on a lobbying contest depend on how sensitive winning is to effort?", "Tullock contest"},
		{"Why do sunk bids by all participants make an auction resemble a contest?", "all-pay auction"},
		{"How would a fee for entering the city centre at rush hour change traffic?", "congestion pricing"},
		{"Why do some cities let parents rank schools and then run an algorithm?", "school choice"},
		{"Can a donor give a kidney to a stranger so their loved one gets one from another donor?", "kidney exchange"},
		{"How much influence does a small party have in a coalition government?", "Banzhaf index"},
		{"How should the seats of member states in a federal council be allocated?", "Penrose square-root law"},
		{"How do firms decide which partners to link with in an alliance network?", "network formation"},
		{"Can three towns sharing a water pipeline agree on a split that none would reject?", "core allocation"},
		{"How do you charge each bidder the loss their presence causes to everyone else?", "Vickrey-Clarke-Groves mechanism"},
		{"Why do players who take turns improving always stop at an equilibrium in some games?", "potential game"},
		{"Why do independent Q-learners struggle when others change their policies?", "multi-agent reinforcement learning"},
		{"Which online algorithms guarantee performance close to the best fixed strategy?", "no-regret learning"},
		{"How can we model a huge number of drivers each reacting to average traffic?", "mean field game"},
		{"Can checkers or chess be solved by backward reasoning from the end positions?", "Zermelo's theorem"},
		{"Why do two candidates converge to the same position in a one-dimensional policy space?", "median voter theorem"},
		{"Why do political parties and shops alike cluster in the middle?", "Hotelling's location model"},
		{"Why can a new link in a network increase everyone's travel time?", "Braess's paradox"},
		{"Why can't the majority always pick a winner among three options?", "Condorcet paradox"},
		{"Why can voters gain by misrepresenting their preferences under any reasonable rule?", "Gibbard-Satterthwaite theorem"},
		{"How can a mechanism make lying about your preferences never pay?", "strategy-proofness"},
		{"Why do economists only study mechanisms where truth-telling is optimal?", "revelation principle"},
		{"How do you set the reserve price to maximize expected revenue?", "optimal auction"},
		{"Why do bidders for oil drilling rights often regret winning?", "winner's curse"},
		{"How informative can communication be when the sender's interests differ from the receiver's?", "cheap talk"},
		{"Why do students get degrees employers value even if they learn nothing useful?", "signalling game"},
		{"How does hidden information about quality make markets unravel?", "adverse selection"},
		{"Why do insured drivers take fewer precautions?", "moral hazard"},
		{"How should a firm write a contract when it cannot observe how hard its manager works?", "principal-agent problem"},
		{"Why do investors pile into the same stock because others did?", "information cascade"},
		{"How does a small amount of private information make bank runs predictable?", "global game"},
		{"How much should a doctor reveal about test results to persuade a patient?", "Bayesian persuasion"},
		{"How do two people who cannot talk choose the same number?", "focal point"},
		{"Why is it hard for a society to switch from one convention to another?", "coordination game"},
		{"How do spouses who prefer different events but want to be together decide?", "battle of the sexes"},
		{"Why is trust needed when cooperation pays more but is risky?", "stag hunt"},
		{"How do animals settle contests over food without fighting?", "hawk-dove game"},
		{"In a group, who will pay the cost to provide a benefit for all when one is enough?", "volunteer's dilemma"},
		{"Why do people underfund public radio that anyone can listen to?", "public good"},
		{"Why are fish stocks depleted when nobody owns the sea?", "tragedy of the commons"},
		{"Why do some team members do no work but share the credit?", "free rider"},
		{"What is the lowest share a responder will accept?", "ultimatum game"},
		{"How much do people trust others with money in experiments?", "trust game"},
		{"How do financial markets resemble a contest of guessing what others will guess?", "beauty contest"},
		{"Do people assume the others reason one step less than they do?", "level-k thinking"},
		{"Why do people pass the pot several times before taking it?", "centipede game"},
		{"How does playing the same game repeatedly change what is rational?", "repeated game"},
		{"Why can repeated play support almost any outcome?", "folk theorem"},
		{"Which simple reciprocal strategy is hard to exploit in repeated games?", "tit-for-tat"},
		{"Can a player extort its opponent in the iterated prisoner's dilemma?", "zero-determinant strategies"},
	} {
		var got []string
		for _, c := range Evoked(tt.q) {
			got = append(got, c.Name)
		}
		for _, c := range Focal(tt.q) {
			if t := lookup(c.Name); c.Known && t != nil {
				got = append(got, t.name) // "public goods games" is "public good"
			}
		}
		assert.Contains(t, got, tt.want, tt.q)
	}
}

func TestRelatedPhrasesAreTheRelatedOfSeveralWords(t *testing.T) {
	got := RelatedPhrases("cheap talk")
	require.NotEmpty(t, got)
	for _, c := range got {
		assert.Greater(t, len(strings.Fields(c.Name)), 1, "one word is too common to tell: %q", c.Name)
		assert.Contains(t, Related("cheap talk"), c.Name)
	}
	assert.Nil(t, RelatedPhrases("chocolate cake"), "not a glossary term")
}

// Evocations keeps the last question's answer: a caller that changes what
// it got does not change what the next caller gets, and questions asked
// at once each get their own.
func TestEvocationsRemembersOnlyByCopy(t *testing.T) {
	q := "Can building a new road make traffic worse for every driver?"
	first := Evocations(q)
	require.NotEmpty(t, first)
	want := first[0].Terms[0]
	first[0].Terms[0] = "changed"
	first[0].Concept.Name = "changed"
	again := Evocations(q)
	require.Equal(t, "Braess's paradox", again[0].Concept.Name)
	require.Equal(t, want, again[0].Terms[0])

	questions := []string{q, "If an adviser is biased and words cost nothing, how much can they credibly tell me?", "What is the weather like?"}
	wants := make([][]string, len(questions))
	for i, x := range questions {
		wants[i] = names(Evoked(x))
	}
	var wg sync.WaitGroup
	for range 8 {
		for i, x := range questions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				assert.Equal(t, wants[i], names(Evoked(x)), x)
			}()
		}
	}
	wg.Wait()
}

// BenchmarkEvocations: the first match of a question against the cue
// table, and a repeat, which a run asks for a dozen times.
func BenchmarkEvocations(b *testing.B) {
	questions := []string{
		"Why do neighbours fail to chip in for a streetlight everyone uses?",
		"If an adviser is biased and words cost nothing, how much can they credibly tell me?",
	}
	b.Run("first", func(b *testing.B) {
		i := 0
		for b.Loop() {
			Evocations(questions[i%2]) // alternating: never the last question
			i++
		}
	})
	b.Run("repeat", func(b *testing.B) {
		Evocations(questions[0])
		for b.Loop() {
			Evocations(questions[0])
		}
	})
}
