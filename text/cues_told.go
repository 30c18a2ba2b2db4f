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
//
// A second round, the same session, told seventeen more stories the same
// way from questions_dev16 (terse, search-box questions) and
// questions_dev17 (practitioners telling their own situation), also
// measured blind once first: legislators carving up a budget, one newcomer
// strategy conquering a small population, two big parties ending up alike,
// a coin toss that tells two food trucks whose turn it is, diners who come
// once, a library put where nobody gains by exaggerating. One story of
// dev16 has no cue on purpose: reassigning dorm rooms among residents and
// newcomers has a near twin among the held-out questions, whose misses
// were once printed by accident (round 2, session 9).
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
			// round two: many funds dumping the same stock, how fast to sell
			"funds|traders|investors|sellers dump*|liquidat*|unload* many|all|everyone|each|same|others fast*|quick*|speed*|pace|how",
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
			// or how to mix or randomise their kicks (round 2 session 11, from a
			// tuning question of dev11 refused for its "soccer")
			"penalty|penalties kick*|shot*|shoot*|taker*|kicker* mix|mixing|mixes|randomi*|unpredictab*",
		},
		"volunteer's dilemma": {
			// a bigger crowd makes it less likely anybody calls for help
			"bigger|larger|more|big|large crowd*|bystander*|onlooker*|witness*|people less|unlikely|nobody help*|call*|phone*|ring*|act*",
			"crowd*|bystander*|onlooker*|witness* nobody|anybody|anyone|none help*|call*|phone*|ring*",
		},
		// Round two, from questions_dev16 (terse) and questions_dev17
		// (practitioners telling their own situation).
		"legislative bargaining": {
			// legislators carving up a budget
			"legislat*|lawmaker*|parliament*|senator* carve*|split*|divid*|allocat* budget*|money|funds|pie|spending",
		},
		"Moran process": {
			// one newcomer strategy conquering a small population
			"mutant*|newcomer*|invader*|lone|single strateg*|type*|trait* conquer*|fixat*|takeover|invad*|dominat* small|finite population*",
		},
		"kidney exchange": {
			// hard-to-match patients given priority in organ swaps
			"kidney*|transplant*|organ* tough*|hard*|difficult* match* priorit*|fair*|cost*|favo*|first",
		},
		"multi-agent reinforcement learning": {
			// teammates learning separately settle on a safe but mediocre move
			"teammate*|team*|robot*|agent* learn* separately|independently|alone|apart safe|mediocre|suboptimal|worse|miscoordinat*",
		},
		"oddness theorem": {
			// two pure outcomes found: must there be another?
			"two pure|stable outcome*|equilibri* must|another|third|odd*",
		},
		"Bayesian persuasion": {
			// computing the best way to persuade; a study designed in advance
			"comput*|algorithm*|fast* persuad*|persuasion many|large|huge|numerous states|attributes|actions|features",
			"study|test|experiment|report|trial design*|commission* fixed|before|advance|beforehand win*|persuad*|convinc*|sway* voter*|majority|referendum",
		},
		"revenue equivalence": {
			// which auction format has the most volatile revenue
			"auction* type*|format*|kind*|rule* revenue* volatil*|variance|variab*|risk*|spread*|uncertain*",
		},
		"median voter theorem": {
			// two big parties end up sounding alike
			"two|both|big|major parties|candidates end*|become*|converg*|drift* sound*|look*|alike|similar|same|center|centre|middle",
		},
		"correlated equilibrium": {
			// a coin toss or a public cue that tells two rivals who takes turns
			"coin*|toss*|flip*|lottery|cue*|signal* turns|alternat* comply|obey|follow*|stick*|both|each|fair*",
		},
		"adaptive dynamics": {
			// a trait creeping over generations that splits a population in two
			"trait*|aggressiv*|size*|beak*|boldness creep*|drift*|evolv*|generation* split*|branch*|diverg* two distinct|kinds|types|morphs|groups",
		},
		"reputation effects": {
			// one-time customers, yet a seller earns trust by never cutting corners
			"customer*|diner*|buyer*|client*|guest* once|one-time earn*|build*|keep*|maintain*|worth trust|reputation|corner*|quality always|never|seen|known",
		},
		"single-peaked preferences": {
			// where to put a facility on a line without paying anyone, so nobody exaggerates
			"where|location*|spot|site|place build*|built|put*|place*|go|locat* lying|lie|exaggerat*|misreport*|overstat* without pay*|money|paying|transfers",
		},
		"logit dynamics": {
			// usually the best choice, now and then a random one: what the network settles on
			"usually|mostly|often best*|better|optimal* occasionally|sometimes random*|mistake*|noise|noisy settle*|converge*|drift*|eventually",
		},
		"best-shot public goods": {
			// a few well-connected farmers experiment, their neighbours imitate
			"contacts|connections|connected|ties|popular try|experiment*|test* imitate*|copy|copies|copying",
		},
		"automated mechanism design": {
			// training a neural net to decide who gets what and pays what
			"train*|learn* neural net*|networks|deep decide*|allocat*|assign* pay*|price*|charge* revenue*|honest*|truthful*|incentive*",
		},
		"nonatomic game": {
			// so many households that each is negligible; does a stable outcome exist without randomizing?
			"negligible|infinitesimal|tiny|insignificant household*|player*|individual*|person*|agent*|each exist*|sure|guarantee*|stable randomi*|random*|pure|coin*",
		},
		"envy-freeness up to one good": {
			// jealousy that disappears once one item is taken away
			"jealous*|envy*|envies|envious* disappear*|vanish*|gone|remov*|drop*|without one|single item*|piece*|good*|object*|thing*",
		},
	}
}

