package text

// everydayCues describe terms the primer answers in the everyday scenes a
// new user asks about without the field's words: nations racing to build
// weapons (the prisoner's dilemma), an insurer whose customers buy cover
// once they are ill (adverse selection), commuters crowding one highway
// (selfish routing), a poker player betting big on a weak hand (a mixed
// strategy). They were written in round 2 session 46 from a probe of 70
// everyday game-theory questions the lead wrote, none from any question
// set, of which the topic judge refused 37 as not game theory; each cue
// tells the scene's story rather than one question's words, and keeps a
// word of the idea (rival, incumbent, attacker, cheat, weak hand) so that
// an everyday question is not taken for the term
// (TestEverydayCuesStayOutOfEverydayQuestions); a taxi fare split by
// distance is left out, as cues_second1's everyday questions hold it.
//
// What they do for questions not read while writing them is nothing
// measurable: of 70 further everyday questions the same writer wrote
// before them (two probes, 40 and 30), the judge recognised the same 31
// with and without them, and a new user's outcomes did not change. Each
// cue catches its scene, not the open vocabulary of everyday questions;
// they are kept because the scenes are the textbook ones a new user
// meets first. With them, 45 of the first probe's 70 are recognised
// instead of 26, and a new user offline has 18 refused instead of 37;
// the loop's figures did not move (testdata/world's tuning sets 1,518
// instead of 1,517 of 1,763, a patrolling question; dev, stress and the
// answer sets unchanged).
func everydayCues() map[string][]string {
	return map[string][]string{
		"prisoner's dilemma": {
			"nation*|countr*|government*|superpower*|rival* race*|racing weapon*|missile*|arms|nuclear|warship*",
			"devalu* currenc* turn|rival*|retaliat*|each|another|others",
			"advertis* rival*|competitor* too|also|match*",
		},
		"entry deterrence": {
			"enter*|entry|entrant* market*|industr* incumbent*|monopolist*",
		},
		"public good": {
			"nation*|countr*|government* climate|emission*|carbon treat*|agreement*|accord*|pledge* honour*|honor*|comply*|cheat*|break*|renege*",
			"underinvest*|chip shared|common|communal|joint fence*|park*|road*|street*|garden*|infrastructure",
			"under invest* shared|common|communal|joint fence*|park*|road*|street*|garden*|infrastructure",
		},
		"adverse selection": {
			"insur*|coverage people|customers|clients|buyers|policyholders buy*|purchas*|get*|take* only|once sick|ill|risky",
			"tell|distinguish|sort good|reliable|careful bad|unreliable|risky tenant*|borrower*|applicant*|customer*",
		},
		"two-sided market": {
			"platform*|marketplace*|app* fee*|charg*|commission* both|two|each buyers|sellers|drivers|riders|users",
		},
		"selfish routing": {
			"driver*|commuter*|everyone all same road|highway|route|motorway slower|jam*|congest*|traffic",
		},
		"security game": {
			"patrol*|guard*|screen*|inspect* criminal*|attacker*|terrorist*|poacher*|smuggler* adapt*|anticipat*|learn*|pattern*|schedule*|predict*",
		},
		"mixed-strategy Nash equilibrium": {
			"bet*|rais* big|large|lot weak|bad|poor hand*",
		},
		"principal-agent problem": {
			"doctor*|physician*|dentist*|mechanic* paid|pay*|fee* per test*|procedure*|visit*|treatment* extra|more|unnecessary|needless|excess*|overtreat*|overprescrib*",
		},
		"cheap talk": {
			"lobbyist*|adviser*|advisor*|expert* influenc*|persuad*|sway* lawmaker*|legislator*|policymaker*|politician*",
		},
		"Tullock contest": {
			"both sides|parties|opponents spend*|outspend* lawyer*|legal fee*|litigation|lawsuit*",
		},
		"signalling game": {
			"signal* competen*|ability|talent|expertise",
		},
		"backward induction": {
			"pirate* divid*|split*|share* treasure*|gold|coins",
		},
		"evolutionarily stable strategy": {
			"cheater*|cheat*|defector*|freeloader* surviv*|persist*|invad*|spread* population*|cooperator*|colony",
		},
	}
}
