package text

// toldCues describe glossary terms by the stories students tell when they
// do not know a term's name, as storyCues do (see Evoked for the cue
// syntax and the trade-off).
//
// They were written in round 2, session 10, after questions_dev14 and
// questions_dev15 of testdata/world (written blind, from papers.jsonl
// only) were measured once: fourteen of their misses were classic stories
// that no cue met, told in words the earlier writers had not used (savers
// with a fuzzy hint about their bank, a stingy offer refused, a road shut
// to make drives faster, a bigger crowd where nobody phones for help,
// central bankers' vague hints, preferences going round in a circle, a
// penalty taker shooting left or right). Each cue tells the story, not the
// one question: every term's paraphrase test holds other wordings, and
// every cue keeps two words of the idea (a noisy hint and a run, a refusal
// and stakes, a closure and a faster trip) so that a question about a bank
// holiday, a house offer or a road closure on the news is not taken for the
// term; TestToldEverydayQuestions holds those. Being written from the two
// sets, they make dev14 and dev15 tuning sets (testdata/world/README.md).
func toldCues() map[string][]string {
	return map[string][]string{
		"global game": {
			// savers or depositors who each see only a noisy hint of the
			// bank's health and must guess whether the others will run
			"saver*|depositor*|investor*|speculator* fuzzy|noisy|private*|imperfect*|vague*|slightly hint*|signal*|reading*|estimate*|glimpse*",
			"noisy|fuzzy|private*|imperfect* hint*|signal*|reading* bank*|currency|run*|withdraw*|attack*",
			"noisy|fuzzy|private* hint*|signal*|reading* one|single|unique predict*|outcome*|equilibri*",
		},
		"ultimatum game": {
			// a take-it-or-leave-it split refused although something beats
			// nothing, and whether higher stakes change it
			"refus*|reject* stingy|lowball|unfair|insulting|tiny|measly offer*|split* people|player*|responder*|proposer*|stake*|stakes|money|cash|pot",
			"stingy|lowball|unfair|insulting|measly offer* stake*|stakes",
		},
		"cheap talk": {
			// central bankers' vague hints rather than firm promises
			"central bank* vague*|hint*|coarse*|ambigu*|fuzzy|cryptic* promis*|commit*|firm|precise*|clear*|credib*",
			"central bank* hint*|guidance signal*|strateg*|credib*|why",
		},
		"Myerson-Satterthwaite theorem": {
			// a seller and a would-be buyer, each with a secret price, who
			// cannot always strike the deal that helps both
			"sell*|seller* secret*|private*|hidden|hide* price*|valu*|worth*|reserve* deal*|trade*|agree* always|impossib*|efficien*|both",
			"buyer*|buy* secret*|private*|hidden|hide* price*|valu*|worth* deal*|trade* always|impossib*|never",
		},
		"mean field game": {
			// a huge crowd in which every person plans ahead or steers by
			// where everyone else is heading, simulated or solved
			"crowd*|pedestrian*|walker* every|each|individual*|person ahead|anticipat*|foresee*|rational*|steer*",
			"crowd*|pedestrian*|walker* continuum|pde*|differential",
			"simulat*|solv*|numeric*|comput* huge|large|massive|enormous crowd*|population* plan*|anticipat*|ahead|optimi*|rational*",
		},
		"support enumeration": {
			// listing every equilibrium of a small game by guessing which
			// moves each side actually uses
			"every|all equilibri* guess*|support*|which moves|actions|strategies",
			"guess* which moves|actions|strategies|pure each|side*|player* use*|uses|play*|really|actually equilibri*",
		},
		"network formation": {
			// banks choosing lending ties; who becomes friends with whom
			"bank* lending|interbank|loan* ties|links|connection* too|risk*|system*|fragil*|stab*|safe*|network*|form*",
			"segregat*|homophil*|racial friend*|friendship*",
			"who becomes|become*|make*|form* friend*|friendship* segregat*|racial|race*|similar*|homophil*",
		},
		"Braess's paradox": {
			// shutting a road that makes everyone's trips faster
			"clos*|shut*|remov*|block* road*|street*|link*|bridge*|lane* faster|quicker|speed*|shorter|sooner everyone*|everybody|every|whole|really|actually|paradox*|counterintuit*",
		},
		"Condorcet paradox": {
			// no candidate beats every other one-on-one; preferences in a circle
			"preference* around|round circle*|cycle*|loop*|rock*",
			"majorit* prefer* circle*|cycle*|loop*|around",
		},
		"mixed-strategy Nash equilibrium": {
			// how often a penalty taker should shoot left or right
			"penalty|penalties kick*|shot*|shoot*|taker*|kicker* left right",
		},
		"volunteer's dilemma": {
			// a bigger crowd makes it less likely anybody calls for help
			"bigger|larger|more|big|large crowd*|bystander*|onlooker*|witness*|people less|unlikely|nobody help*|call*|phone*|ring*|act*",
			"crowd*|bystander*|onlooker*|witness* nobody|anybody|anyone|none help*|call*|phone*|ring*",
		},
		"envy-freeness up to one good": {
			// jealousy that disappears once one item is taken away
			"jealous*|envy*|envies|envious* disappear*|vanish*|gone|remov*|drop*|without one|single item*|piece*|good*|object*|thing*",
		},
	}
}