// toldCues3 are the third round of told cues, the same session, from
// questions_dev18 (students of other fields asking in their own field's
// words) and questions_dev19 (everyday yes/no questions), each measured
// blind once first: a strike that drags on, a bot that haggles, a
// chatbot stretching the truth, a referee whispering advice, copying
// whoever does better, a divorcing couple scoring the house and the dog.
// They are a table of their own because several terms already have told
// cues above.
func toldCues3() map[string][]string {
	return map[string][]string{
		"bargaining with private information": {
			// a strike that drags on because the boss cannot tell the workers' options
			"union*|worker*|employee*|staff walk*|strike*|stoppage* weeks|months|long|last*|drag* tell|know*|observe*|unsure|private|hidden|options",
		},
		"Colonel Blotto game": {
			// spreading protection evenly or piling it on the valuable targets
			"protect*|defen*|guard* evenly|equally|pile*|concentrat* valuable|targets|important*",
		},
		"cheap talk": {
			// an adviser or chatbot stretching the truth when it gains from your choice
			"advice|advis*|chatbot*|expert*|consultant* stretch*|shade*|bend*|spin* truth gain*|benefit*|interest*|bias*|believ*|salt|discount*",
		},
		"extensive-form correlated equilibrium": {
			// a referee whispering advice to each player when their turn comes
			"referee*|mediator*|umpire*|coordinator* whisper*|privat*|secret* advice|advis*|recommend*|suggest* turn*|move*",
		},
		"replicator dynamics": {
			// copying whoever does better works like natural selection
			"copy|copies|imitat* better|successful|richer natural|evolution*|darwin*|selection",
		},
		"adjusted winner procedure": {
			// a divorcing couple scoring the house, the car and the dog
			"divorc*|couple*|spouse*|partners score*|rate*|point*|weigh* lying|lie|lies|exaggerat*|misreport*|truth*|honest*",
		},
		"reputation effects": {
			// a shop owner facing a new customer every day who always behaves the same
			"customer*|client*|buyer*|diner*|guest* every|each|new earn*|build* trust|reputation always|never|same",
		},
		"repeated game": {
			// strangers who may meet again cooperate more
			"cooperat* chance*|likely|likelihood|probabilit*|odds meet*|play*|see* again|future",
			// a known last round: can a nastier routine near the end keep them nice?
			"exactly|fixed|known months|rounds|weeks|times end|last nastier|worse|threat*|punish*|warn* nice|cooperat*|kind*|polite*",
		},
		"optimistic gradient descent": {
			// a faker and its detector training against each other stop circling
			"faker*|forger*|generator* detector*|discriminator*|critic* circl*|cycl*|oscillat*|settle*|converge*",
		},
		"no-regret learning": {
			// ad-buying software learning to bid by trial and error
			"software|bot|bots|algorithm*|program*|tool* learn* trial|error|experience bid*|auction*",
		},
		"approximate Nash equilibrium": {
			// a good-enough plan where nobody gains much by switching
			"enough|approximate*|nearly|almost gain* much|little|slightly switch*|deviat*|chang* neither|nobody|none|player*|side*|each",
		},
		"pure-strategy Nash equilibrium": {
			// how often a random game has no steady outcome where each sticks to one move
			"random*|randomly game* chance*|probabilit*|odds|often steady|stable|pure outcome*|equilibri*|solution*",
		},
		"Bayesian persuasion": {
			// which product details to reveal to nudge shoppers
			"reveal*|disclos* detail*|information|features|attribute* nudge*|persuad*|sway*|convinc* which|exactly|optimal*|best|comput*|algorithm*",
		},
		"price of stability": {
			// neighbours sharing the bill for a road: best outcome against worst
			"share*|split*|divid* bill|cost*|expense* road*|link*|edge*|network* best worst",
		},
		"folk theorem": {
			// how patient cartel members must be for retaliation to keep collusion going
			"patient|patience retaliat*|punish*|threat* collusion|collude|cartel*|cooperat*",
		},
		"grim trigger": {
			"permanent*|forever|never forgiv* retaliat*|punish* patient|patience|discount*",
		},
		"Kalai-Smorodinsky bargaining solution": {
			"kalai* smorodinsk*",
		},
		"public good": {
			// a campaign that refunds backers, or pays them a bonus, if it misses its goal
			"campaign*|crowdfund*|kickstarter*|fundrais* money|refund*|bonus* back|refund*|bonus* pledge*|contribut*|donat*|incentive*",
			// countries cutting pollution with a known or uncertain tipping point
			"countr*|nations|governments cut*|reduc* pollution|emission*|carbon threshold*|tipping|disaster|catastroph* uncertain*|know*|exactly",
			// residents funding a library by what they each say it is worth
			"fund*|financ*|pay* library|park|bridge|project* say*|report*|state*|claim* worth|valu* efficien*|self-financ*|budget*|balanc*",
		},
		"mean field game": {
			// a crowd learning by trial and error; a backward and a forward equation
			"crowd*|population*|swarm* driver*|people|individual*|agent* learn* trial|error|reinforcement settle*|swing*|converg*|oscillat*|stabili*",
			"backward* forward* equation*|density|control*",
		},
		"kidney exchange": {
			// transplant centres withholding their easy pairs from a shared pool
			"transplant*|kidney* centre*|center*|hospital* withhold*|hide*|keep* pool*|registry|registr*|shared",
		},
		"mixed-strategy Nash equilibrium": {
			// a penalty taker mixing up where to aim
			"penalty|penalties shooter*|taker*|kicker*|kick*|shoot* mix*|random*|vary|unpredictab* aim*|side*|where|direction*",
		},
		"network formation": {
			"race|racial|ethnic* befriend*|friend*|friendship* own|same|segregat*|shuffl*|mix*",
		},
		"ultimatum game": {
			"insult*|lowball*|stingy|measly|small offer*|split*|share* stake*|stakes|salary|month*|wage* people|responder*|norm*|fairness|proposer*",
		},
	}
}

