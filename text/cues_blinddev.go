package text

// blindDevCues describe, in a student's words, terms the questions of
// testdata/blinddev named neither as a term nor as any cue before did
// (round 2, session 32; the room-reassignment, polarisation and capacity
// ones in session 33, from its third file, and the route-flipping one from
// its second); the principal-agent and hedonic-game cues come
// from its second file (questions2.jsonl), the peer-prediction and
// tournament ones from its third. That set was written by a
// tester who read only
// papers, and it is a dev set: these cues were written from its misses,
// so its figure overstates what they do for questions never seen; each
// cue keeps a word of the idea (plurality or party, segregated,
// budget and bid, punish, cheat, lose) so that an everyday question is
// not taken for the term (TestBlindDevCuesStayOutOfEverydayQuestions).
func blindDevCues() map[string][]string {
	return map[string][]string{
		"Duverger's law": {
			"two big|major|main part* plurality|election*|vot*|system*",
			"two-party|two party system*|plurality|election*",
			"third|small part* plurality|wasted vot*",
		},
		"Schelling segregation model": {
			"segregat* neighbo*|neigbo* like|want*|prefer*|half|fraction|tolerat*",
			"neighbo*|neigbo* like them|themselves mov*|segregat*",
		},
		"pacing equilibrium": {
			"budget* bid*|auction*|advertiser* across|many|sequence*|repeated",
			"budget* constrain* bidder*|advertiser*",
		},
		"costly punishment": {
			"punish* back|counter*|retaliat* cooperat*|contribut*|slack*|shirk*|free*",
		},
		"network formation": {
			"drop*|cut*|sever*|break* contact*|link*|tie*|partner* cheat*|defect*|betray*",
		},
		"principal-agent problem": {
			"pay* percentage|share|commission|fraction output*|sales|revenue*|profit* employee*|worker*|agent*|manager*",
			"know*|observ* action*|effort* employee*|worker*|agent* pay*|contract*|wage*",
		},
		"hedonic game": {
			"form*|pick*|choose* own team*|group* assign*|algorithm*|stabl*|satisf*",
		},
		"peer prediction": {
			"pay*|reward* honest* answer*|report* check*|verif*|true|truth",
		},
		"rank-order tournament": {
			"promot*|promoted pay*|raise*|bonus* jump*|gap*|bigger|spread work* harder|effort*|sabotag*",
		},
		"minority game": {
			"traffic|road*|route*|bridge*|commut*|driver* crowded|jammed|congested|packed|busy quiet|empty|clear|light flip*|alternat*|oscillat*|swing*|seesaw*",
		},
		"Friedkin-Johnsen model": {
			"polariz*|polaris* recommend*|add*|edit*|remov*|new link*|connection*|edge*|tie*|follow*",
		},
		"Cournot competition": {
			"compet*|rival* manufactur*|firm*|producer*|maker*|compan* capacit* demand uncertain*|unpredictab*|volatil*|random*",
		},
		"top trading cycles": {
			"reassign*|reallocat*|allocat*|assign*|divid* room*|dorm*|house*|housing|apartment*|flat* current|existing|already|resident*|tenant*|occupant* newcomer*|incoming|applicant*|arriv*",
		},
		"incentive-compatible tournament design": {
			"benefit*|gain*|better|advantage* deliberately|intentionally|purposely lose*|losing",
			"lose*|losing on purpose match*|game*|group*|tournament*",
		},
	}
}
