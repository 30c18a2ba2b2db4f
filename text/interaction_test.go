package text

import "testing"

func TestInteraction(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"If two people split some money and every round of waiting costs both of them, who gets more?", "both of them"},
		{"How do you model a huge crowd where each person steers based on where everyone else is heading?", "each person"},
		{"Why do banks end up lending to each other through a few big hubs?", "each other"},
		// A rival or an opponent is a sports word as often: such questions
		// are left to the glossary and its cues (Colonel Blotto here).
		{"How should the weaker side spread its troops when the opponent has more?", ""},
		{"Two firms are losing money waiting for the other to leave first. Who should quit?", "the other"},
		{"Can pricing bots learn to collude without communicating?", "collude"},
		{"Fining free riders: does it keep contributions up?", "free riders"},
		// Off-topic questions with game words name no second party.
		{"How does a chemical equilibrium shift when you raise the temperature?", ""},
		{"What strategy should a football team use when it is down a player?", ""},
		{"Which video game has the best co-op mode for two players on one couch?", ""},
		{"Which card games can two people play on a long train ride?", ""},
		{"How do ants cooperate to carry food back to the nest?", ""},
		{"How do I bid on a house at a property auction without overpaying?", ""},
		{"How do I bargain with a car dealer over the price?", ""},
		{"What tax incentives are there for buying an electric car?", ""},
		{"How do I deal with noisy neighbours?", ""},
		{"Why are some cakes fluffier than others?", ""},
		{"On the other hand, is baking soda better than yeast?", ""},
		{"How many players does each side have on the pitch in a rugby union match?", ""},
		{"Who is the toughest rival of Real Madrid in La Liga history?", ""},
		{"How do I get matched with better opponents in Rocket League ranked?", ""},
		{"How many cards does each player get in a game of Uno?", ""},
	} {
		if got := Interaction(tc.q); got != tc.want {
			t.Errorf("Interaction(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

func TestCollectiveAct(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"Why do drivers all take the same highway and make it slower for everyone?", "drivers all take"},
		{"Why do fishermen overfish a lake they all share even though it hurts them?", "fishermen overfish a lake they all share"},
		{"Why do two rival firms both cut prices in a downturn?", "firms both cut"},
		// Not an act, or not parties of a market, a state or a crowd.
		{"Why do people vote at all if one vote almost never decides an election?", ""},
		{"Why do firms all over the world use spreadsheets?", ""},
		{"Why do cats all sleep so much?", ""},
		{"How do I cook rice in a pressure cooker?", ""},
	} {
		if got := CollectiveAct(tc.q); got != tc.want {
			t.Errorf("CollectiveAct(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}