// toldCues4 are the fourth round, the same session, from questions_dev20
// (everyday why/how questions about a concrete situation, blind hit rate
// 0.40) and questions_dev21 (a class's mixed question box), each measured
// blind once first.
func toldCues4() map[string][]string {
	return map[string][]string{
		"bargaining with private information": {
			// a walkout that costs both sides every day, yet drags on
			"walkout*|strike*|stoppage*|union* weeks|drag*|long|instead costly|lose*|losing|cost*|offer*|raise*",
		},
		"electronic mail game": {
			// a long chain of "got your message" texts that still leaves both unsure
			"message*|texts|emails chain|acknowledg*|confirm* unsure|uncertain*|doubt* plan|ahead|together|risky|attack|meet",
		},
		"cheap talk": {
			// the people who set interest rates dropping vague hints
			"interest rate* hint*|guidance promis*|commit*|vague*",
		},
		"bankruptcy problem": {
			// a relative who dies owing more than they left; old religious texts
			"owing|owe*|debts|debt more than|exceed* left|estate|assets divid*|split*|share* fair*|creditor*|owed",
			"religious|ancient|old texts|scripture*|talmud* divid*|split*|estate|debt*|creditor*|claims",
		},
		"coarse correlated equilibrium": {
			// every player learning by avoiding past regrets: better than a stand-off?
			"regret*|regrets learn*|avoid* player*|everyone|all|community better|pattern|outcome*|standoff|stand-off",
		},
		"adaptive dynamics": {
			// one kind of finch slowly splitting into two groups with different habits
			"one kind|species|population slowly|gradually split*|branch*|diverg* two groups|kinds|types|forms",
		},
		"strategy-proofness": {
			// siblings splitting toys so nobody gains by lying about what they like
			"divid*|split*|allocat* toys|items|goods|objects nobody|anyone|anybody gains|benefit* lying|lie|misreport*",
		},
		"algorithmic collusion": {
			// shops' price-setting programs keeping prices high without talking
			"program*|algorithm*|software|bots price* high|up|elevated without|never talk*|communicat*|agree*",
		},
		"repeated game": {
			// simple computer creatures with more memory getting along longer
			"creature*|automat*|bots|agents|machines memory|remember* cooperat*|get along|give-and-take|longer",
		},
		"uncoupled dynamics": {
			// each player adjusting only by their own rewards, ignoring what others care about
			"only|just own reward*|payoff*|payout*|score* ignor*|without|not others|other*|rival* stable|settle*|find|converge*",
		},
		"emergent communication": {
			// two learning programs inventing a private language to describe pictures
			"invent*|develop*|private|secret|own language|code|signals|words learn*|agents|programs|helpers",
		},
		"deferred acceptance": {
			// one side asks, the other holds offers: does turning down acceptable offers pay?
			"ask*|propos* hold*|keep*|holds offer* turn*|refus*|reject*|decline* better|gain*|benefit*|manipulat* side|sides|partner*|match*|dance",
			"ask*|propos* keep*|hold*|holds best offer* swap*|nobody|stable|partners",
		},
		"single-peaked preferences": {
			// neighbours along a road picking one spot for a playground
			"along|line|road|street|river spot|location|site|place nobody|anyone|anybody gains|benefit* lying|lie|exaggerat*|misreport*",
		},
		"mean field game": {
			// lots of people rushing to sell the same shares at once
			"lots|many|everyone|crowd* rush*|hurry*|race* sell* same|shares|stock*|asset* fast*|quick*|speed*|pace",
		},
		"nonatomic game": {
			// a huge city where each household matters only through its neighbours
			"huge|large|big|enormous city|population|crowd household*|person|individual* choice*|choose*|neighbo* settled|stable|equilibri* always|exist*|guarantee*",
		},
		"Bayesian persuasion": {
			// a chair deciding what report to publish before anyone knows what it shows
			"report|study|test|survey publish*|commission*|design*|decide* before|advance|beforehand approve*|vote*|members|convinc*|persuad* know*|show*|result*|find*|outcome*",
		},
		"congestion game": {
			// office workers each picking the least busy printer
			"least|less busy|crowded|congested printer*|server*|checkout*|lane*|road*|route*|queue*|line*|resource* each|everyone|all|nobody|workers|drivers|users settle*|stable|switch*",
		},
		"linkage principle": {
			// an open auction bringing in more money than sealed envelopes when the value is common
			"open|shouting|english|ascending auction* more money|revenue|higher sealed|envelope*",
		},
		"security game": {
			// an airport shuffling where its guards and dogs are posted
			"shuffl*|rotat*|random*|unpredictab*|vary|varying guard*|patrol*|dogs|officers|checkpoint*|security routine|fixed|schedule|predictab*",
		},
		"data Shapley": {
			// which volunteers' pictures helped the app get better, and paying them fairly
			"picture*|photo*|images|examples|data|samples contribut*|helped|help*|useful* app|model|better pay*|credit*|reward*|fair* which|tell|measure*|value*|worth|much",
		},
		"first-mover advantage": {
			// one bakery deciding how much to bake before the rival sees it
			"before|first rival*|competitor*|other* see*|sees|observ*|know* going|goes|moving|move* first help*|advantage*|better|stop* much|decide*|quantity|output|capacity|price*|produce*|bake*",
		},
		"zero-determinant strategies": {
			// rigging your play in a trading-favours game to always come out ahead
			"rig*|fix*|force* always|guarantee* ahead|win*|more|better trad*|favours|favors|repeat*|keep",
		},
		"self-play": {
			// a program learning only by playing copies of itself goes round in circles
			"program*|agent*|ai|bot|bots|learn*|train* play* copies|copy|itself circles|circl*|cycl*|loop*|round",
		},
		"Lemke-Howson algorithm": {
			// a solver that is instant on most two-person games but takes forever on a few
			"two-person|two-player|bimatrix solv*|find*|finds|comput*|equilibri*|stable instant*|fast*|quick* forever|slow*|exponential*",
		},
		"oddness theorem": {
			// two obvious ways to settle: is there always a third?
			"always|must|hidden third|another less obvious|hidden|mixed|random*",
		},
		"Bayes correlated equilibrium": {
			// telling all sellers the same thing or giving each different hints
			"tell|tells|give* all|everyone|each same thing|information|forecast*|signal*|news different|separate|private hint*|messages|signals|information sellers|firms|traders|players|bidders|drivers|agents|seller",
		},
		"combinatorial auction": {
			// bundles of stalls and traders wanting combinations; charging so nobody lies
			"bundle*|combination*|packages charg*|price*|pay* lying|lie|misreport*|truth*|honest*",
		},
		"revenue equivalence": {
			"envelope theorem|envelope-theorem seller*|revenue*|income|earn* auction*|bidders",
		},
		"minimax theorem": {
			// a penalty worked out like a budgeting problem
			"penalty|striker|kicker goalie|goalkeeper|corner*|guess* budget*|optimi*|spreadsheet|programming",
		},
	}
}

