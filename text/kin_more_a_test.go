package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestKinMoreAParaphrases holds, for the groups of kinGroupsA and
// kindGroupsA, a description that says the new word and meets an existing
// cue through it. Each evoked nothing, or not its term, without the
// groups.
func TestKinMoreAParaphrases(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"Does tit for tat break down after a single mishap?", "generous tit-for-tat"},
		{"What if a player inadvertently makes the wrong move?", "trembling-hand perfect equilibrium"},
		{"Why do both Coke and Pepsi keep airing commercials when neither would if they could agree?", "prisoner's dilemma"},
		{"Can I trust guidance from someone with a bias?", "cheap talk"},
		{"Can natural selection favour selfless behaviour?", "evolutionary game theory"},
		{"How did selflessness toward strangers evolve?", "reciprocal altruism"},
		{"Do creatures evolve strategies the way players do?", "evolutionary game theory"},
		{"Where should guards patrol to stop a raid?", "security game"},
		{"Why do only risky people purchase insurance?", "adverse selection"},
		{"Why do purchasers wait when a seller will cut prices later?", "Coase conjecture"},
		{"Does nobody ring the police when many neighbours hear a scream?", "volunteer's dilemma"},
		{"Why does the market for used vehicles collapse when buyers can't judge quality?", "adverse selection"},
		{"Can police capture a thief on a network?", "cops and robbers"},
		{"What are the odds that my vote tips the outcome?", "Banzhaf index"},
		{"Could the shutdown of a road make trips faster?", "Braess's paradox"},
		{"Can pricing algorithms conspire?", "algorithmic collusion"},
		{"Can university admissions be made stable?", "many-to-one matching"},
		{"Why do firms vying for the same customers cut prices to cost?", "Bertrand competition"},
		{"How hard is it to calculate a Nash equilibrium?", "PPAD"},
		{"Who caves first when both sides wait it out?", "war of attrition"},
		{"Does a toll reduce gridlock?", "congestion pricing"},
		{"Is a punishment believable if it hurts the punisher too?", "renegotiation-proof equilibrium"},
		{"Why do shops slash prices down to cost?", "Bertrand competition"},
		{"Why would a monopolist slash prices in one town to scare off others?", "chain-store paradox"},
		{"Every month they postpone agreement costs both sides; who gets more?", "Rubinstein bargaining"},
		{"Does a price war discourage future entrants?", "chain-store paradox"},
		{"Why do people hate getting more than others?", "inequity aversion"},
		{"Is schooling just a signal to employers?", "job market signalling"},
		{"The candidate with the fewest votes is removed and their ballots go to second choices; what is this rule?", "instant-runoff voting"},
		{"Do students go to college just to prove they're smart to a future boss?", "job market signalling"},
		{"How does an incumbent respond to an upstart?", "chain-store paradox"},
		{"Why do both bids spiral past the prize's value?", "dollar auction"},
		{"What is the fairest way to settle claims on an inheritance when creditors are owed more than it holds?", "bankruptcy problem"},
		{"Why would residents overstate how much a new park is worth to them when deciding whether to build it?", "Vickrey-Clarke-Groves mechanism"},
		{"Why do people embellish their valuations when a public project is funded?", "Vickrey-Clarke-Groves mechanism"},
		{"If we split the bill equally, why does everyone order pricey dishes?", "diner's dilemma"},
		{"Can a biased consultant tell you anything useful?", "cheap talk"},
		{"How do you allocate courses with phony money and prices?", "competitive equilibrium from equal incomes"},
		{"Can removing a road make driving quicker?", "Braess's paradox"},
		{"How do you incentivize honest predictions?", "proper scoring rule"},
		{"Can firms cooperate if the game is repeated indefinitely?", "folk theorem"},
		{"Why do bankers bet with taxpayer money?", "moral hazard"},
		{"Which side should the goalie dive to?", "matching pennies"},
		{"Is computing a Nash equilibrium difficult?", "PPAD"},
		{"Should each bidder pay for how much they hurt others?", "Vickrey-Clarke-Groves mechanism"},
		{"Why don't bystanders assist?", "volunteer's dilemma"},
		{"Is it rational for investors to flock into the same stocks?", "information cascade"},
		{"Can concealed information about quality make a market collapse?", "adverse selection"},
		{"Can a new link boost travel time?", "Braess's paradox"},
		{"Can buyers deduce quality from the signal?", "separating equilibrium"},
		{"Does a big country's vote sway more?", "Penrose square-root law"},
		{"Can hidden info about quality ruin a market?", "adverse selection"},
		{"Can endless play sustain cooperation?", "folk theorem"},
		{"Can a public raffle that both players see help them coordinate?", "correlated equilibrium"},
		{"Why should big and small nations get different voting weight?", "Penrose square-root law"},
		{"How should a firm's estate be split among its lenders?", "bankruptcy problem"},
		{"Why do savers rush to withdraw when they fear others will?", "global game"},
		{"How should a campaign divide its budget across battlegrounds?", "Colonel Blotto game"},
		{"Does the contractor with the cheapest bid always win?", "procurement auction"},
		{"Do syndicates use harsh punishment to keep members in line?", "grim trigger"},
		{"Can a leader foresee how a rival will respond?", "Stackelberg game"},
		{"Why do wildlife rangers try to foresee poachers?", "green security game"},
		{"Can jobseekers get screened by insurers?", "adverse selection"},
	} {
		assert.Contains(t, names(Evoked(tt.q)), tt.want, tt.q)
	}
}

