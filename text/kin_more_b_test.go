package text

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKinMoreBParaphrases holds, for the groups of kinGroupsB and
// kindGroupsB, a description that says the kin word and not the cue's:
// each evokes its term only through the group (without kinGroupsB and
// kindGroupsB, 60 of these 63 evoked no term, and none evoked its own).
func TestKinMoreBParaphrases(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"How do you pay a supervisor for effort you cannot observe?", "principal-agent problem"},
		{"Do players make blunders in equilibrium, with costly ones less often?", "quantal response equilibrium"},
		{"Does a player who mostly best responds but sometimes blunders settle anywhere?", "logit dynamics"},
		{"What equilibrium do you get if every player's choice is imprecise?", "quantal response equilibrium"},
		{"What equilibrium do you get if every player's choice is garbled?", "quantal response equilibrium"},
		{"How do two friends who lost their phones pick the same place to encounter each other?", "focal point"},
		{"Do two people cooperate more when they encounter each other many times?", "iterated prisoner's dilemma"},
		{"Do two people cooperate if they met again and again?", "iterated prisoner's dilemma"},
		{"Why would a big chain slash prices when an upstart arrives in the market?", "entry deterrence"},
		{"What does each vertex of a game tree stand for?", "extensive-form game"},
		{"What changes when one firm moves first and the other can monitor its choice?", "Stackelberg game"},
		{"Do people who repeatedly average their friends' viewpoints end up agreeing?", "DeGroot learning"},
		{"How does each firm pick the amount it produces when it knows its rival does the same?", "Cournot competition"},
		{"What happens if I just copy my opponent's earlier move every round?", "tit-for-tat"},
		{"If I split the items into heaps and get the worst heap, what can I guarantee?", "maximin share"},
		{"Can a goalkeeper foresee where a penalty kick will go?", "matching pennies"},
		{"What is the equilibrium when each bidder has confidential information about the item?", "Bayesian Nash equilibrium"},
		{"Why would a poker player bluff with a certain likelihood?", "mixed-strategy Nash equilibrium"},
		{"Do farmers copy neighbours with higher earnings?", "imitation dynamics"},
		{"Should a bidder resign once the price exceeds their value?", "English auction"},
		{"Can an uncommon mutant spread in a population?", "evolutionarily stable strategy"},
		{"Why do drivers follow what the traffic light advises?", "correlated equilibrium"},
		{"Could eliminating a road make traffic faster?", "Braess's paradox"},
		{"Can cooperation be sustained in a recurring interaction?", "folk theorem"},
		{"How do you design a system so people declare their values honestly?", "mechanism design"},
		{"How can a town get everyone to declare their true value for a public project?", "Vickrey-Clarke-Groves mechanism"},
		{"Is it a good strategy to be nice but take revenge once when betrayed?", "tit-for-tat"},
		{"Does it hurt to disclose your mixed strategy?", "minimax theorem"},
		{"Do different auction formats bring the same expected proceeds?", "revenue equivalence"},
		{"Do workers put in more effort when they get a generous salary?", "gift exchange game"},
		{"What if pupils propose to schools and schools reject some of them?", "deferred acceptance"},
		{"How should pupils be matched to schools?", "stable matching"},
		{"Why do employees keep slacking?", "moral hazard"},
		{"In which auction does the price begin high and then fall?", "Dutch auction"},
		{"Should I remain with a winning move and switch after I lose?", "win-stay lose-shift"},
		{"Can a company halt a rival from entering its market?", "entry deterrence"},
		{"Two drivers dare each other; who should veer first?", "hawk-dove game"},
		{"Should I pass or grab the pot?", "centipede game"},
		{"A mutant strategy took over the population; why wasn't the old one stable?", "evolutionarily stable strategy"},
		{"Is costless chat credible?", "cheap talk"},
		{"When squads compete for a prize they must share, how hard do members work?", "team contest"},
		{"Why did each player follow the move the random device told them?", "correlated equilibrium"},
		{"Should I accept or irrevocably reject each offer using a cutoff?", "prophet inequality"},
		{"How should I play when I'm unsure of my opponent's type?", "Bayesian Nash equilibrium"},
		{"Why do people dislike an unjust outcome even when they benefit?", "inequity aversion"},
		{"If firms can always undersell each other, does an equilibrium exist?", "discontinuous games"},
		{"Why do firms squander money on lobbying?", "Tullock contest"},
		{"Why did depositors panic and withdrew their savings early?", "Diamond-Dybvig model"},
		{"Why would a miner conceal a block it found?", "selfish mining"},
		{"Why are identical products sold at cost when firms compete?", "Bertrand competition"},
		{"How much of the tripled money is sent back to the investor?", "trust game"},
		{"Why does everyone assume somebody else will help?", "volunteer's dilemma"},
		{"Why is trying to match somebody else easier with an obvious choice?", "focal point"},
		{"How do buyers with budgets decide how the money is spent in a market equilibrium?", "Fisher market"},
		{"Why do villages overuse their forests?", "tragedy of the commons"},
		// The kind groups.
		{"Is a contestant never worse off than if they had stayed home?", "individual rationality"},
		{"Why do ground squirrels give an alarm call when a fox appears?", "kin selection"},
		{"Why does a male bird grow an ornament that attracts foxes?", "handicap principle"},
		{"Do inmates cooperate more when they face each other again?", "iterated prisoner's dilemma"},
		{"How should three classmates cut a cake?", "cake cutting"},
		{"Why would rational merchants bet against each other?", "agreement theorem"},
		{"How do millions of merchants react to the average price?", "mean field game"},
		{"Can a ballot rule be gamed?", "Gibbard-Satterthwaite theorem"},
	} {
		assert.Contains(t, names(Evoked(tt.q)), tt.want, tt.q)
	}
}