// toldCues5 are the fifth round, the same session, from questions_dev22
// (a news reader asking what lies behind a story), measured blind once
// first. Several retell stories the earlier rounds told (a sale that
// collapses though it would help both, chatbots shading the truth, Wi-Fi
// channels) in a reporter's words, which is how brittle a cue of exact
// words is: each new telling needs its own. questions_dev23, written the
// same day, stays untuned (only its aggregate was read).
func toldCues5() map[string][]string {
	return map[string][]string{
		"centipede game": {
			// two contestants letting a swelling jackpot grow instead of grabbing it
			"jackpot|pot|pile|prize grow*|swell* grab*|take*|cash* alternat*|other|contestants|both",
		},
		"cake cutting": {
			// the old "I cut, you pick" extended to several parties
			"cut* pick*|choose*|chooses several|many|more|three|parties|people covet*|envy*|envies|jealous*",
		},
		"potential game": {
			// each router picking its own least crowded channel
			"router*|wi-fi|wifi|device* channel* least|less crowded|busy|interfer* coordinat*|settle*|own",
		},
		"approximate Nash equilibrium": {
			// an exact stable outcome is hard to compute: can one nearly stable be found quickly?
			"exact|exactly hard*|difficult*|intractab* quick*|fast* neither|nobody much|little better|gain*",
		},
		"Myerson-Satterthwaite theorem": {
			// sales that collapse though the item is worth more to the buyer than to its owner
			"worth|value* more purchaser*|buyer*|owner*|seller* collapse*|fail*|fall*|close*|guarantee* rule|mechanism|guarantee*|every|always|any",
		},
		"cheap talk": {
			// chatbots advising shoppers shading the truth when their goals differ
			"chatbot*|bot|bots|ai|advis* shade*|stretch*|bend*|spin* truth goal*|interest*|differ*|trust*",
		},
		"uncoupled dynamics": {
			// negotiators adjusting only by their own rewards, knowing nothing of rivals' goals
			"only|just own reward*|payoff* nothing|knowing rival*|others|other* guarantee*|always|stable|reach*",
		},
		"repeated game": {
			// partners who know exactly when their relationship ends still cooperate
			// early (a partnership word keeps it off the textbook's "the game ends
			// after exactly ten rounds", which asks about defecting)
			"know*|exactly|fixed end*|ends|last* cooperat*|cheat*|defect* early|start|first partner*|relationship*|pact|deal|contract*|agreement*",
		},
		"Condorcet paradox": {
			// votes ending in a loop where every candidate loses some head-to-head contest
			"loop*|cycle*|circle* every|each candidate* lose|loses|beat*|defeat* vote*|votes|voters|election*|ballot*",
		},
		"Bayesian Nash equilibrium": {
			// working out bidding rules by letting each bidder adjust against the others
			"bidder*|bidding repeatedly|iterat* adjust* comput*|computer*|formula",
		},
		"reputation effects": {
			// a central bank that stays tough though the traders it faces change every year
			"central bank*|inflation tough|unwavering|credib*|reputation|seen traders|public|market* chang*|new|short* believ*|promis*|seen|credib*",
		},
	}
}
