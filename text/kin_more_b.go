package text

// kinGroupsB are more groups of everyday words a question may use
// interchangeably in a description (see Kin), for the cue words from m to
// z among the 900 the cue tables use most: "blunders" meets a cue that
// says mistake*, "squander" one that says waste*, "upstart" one that says
// newcomer*, "unsure" one that says uncertain*. Each group holds one part
// of speech, its inflected forms as separate words, the word the cues
// mostly use first. A few groups are only a verb's irregular forms
// (sold, sent, spent, told, took, withdrew, withheld, met): a cue's
// prefix ("sell*", "spend*") does not meet them, though a student writes
// them as often as the present.
//
// How they were written. From the list of those cue words and the cues
// that use each, blind to every question set (no testdata, no eval): for
// each word, the everyday words students use for the same thing. Each
// candidate group was then read against the cues it newly lets a question
// meet, in both directions, and against everyday questions.
//
// The trade-off is recall against false alarms, as for every cue. A kin
// word is matched as written against the cues' prefixes, so a kin word
// that begins with a short prefix of another idea's cue brings that cue
// along; these were left out for it: "results" for outcome (out*),
// "routes" for path (off path*), "employees" for worker (work*),
// "paycheck" for wage (pay*), "timetable" for schedule (time*),
// "teammate" for partner (team*), "manifesto" for platform (man*),
// "middleman" for mediator (middl*), "notice" for observe (not*), "odds"
// for probability (odd*), "dicey" for risky (dice*). Others were left out
// because everyday questions met a cue through them: "hint" (and with it
// "clue") for signal ("any hints for choosing a degree?" is not job market
// signalling), "vague" and "fuzzy" for noisy (a vague training score met
// data Shapley), "rigged" for manipulated (a student council vote),
// "stingy", "measly" and "lopsided" for unfair ("should I reject a stingy
// offer for my used car?" is not the ultimatum game); and "exchange" for
// swap (a hotel room), "guard" for patrol, "convince" for persuade,
// "recipient" for receiver, "entrant" for newcomer and "labourer" for
// worker, whose questions the everyday tests of the cue tables hold.
// TestKinMoreBEverydayQuestions holds the everyday questions these groups
// must not make game theory, TestKinMoreBParaphrases a description each
// group now lets a cue meet.
func kinGroupsB() [][]string {
	return [][]string{
		{"manager", "managers", "boss", "bosses", "supervisor", "supervisors"},
		{"mistake", "mistakes", "blunder", "blunders"},
		{"noisy", "imprecise", "garbled"},
		{"meet", "meets", "met", "encounter", "encounters", "encountered", "encountering"},
		{"newcomer", "newcomers", "upstart", "upstarts"},
		{"node", "nodes", "vertex", "vertices"},
		{"observe", "observes", "observed", "observing", "monitor", "monitors", "monitored", "monitoring"},
		{"opinion", "opinions", "viewpoint", "viewpoints"},
		{"quantity", "quantities", "amount", "amounts"},
		{"previous", "earlier"},
		{"pile", "piles", "heap", "heaps"},
		{"predict", "predicts", "predicted", "predicting", "foresee", "foresees", "foreseeing", "foresaw", "forecast", "forecasts"},
		{"private", "privately", "confidential", "confidentially"},
		{"probability", "probabilities", "likelihood"},
		{"profit", "profits", "earnings"},
		{"quit", "quits", "quitting", "resign", "resigns", "resigning"},
		{"rare", "uncommon"},
		{"recommend", "recommends", "recommended", "recommending", "advise", "advises", "advised", "advising"},
		{"remove", "removes", "removed", "removing", "eliminate", "eliminates", "eliminated", "eliminating"},
		{"repeat", "repeats", "repeated", "repeating", "recurring"},
		{"report", "reports", "reported", "reporting", "declare", "declares", "declared", "declaring"},
		{"retaliation", "revenge"},
		{"reveal", "reveals", "revealed", "revealing", "disclose", "discloses", "disclosed", "disclosing"},
		{"revenue", "revenues", "proceeds"},
		{"wage", "wages", "salary", "salaries"},
		{"student", "students", "pupil", "pupils"},
		{"shirk", "shirks", "shirking", "slacking", "slacker", "slackers", "loafing", "skiving"},
		{"start", "starts", "started", "starting", "begin", "begins", "began", "beginning"},
		{"stay", "stays", "stayed", "staying", "remain", "remains", "remained"},
		{"stop", "stops", "stopped", "stopping", "halt", "halts", "halted", "halting", "cease", "ceases", "ceased", "ceasing"},
		{"swerve", "swerves", "swerved", "swerving", "veer", "veers", "veered", "veering"},
		{"take", "takes", "taking", "took", "taken", "grab", "grabs", "grabbing", "grabbed"},
		{"talk", "talks", "talking", "chat", "chats", "chatting"},
		{"team", "teams", "squad", "squads"},
		{"tell", "tells", "telling", "told"},
		{"threshold", "thresholds", "cutoff", "cutoffs"},
		{"uncertain", "unsure"},
		{"unfair", "unjust"},
		{"undercut", "undercuts", "undercutting", "undersell", "undersells", "underselling", "underprice", "underprices"},
		{"waste", "wastes", "wasted", "wasting", "squander", "squanders", "squandered", "squandering"},
		{"withdraw", "withdraws", "withdrew", "withdrawn", "withdrawing"},
		{"withhold", "withholds", "withheld", "withholding", "conceal", "conceals", "concealed", "concealing"},
		{"sell", "sells", "selling", "sold"},
		{"send", "sends", "sending", "sent"},
		{"someone", "somebody"},
		{"spend", "spends", "spending", "spent"},
		{"overuse", "overuses", "overused", "overusing", "overexploit", "overexploits", "overexploited", "overexploiting"},
	}
}

// kindGroupsB are more kind groups (see kindGroups), the name first: each
// kind stands for the name, never the name for a kind. "inmates" meets a
// cue that says prisoner*, "foxes" one that says predator*, "merchants"
// one that says trader*, "citizens" and "passengers" one that says
// people*; a question about predators or people is not about foxes or
// passengers. A ballot is a vote as cast, but "vote" is also a verb, so a
// ballot stands for a vote and not the other way round.
func kindGroupsB() [][]string {
	return [][]string{
		{"participant", "participants", "contestant", "contestants"},
		{"predator", "predators", "wolf", "wolves", "lion", "lions", "fox", "foxes"},
		{"prisoner", "prisoners", "inmate", "inmates", "convicts"},
		{"people", "villagers", "townspeople", "townsfolk", "locals", "residents", "citizens", "classmates", "coworkers", "teammates", "passengers"},
		{"trader", "traders", "merchant", "merchants", "dealer", "dealers"},
		{"vote", "ballot", "ballots"},
	}
}