// TestKinMoreBEverydayQuestions holds everyday questions that say the kin
// words of kinGroupsB and kindGroupsB in their everyday sense, and the
// words left out of them, which must evoke no term.
func TestKinMoreBEverydayQuestions(t *testing.T) {
	for _, q := range []string{
		// Work and money.
		"How do I ask my boss for a raise after a year?",
		"Should I tell my supervisor that I am burned out?",
		"Why did my supervisor reject my vacation request?",
		"Can my employer monitor my work emails?",
		"What is the average salary of a nurse in Texas?",
		"Is it unjust to pay women a lower salary?",
		"Why do some coworkers earn a higher salary for the same work?",
		"Can coworkers see my salary on the payroll system?",
		"Should I disclose my salary history to a new employer?",
		"Should I resign from my job before I find a new one?",
		"Should I resign or wait to be fired?",
		"Should I take the job offer or remain at my current company?",
		"Should I accept a measly pay rise offer from my boss?",
		"Should I report my coworker for slacking?",
		"Why do my coworkers always take credit for my work?",
		"Should I invite my coworkers to my birthday party?",
		"Do I have to report my side earnings to the tax office?",
		"Why did my quarterly earnings drop this year?",
		"Should I declare my tips honestly on my tax return?",
		"How do I declare my income from a side job?",
		"Do I need to declare cash at customs when I fly to Canada?",
		"Should I declare bankruptcy to stop creditors?",
		"What is the cutoff date for my tax filing?",
		"How do I set up a recurring payment for my rent?",
		"Can I withdraw cash from an ATM abroad without fees?",
		"My bank withheld part of my deposit; what can I do?",
		"Why did my bank withhold my tax refund?",
		"I sent money to the wrong account; how do I get it back?",
		"I spent too much on my credit card; how do I pay it down?",
		"How much money have I spent on coffee this year?",
		"How do I stop squandering money on impulse buys?",
		"Did you squander your inheritance on cars?",
		"How do I eliminate debt faster?",
		"What amount should each roommate pay for rent?",
		"How much is the right amount to tip at a restaurant?",
		"How do I split the proceeds of a garage sale with my sister?",
		"Where do the proceeds of a charity raffle go?",
		"How do I forecast sales for my bakery next year?",
		"Can I foresee whether my stock will go up?",
		"Is it a blunder to sell my stocks now?",
		// Shopping.
		"Why do supermarkets undersell small local bakeries on bread?",
		"Should I undersell my old car to get rid of it quickly?",
		"Where are concert tickets sold the cheapest?",
		"Why do car dealers add fees to the price?",
		"Do car dealers agree on prices for used cars?",
		"Should I sell my car or trade it in at the dealer?",
		"How do merchants accept card payments at a market stall?",
		"Why do merchants raise prices before holidays?",
		"Which upstart brand makes the best running shoes?",
		"Should I reject a stingy offer for my used car?",
		"Should I reject a measly offer for my house?",
		"Would you reject a lopsided offer on your car?",
		"Why are my coworkers so stingy when we split the bill?",
		"Why is my landlord so stingy with the heating?",
		// Health, cooking and home.
		"How do I monitor my blood pressure at home?",
		"How do I monitor the temperature of my fridge?",
		"Is my medical record confidential when I see a new doctor?",
		"What does my doctor advise for a sprained ankle?",
		"What did my doctor advise about my cholesterol?",
		"Is it uncommon to get the flu twice in one year?",
		"Is it uncommon for babies to walk at nine months?",
		"What's the likelihood of getting twins?",
		"Why do pupils dilate in the dark?",
		"What amount of water should I drink each day?",
		"How long can cooked rice remain safe in the fridge?",
		"How do I eliminate a bad smell from my fridge?",
		"How big a heap of compost do I need for my garden?",
		"How do I eliminate weeds from my lawn without chemicals?",
		"How do I conceal a scar on my face with makeup?",
		"How do I conceal cables behind my TV?",
		"Can somebody help me fix a leaking tap?",
		// Pets and animals.
		"Do wolves attack dogs in the forest?",
		"How can villagers protect their crops from wolves?",
		"How do I keep foxes away from my chickens?",
		"Why do lions sleep so much during the day?",
		"Do lions share their kill with the pack?",
		"How do I stop my dog from grabbing food off the table?",
		"Do dogs encounter ticks in tall grass?",
		// Travel and news.
		"What should I do if I encounter a bear on a hiking trail?",
		"Why did the train halt in the middle of the tunnel?",
		"Why did the traffic halt on the highway this morning?",
		"Why did the car veer to the left when I braked?",
		"Can I grab a coffee at the station before the train leaves?",
		"Why do passengers clap when the plane lands?",
		"Why do passengers pay different prices for the same flight?",
		"Why did passengers refuse to give up their seats?",
		"Are the locals friendly to tourists in Lisbon?",
		"Do citizens need a passport to travel within the EU?",
		"Why do citizens distrust the government after a scandal?",
		"Which upstart airline has the cheapest fares?",
		"Will the weather forecast for the weekend change?",
		"What is the likelihood of rain tomorrow in London?",
		"I met a famous actor at the airport; should I post the photo?",
		"Who told the press about the merger?",
		"Why did the stock price halt after the announcement?",
		"Will prices of houses begin to fall this year?",
		"Is the new tax law unjust to renters?",
		// Voting and law.
		"How do I fill out an absentee ballot from abroad?",
		"Where do I drop my ballot on election day?",
		"How do I mark my ballot if I make a mistake?",
		"Why did voters reject the ballot measure on taxes?",
		"Do residents need a permit to park on our street?",
		"Can inmates vote in state elections?",
		"Do inmates get paid for prison labor?",
		"Can convicts vote after they leave prison?",
		"Is the information my lawyer gets confidential?",
		"Did my ex conceal assets during the divorce?",
		"Can I remain anonymous when I report a crime?",
		"Who told the police about the robbery?",
		"Was the vote rigged in my student council?",
		// School.
		"When does the school year begin in Japan?",
		"What is the cutoff for the university entrance exam?",
		"Why do pupils get longer holidays in summer?",
		"How do I make friends with my classmates at a new school?",
		"Why do my classmates copy my homework?",
		"How do I stop my kids from slacking on homework?",
		"Why did the professor veer off topic in the lecture?",
		"How do I find the vertex of a parabola?",
		"Can I withdraw from a class after the deadline?",
		"Any hints for choosing a degree that employers like?",
		"Can you give me a hint about which education degree to pick?",
		"Why is the feedback on my training score so vague?",
		// Sports, games and tech support.
		"Which squad won the football league last season?",
		"Which squad has the best players this season?",
		"What is the most common blunder in a chess opening?",
		"Was the score lopsided in the basketball game?",
		"Which contestant won the baking show this year?",
		"How many contestants get eliminated each week on the show?",
		"Which monitor should I buy for photo editing?",
		"Why is the audio garbled on my video calls?",
		"Which chat app is safest for my kids?",
		"Is it rude to chat during a movie at the cinema?",
		"Is my viewpoint welcome in the book club?",
		"Any hints on claiming a warranty for my broken laptop?",
		"I'm unsure whether to paint my kitchen blue or green.",
		"How do I cease a subscription that I no longer use?",
		"Which overused phrases should I avoid in my essay?",
	} {
		assert.Empty(t, Evoked(q), q)
	}
}

// The groups are wired into Kin, each word written once, in lower case,
// and none is a glossary term: a field word would make its questions game
// theory whatever they describe.
func TestKinMoreBGroupsAreWellFormed(t *testing.T) {
	word := regexp.MustCompile(`^[a-z]+$`)
	seen := map[string]bool{}
	for _, groups := range [][][]string{kinGroupsB(), kindGroupsB()} {
		for _, g := range groups {
			require.GreaterOrEqual(t, len(g), 2, g)
			for _, w := range g {
				require.Regexp(t, word, w)
				require.False(t, seen[w], "%s is in two groups", w)
				seen[w] = true
				require.Nil(t, lookup(w), "%s is a glossary term", w)
			}
		}
	}
	for _, g := range kinGroupsB() {
		for _, w := range g[1:] {
			require.Contains(t, Kin(w), g[0], w)
		}
		require.Contains(t, Kin(g[0]), g[1])
	}
	for _, g := range kindGroupsB() {
		for _, w := range g[1:] {
			require.Contains(t, Kin(w), g[0], w)
			require.NotContains(t, Kin(g[0]), w, "a name does not stand for its kind")
		}
	}
}