// TestKinMoreAEverydayQuestions holds everyday questions that use the new
// words of kinGroupsA and kindGroupsA in their everyday sense: they must
// evoke no term. A group that makes one of them evoke a term is narrowed
// or dropped, not the question.
func TestKinMoreAEverydayQuestions(t *testing.T) {
	newWords := map[string]bool{}
	for _, g := range kinGroupsA() {
		for _, w := range g {
			newWords[w] = true
		}
	}
	for _, g := range kindGroupsA() {
		for _, w := range g[1:] {
			newWords[w] = true
		}
	}
	for _, q := range []string{
		// shopping
		"Should I purchase travel insurance for a weekend trip?",
		"Can I return a purchase without a receipt?",
		"Can I purchase a gift card online and use it in store?",
		"Should I buy a screen protector for my phone?",
		"Did the store slash prices on TVs for Black Friday?",
		"Is a pricey blender worth it?",
		"Why are avocados so pricey this year?",
		"Are bogus reviews on Amazon illegal?",
		"How do I report a counterfeit product on eBay?",
		"What is the cheapest way to fly to Spain?",
		"Is a bigger TV better for a small room?",
		// sports
		"What are the odds the Chiefs win the Super Bowl?",
		"Which teams vie for the title this season?",
		"Who is the best goalie in the NHL?",
		"Who rang the bell at the end of the boxing round?",
		"Is it legal to bet on football online?",
		"Should I bet on the favourite or the underdog?",
		"How do I place a bet at the horse races?",
		"Why do fans flock to the stadium early?",
		"Why did the referee pardon the player after a foul?",
		"Why are there so many commercials during the Super Bowl?",
		// cooking
		"Why is the steak so tough?",
		"What proportion of flour to water makes good bread?",
		"What is the secret to fluffy pancakes?",
		"Is there an endless pasta deal at Olive Garden?",
		"Why do I detest the taste of cilantro?",
		"Is there a quicker way to peel garlic?",
		// news
		"Why did the government shut down last year?",
		"When did the country declare independence?",
		"Did the police raid the wrong house?",
		"Did the police nab the thief who stole my bike?",
		"Did the crime syndicate get caught by the FBI?",
		"Will the president pardon his former advisor?",
		"Did the politician overstate the budget deficit?",
		"Is Ohio a battleground state this year?",
		"Does social media sway voters?",
		"Which nations qualified for the Olympics?",
		"Which nations have the highest life expectancy?",
		"Why did the stock market spiral down today?",
		"Is the news source believable?",
		"Do conspiracy theories spread faster online?",
		"Why did the CEO finally relent on remote work?",
		"Which is the biggest city in Canada?",
		// health
		"Should I phone my doctor about a fever?",
		"Should I see a specialist for my migraines?",
		"How do I boost my immune system in winter?",
		"Did the fall hurt my wrist?",
		"What should I do after an assault on the street?",
		// travel
		"Which vehicle is best for a family of five?",
		"How often should I service my vehicle?",
		"Who pays for the repairs after a minor mishap in a rental car?",
		"Where is the nearest pharmacy open late?",
		"Which airport is nearer to the city centre?",
		"Which is the nearest station to the stadium?",
		"How do I avoid gridlock on the motorway at rush hour?",
		"Why was my flight postponed again?",
		"Do I need to declare cash at customs when I travel?",
		"Why did the council shut the road for repairs?",
		"Can a new road boost house prices?",
		"Is it difficult to get a visa for Japan?",
		"Can I foresee traffic on my route with Google Maps?",
		"Do the guards at Buckingham Palace ever get a break?",
		"Who was the sentry at the palace gates?",
		// school
		"How do I apply to university as a mature student?",
		"Which universities offer the best engineering programs?",
		"Is the university library open on Sundays?",
		"Can the university refuse to release my transcript?",
		"Is homeschooling better than regular schooling?",
		"Is a diploma from an online school valid?",
		"Is it difficult to learn Japanese?",
		"Can you deduce the murderer in an Agatha Christie novel?",
		"How long does it take to construct a house?",
		// pets and home
		"What creatures live at the bottom of the ocean?",
		"Are critters getting into my garden at night?",
		"How do I discourage squirrels from raiding my bird feeder?",
		"How do I discourage my dog from barking at night?",
		"Do cats hate water?",
		"Why is my cat jealous of the new puppy?",
		"Is it tough to raise a puppy alone?",
		"Is my puppy a keeper or should I rehome him?",
		"How do sheep flock together?",
		"Do flocks of birds migrate south in winter?",
		"Can my dog help me with anxiety?",
		"Is it selfless to donate a kidney to a stranger?",
		"Who rang the doorbell while I was out?",
		"Should I ring the landlord about the broken boiler?",
		"How do I remove a stain from a white shirt?",
		"How do I climb the spiral staircase safely with a toddler?",
		"Should I postpone my wedding because of the weather?",
		"Should I forgive a friend who forgot my birthday?",
		"Is jealousy normal in a new relationship?",
		"Why do I hate waking up early in winter?",
		// money
		"How do I calculate my monthly mortgage payment?",
		"Can you calculate the tip for a group dinner?",
		"What are the odds of winning the lottery?",
		"What are the odds of rain tomorrow?",
		"Did anyone win the church raffle?",
		"How do I enter a sweepstakes online?",
		"Can a lender refuse my mortgage after approval?",
		"Can lenders see my credit score?",
		"What is the best account for savers this year?",
		"Do savers lose money when a bank fails?",
		"How do I boost my credit score quickly?",
		"Why did my credit card debt spiral out of control?",
		"What proportion of my income should go to rent?",
		"Do I need a financial advisor to buy index funds?",
		"Can an adviser help me retire early?",
		"How can I tell if a banknote is counterfeit?",
		"How do I spot a bogus charity?",
		"How much should I bet at the poker table?",
		"Is it difficult to compute compound interest by hand?",
		"Is my inheritance taxed as income?",
		"Do I pay inheritance tax on my parents' house?",
		"Do purchasers of a new home pay stamp duty?",
		"Where can I get guidance on filling in my tax return?",
		// work
		"How do I ask my boss for a raise?",
		"My boss never answers emails; what should I do?",
		"Can my boss read my work emails?",
		"My boss expects more effort but won't pay overtime; is that legal?",
		"Why do people conspire against their bosses in offices?",
		"How do jobseekers write a good CV?",
		// tech support
		"I inadvertently deleted a file; can tech support recover it?",
		"Can I unintentionally void my warranty by opening the laptop?",
		"How do I block adverts in my web browser?",
		"How do I declare a variable in Python?",
		"How do I shut down my laptop when it freezes?",
		"How do I remove a virus from my computer?",
		"How do I calculate the average of a column in Excel?",
		"Can I capture a screenshot on a Mac?",
		"How do I hide my phone number when calling?",
		"Why does my phone keep ringing at night?",
		"Can you assist me with resetting my password?",
		"How do I boost my wifi signal upstairs?",
		"Where can I find more info about the museum opening hours?",
		"How do I remove my address from Google?",
		"How do I beat the final raid boss in World of Warcraft?",
		// law
		"Should I seek counsel before signing a lease?",
		"Is there a concealed carry permit in Texas?",
		"Can I remove a candidate from the ballot after the deadline?",
		"Who is the pundit predicting the next Supreme Court ruling?",
		"What is the weather forecast for Saturday?",
		"Can I store frozen food indefinitely?",
		"How do I resize a wedding ring?",
	} {
		uses := false
		for _, w := range Words(q) {
			uses = uses || newWords[w]
		}
		assert.True(t, uses, "%q says no word of kinGroupsA or kindGroupsA", q)
		assert.Empty(t, Evoked(q), q)
	}
	// The words left out, or kin one way only, because of a second sense:
	// the group of physician beside doctor was dropped for the first,
	// "cave" is not beside concede, and estate stands for no inheritance.
	for _, q := range []string{
		"Do hospitals hire physicians from abroad?",
		"Why did the roof cave in after the storm?",
		"How do I split the real estate commission with my partner?",
		"Is the estate agent's commission negotiable?",
	} {
		assert.Empty(t, Evoked(q), q)
	}
}
