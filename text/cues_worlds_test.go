package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestToldBParaphrases(t *testing.T) {
	for _, tt := range []struct{ q, term string }{
		{"Is it true that shutting a bridge once made travel times in a city quicker?", "Braess's paradox"},
		{"Why would removing a road make commutes shorter for drivers?", "Braess's paradox"},
		{"Do betting markets predict elections more accurately than polls?", "prediction market"},
		{"Can betting exchanges aggregate what traders know about a vote?", "prediction market"},
		{"If people trade contracts that pay a dollar if an event happens, does the price give its probability?", "prediction market"},
		{"Why might the weakest shooter in a three-person gunfight be the one who survives?", "truel"},
		{"Do partners return money because they feel guilty about disappointing what the other expects?", "guilt aversion"},
		{"How much does a trustee return to the sender in the lab?", "trust game"},
		{"Should a treasury sell its bonds at a uniform clearing price or at each bid?", "uniform-price auction"},
		{"Does the government raise more selling bills at one clearing price to every dealer?", "uniform-price auction"},
		{"Why do gas stations open near their competitors on the same road?", "Hotelling's location model"},
		{"How do stubborn people change everyone's opinions in a group?", "Friedkin-Johnsen model"},
		{"Do early reviews on a booking site influence what later reviewers say?", "information cascade"},
		{"Why does the price impact of a trade rise when insiders might be trading?", "Kyle model"},
	} {
		assert.Contains(t, names(Evoked(tt.q)), tt.term, tt.q)
	}
}

func TestToldBEverydayQuestions(t *testing.T) {
	for _, q := range []string{
		"Should I place a bid on a used road bike in an online auction, or wait for the price to drop on Black Friday?",
		"Which used cars hold their price best on rough roads?",
		"Is the road to the airport closed for the marathon on Sunday?",
		"Will the bridge closure make my commute longer next week?",
		"Which betting sites give the best odds on the World Cup final?",
		"How do I stop betting on football every weekend?",
		"Is sports betting legal in my state?",
		"What is the best strategy for a road trip with kids?",
		"Why did the street market close early today?",
		"Do polls or surveys predict which restaurant will get a Michelin star?",
		"Which shooter had the best score at the three-gun competition?",
		"Which three players shoot best from beyond the arc?",
		"Can three people shoot hoops together in the park?",
		"I feel guilty about eating cake; how do I stop?",
		"How much money can I send back home from abroad each month?",
		"When do treasury bills mature and how is their price set?",
		"Where is the nearest gas station with cheap fuel?",
		"How do I deal with a stubborn toddler at bedtime?",
		"How can I change my stubborn dad's opinion about vaccines?",
		"Does the trustee of my grandmother's estate have to send me the accounts?",
		"I feel guilty for letting my team down; what should I expect from my coach?",
		"When does the government sell bonds, and can I bid for them?",
		"Do early reviews of a film influence its later box office?",
		"Are early reviews of the new phone reliable?",
		"What is the price impact of the new tariff on car imports?",
	} {
		assert.Empty(t, Evoked(q), q)
	}
}

// TestToldDEParaphrases holds other wordings of the stories toldCuesC's
// later cues, toldCuesD and toldCuesE tell (session 14).
func TestToldDEParaphrases(t *testing.T) {
	for _, tt := range []struct{ q, term string }{
		{"Do firms racing to be first to market with a new drug stop the clock too early?", "preemption game"},
		{"If roommates are paired at random, how often would two of them rather swap?", "stable roommates problem"},
		{"Why should each vote you buy cost the square of the number of votes?", "quadratic voting"},
		{"How long before someone volunteers to report a broken street light?", "war of attrition"},
		{"Why do wage negotiations so often end at the eleventh hour?", "deadline effect"},
		{"Do unions settle just as their contract runs out?", "deadline effect"},
		{"Why do bargaining parties wait until the deadline to agree?", "deadline effect"},
		{"Will people move away when too few neighbours look like them?", "Schelling segregation model"},
		{"How much worse does traffic get when drivers act selfishly?", "price of anarchy"},
		{"If a few big shippers split their flow over several paths, how inefficient is it?", "price of anarchy"},
	} {
		assert.Contains(t, names(Evoked(tt.q)), tt.term, tt.q)
	}
}

// TestToldDEEverydayQuestions are everyday questions near those stories
// that must evoke no term.
func TestToldDEEverydayQuestions(t *testing.T) {
	for _, q := range []string{
		"Which company was first to market with a folding phone?",
		"How do I find a roommate I can trust?",
		"How do I calculate the square footage of my apartment?",
		"Where do I vote, and do I need to pay for parking there?",
		"How long before someone answers my support ticket?",
		"When does my phone contract run out?",
		"What happens when the deadline to file taxes expires?",
		"Do the neighbours' kids look like their parents?",
		"How much worse is traffic on Fridays?",
		"How do I split my savings into several accounts?",
		"I keep changing my running shoes; will my feet settle?",
	} {
		assert.Empty(t, Evoked(q), q)
	}
}
