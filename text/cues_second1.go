package text

// secondCues1 describe glossary terms a second time, by a writer who read
// the first cues and added the wordings they miss (see Evoked for the cue
// syntax and the trade-off). They were written blind to every question
// set: each term's existing cues were read, a dozen of its questions
// imagined in a student's words (the story, the main result, why it
// matters, how to compute it, when it fails), and a cue written for each
// wording the existing cues did not meet. Each carries a word of the idea
// or a combination an everyday question would not say;
// TestSecond1EverydayQuestions holds the everyday questions that use the
// same words in their everyday sense.
func secondCues1() map[string][]string {
	return map[string][]string{
		"Nash equilibrium": {
			// "no one would regret their decision after seeing what the others did"
			"nobody|no|none regret* decision*|choice*|move*|strateg* seeing|knowing|learning|learn* others|everyone|other*",
			// "nobody can profit from changing their move by themselves"
			"nobody|no|none profit*|benefit*|gain* chang*|switch*|deviat* move*|strateg*|choice*|action* themselves|alone|unilateral*",
			// "each person's plan is optimal against the rest"
			"plan*|strateg*|choice*|move* optimal|best against rest|others each|every|everyone's|mutual*",
			// "does a game always settle where no one wants to change their mind"
			"nobody|no|none want*|wants chang* mind* game*|player*|stable|settle*|equilibri*",
			"mutual* best respon*|repl*|replies",
			"self enforc* agreement*|outcome*|profile*|strateg*",
			"neither|nobody|none leave*|abandon* own|alone|unilateral* outcome*|rational*",
			"player*|players best against each other outcome*|profile*|solution*",
			"nobody|none want*|wants switch*|deviat*|chang* alone|unilateral*|themselves player*|players|strateg*|stable|outcome*|game*",
			"john nash equilibri*|idea*|nobel|game*|theor*|prize|contribut*|prove*",
			"neither|nobody|no player* regret* strateg*|pair|profile*",
		},
		"mixed-strategy Nash equilibrium": {
			// "the probabilities each player uses so the other is indifferent"
			"probabilit* indifferen* player*|opponent*|other|equilibri*|mix*|each",
			"rock* paper* scissor* equilibri*",
			// "how often should a penalty taker shoot left rather than right"
			"often|percent*|frequen*|fraction*|proportion* left right kicker*|taker*|striker*|goalie*|goalkeeper*|keeper* dive*|diving|aim*|kick*|shoot*|penalt*|equilibri*|optimal*",
			"no|none equilibri* without|unless|until random*|randomi*|coin*|dice|lotter*",
			"random*|randomi* indifferen* player*|opponent*|kicker*|goalie*|keeper*|rival*|equilibri*|pitcher*|batter*",
			"no|without pure outcome*|equilibri* odds|probabilit*|mix*|random*",
		},
		"pure-strategy Nash equilibrium": {
			// "cells of the payoff table where both players best respond"
			"cell*|box*|entry|entries table*|matrix*|grid* best respon*|repl*|replies|replying payoff*|player*|both|each|equilibri*",
			"underlin* payoff*",
			"equilibri* each|every|player* move*|action*|choice* sure|certainty|certainly",
		},
		"subgame perfect equilibrium": {
			// "should the incumbent really start a price war if a newcomer enters"
			"incumbent*|monopolist* price*|war|retaliat* entrant*|newcomer* really|actually|bluff*|rational*|credib*",
			"optimal|rational|best every|each part*|branch*|point*|stage* game tree*",
			"never|not reached|reach equilibri*|credib* optimal|rational|best|behavio*|strateg*|plan*",
			"credible|credibly carr*|follow* through threat*|promise*|punish*|retaliat*",
			"equilibri* empty|idle|unbelievab*|incredib* promise* player*|threat*|credib*|game*",
		},
		"perfect Bayesian equilibrium": {
			// "update beliefs about the other's type after an unexpected move"
			"updat*|revis* belief* other*|opponent*|rival*|sender*|player* type*|types move*|action*|signal*|offer*|choice*",
			"belie* type* unexpected*|surpris* move*|action*|offer*|signal*",
			"belie* never|not|unreached reach*|reached|unreached information set*|node*|path|equilibri*",
			"belie* strateg* consistent*|match* sender*|receiver*|sequential*|equilibri*",
		},
		"Bayesian Nash equilibrium": {
			// "unsure about each other's payoffs"
			"unsure|uncertain*|doubt* payoff*|payoffs rival*|opponent*|other*|each equilibri*|strateg*|game*",
			"each|every bidder*|player*|firm* knows|know* only own|private valu*|cost*|type*|payoff*|valuation* equilibri*|strateg*|optimal|best",
			"bid* don't|not|unknown|without know*|knowing rival*|bidder* worth|valu*|valuation*",
			"secret|hidden|private type*|types equilibri*|bayesian*",
		},
		"Markov perfect equilibrium": {
			// "fleets decide their catch by the current stock of fish"
			"only current|present|remaining stock* fish*|catch*|harvest*|fleet*|player* decid*|depend*|base*|based|rule*|condition*",
			"strateg*|equilibri* function* current|present state* only|alone|solely",
			"investment*|invest*|output*|pric* depend*|based only current|present capacit*|state* firm*|oligopol*|duopol*|dynamic*",
		},
		"quantal response equilibrium": {
			// "costly mistakes less often"
			"costly|expensive mistake*|error* less|rare*|rarer|fewer often|likely|frequent* experiment*|subject*|participant*|opponent*|equilibri*",
			"softmax* player*|opponent*|equilibri*|game*",
			"noisy|noise|imperfect* rational*|rationality player*|opponent*|equilibri*",
			"equilibri* random|randomly|noisy error*|mistake* player*|players|opponent*",
			"subject*|participant* don't|doesn't|not|never always best|optimal respon*|repl*|stake*|choice*|option*",
		},
		"trembling-hand perfect equilibrium": {
			"fat finger* equilibri*|opponent*",
			"mistake*|error*|slip*|blunder* small|tiny|slight probabilit*|chance* equilibri*",
			"equilibri* weakly dominat* throw*|discard*|reject*|rel*|remov*|drop*",
		},
		"correlated equilibrium": {
			// "a referee privately tells each player what to do"
			"privately|secretly tell*|recommend*|suggest*|instruct* each|every player*|driver*|firm* obey*|deviat*|disobey*|incentive*",
			"coin*|lotter*|dice|draw* both|each|players see*|observe*|watch* coordinat*|equilibri*|payoff*",
			"shared|common|public signal*|light* driver*|cars avoid* crash*|collid*|collision*",
		},
		"evolutionarily stable strategy": {
			// "which behaviour can't be invaded by a rare alternative"
			"invad*|invasion* rare*|handful mutant*|behavio*|alternative*",
			"population*|animals|species stick*|persist*|stable|remain* behavio*|strateg*|style* few|handful|minority|rare* different|alternative*|else",
			"can't|cannot|never beat*|beaten|outcompet*|displac* few|handful|small newcomer*|mutant*|invader* behavio*|population*|species",
			"animal*|species|mutant*|evolution*|evolv* strateg* different|another|new|alternative*|rare* spread*|invad*|displac*|replac*",
		},
		"prisoner's dilemma": {
			// "rational people betray each other although cooperating is better"
			"betray* each other rational*|cooperat*",
			"both|each better silent|quiet|cooperat* yet|but|still|though|although betray*|defect*|confess*",
			"individual* rational* collective*|group*|jointly|together worse|irrational*|disaster*|bad",
			"both build*|develop*|buy* weapon*|nuclear*|missile*|arms safer|better without|neither",
			"self interest* end* worse* than|instead cooperat*",
			"thie*|criminal*|suspect*|accomplice*|robber* silent|quiet|confess* trust* each|both|two|partner*",
		},
		"Axelrod's tournament": {
			// "contest of strategies submitted by game theorists"
			"submit*|entered|entries strateg* contest*|competition*|tournament* cooperat*|defect*|dilemma*|theorist*|retaliat*",
			"computer* program* dilemma* strateg*|won|win*|against|pitted|each",
		},
		"Vickrey-Clarke-Groves mechanism": {
			// "picks the efficient outcome and makes truth-telling optimal"
			"truth* efficient|efficiently|welfare* outcome*|allocation*|decision* mechanism*|agents",
			// "report honestly how much a park is worth to them before it is built"
			"report*|reveal*|tell* honest*|truth* valu*|worth* park*|bridge*|library|pool|facilit* build*|fund*|pay*|cost*",
			"pay*|charg* damage*|cost*|harm* presence* others|everyone",
			"lie*|lying|exaggerat*|misreport* valu*|value|worth bridge*|project*|park*|public build*|decid*|fund*",
		},
		"second-price auction": {
			"bid* more|above value*|worth* pay* second|runner*",
		},
		"first-price auction": {
			"pay*|pays whatever|exactly bid* bid* less|lower|below|under value*|worth*|valuation*",
			"bid* value* exactly|true|honest* pay* own|what zero|nothing|profit*|surplus*|gain*",
		},
		"price of anarchy": {
			"selfish*|own interest* total|overall|average travel|commute*|delay* compar*|versus|vs|worse|longer|ratio*|optimum|planner*",
			"equilibri*|selfish* outcome*|cost*|welfare* ratio* optimum|optimal|best possible|social*",
			"cost* of selfish*|decentrali*|lack* coordinat*",
			"bad|worse selfish* compar*|versus|vs|than best|optimal|optimum rout*|driver*|player*|agent*|network*|traffic",
			"total|overall delay*|travel* lose*|lost|loss|waste*|worse driver*|user*|commuter* selfish*|fastest|quickest",
			"inefficien* equilibri* compar*|versus|relative best|optimal|optimum outcome*|player*|selfish*|nash",
		},
		"price of stability": {
			"best|cheapest|good equilibri* versus|vs|compar*|ratio*|close|far optimum|optimal|social*|planner*",
			"least|exist*|some equilibri* nearly|almost|close optimal|optimum outcome*|social*|welfare*|planner*|player*",
		},
		"multi-agent reinforcement learning": {
			// "robots learning by trial and error while the others learn too"
			"robots*|drones*|bots*|agents* learn* other* learning*|adapting*|adapts*",
			"self play* agent*|ai|bot|bots|model* reinforcement*|reward*|policy|policies|learn*",
			"team*|group* ai|bots|robots|robot learn* cooperat*|coordinat*",
		},
		"counterfactual regret minimization": {
			"computer*|ai|bot|bots|algorithm* beat*|defeat*|solv* texas|holdem poker*",
			"poker* professional*|pros|champion* beat*|defeat*|won|lose*|lost ai|bot|bots|computer*|program*|algorithm*",
			"bot|bots|ai|algorithm* card*|cards hidden|can't|cannot|secret learn*|good|strateg*|solv*|master* opponent*|rival*|player*|players|poker",
		},
		"no-regret learning": {
			"regret* algorithm*|minimi* bidder*|player*|agent* converge*|equilibri*|repeat*",
			"well|good best fixed|single action*|strateg*|expert* hindsight*|afterwards|retrospect*",
			"follow*|combin*|weigh* many|several|multiple expert* almost|nearly|close best",
			"regret* algorithm*|learner* adversar*|repeated*|guarantee*|bound*",
		},
		"mean field game": {
			// "when the number of players goes to infinity"
			"number player*|agent* infinity|infinite*|unbounded|continuum",
			"individual* negligible|infinitesimal* influence*|effect*|impact* aggregate*|average*|population*|crowd* player*|agent*|trader*|firm*|game*|equilibri*",
			"each|every|individual* react*|respon*|adapt* crowd* whole|aggregate|overall model*|game*|equilibri*|player*|agent*",
			"each|every|individual* care*|react*|respon*|depend* only aggregate* player*|trader*|agent*|population*|firm*",
			"millions|thousands each react*|respon* market|price*|crowd|population model*|game*|equilibri*",
		},
		"deferred acceptance": {
			"appl* hold*|held reject* algorithm*|propos*|tentative*",
			"tentative*|provisional* accept* until|better|final propos*|applicant*",
			"each round reject*|rejected propos*|proposal*|proposer* next|favourite*|favorite*|preferred",
			"algorithm* assign*|place* resident*|residency|doctors|interns|medical match*|prefer*|rank*|propos*|program*",
			"propos* algorithm* school*|assign* student*|proposing*|reject*|match*",
		},
		"Shapley value": {
			"marginal* contribut* order*|orders|join*|arriv*|coalition*",
			"feature* importance|attribut*|contribut* prediction*|model* fair*|credit*|shap",
			"deserve* add*|adds|bring*|brings profit*|surplus*|gain*|payout*|value joint|together|coalition*|alone|combin*",
			"saving* joint|shared|together|group* purchas*|buy*|procure* fair* firms|compan*|partners|members",
		},
		"Nash bargaining solution": {
			"split*|divid* gain*|profit*|pie|money|value|surplus outside option*|fallback*",
			"maximi* product* gain*|utilit*|surplus*|payoff* two|both|parties|split*|bargain*|negotiat*",
			"bargain*|negotiat* axiom*|symmetr*|pareto* fair* split*|outcome*|solution*",
			"talks|negotiat*|bargain* break*|collapse* fair* split*|divid*|share*|solution*",
			"divid*|split* dollar|pie agree*|agreement nothing|zero|disagree* both|two|get*|gets",
		},
		"zero-sum game": {
			"win* you lose* whatever|exactly|everything|sum",
			"total payoff*|winnings|gains always|stay* same|constant*|zero game*|player*|players|poker",
			"one|someone|side gain* only|exactly expense*|cost* other|another|opponent*",
			"win*|gain* only another|someone lose*|loses|losing trade|econom*|countr*|sum",
		},
		"revenue equivalence": {
			"english* dutch* auction* money|more|earn*|better|raise*|profit*",
			"auction* type*|format*|kind*|style* doesn't|don't|irrelevant|matter* seller*|revenue*|money|income|earn*",
		},
		"mechanism design": {
			"design* rule*|procedure*|institution*|mechanism* selfish*|strategic* reveal*|disclos*|report* private*|information*",
			"design*|engineer* rules|incentive*|payment* agents|people|player* selfish* desired|good|social* outcome*|goal*",
			"design*|rules|structure* auction*|election*|voting right|correct|proper incentive*",
			"design* auction*|mechanism* don't|not|unknown|without know* bidder*|buyer*|agent* valu*|value|values|valuation*",
			"planner*|designer*|government*|mechanism*|rule* people|agents|citizens reveal*|report* really|truly|true want*|prefer*|valu*",
			"honest*|honesty|truth* pay*|pays|reward*|optimal|best procedure*|mechanism*",
		},
		"fictitious play": {
			"best repl* average* past|histor*|previous",
			"best repl*|respon* frequen*|empirical*",
			"respon*|repl* opponent*|rival* past move*|moves|play|choices average*|frequen*|proportion*|mix*",
			"player* assum*|expect*|believ* other*|opponent*|rival* keep*|continue* play*|playing far|past|history|histor*|frequen*",
		},
		"replicator dynamics": {
			"strateg*|behavio* grow*|spread*|multipl* proportion*|proportional* fitness*|payoff*",
			"differential equation* strateg*|fitness*|replicat*|evolution*",
			"above average* payoff*|fitness* increas*|spread*|rise*|expand*|multipl* strateg*|population*|frequen*",
		},
		"backward induction": {
			"reason* last|final move*|round*|stage*|step*|period* backward*|backwards|first",
			"roll*|fold* back* game* tree*",
			"last|final decision*|choice*|stage*|node* first tree*|player*|rational*|opponent*",
		},
		"public good": {
			"everyone|everybody|anyone benefit*|enjoy*|use* nobody|none want*|wants|willing pay*|fund*|contribut*",
			"wikipedia|npr|pbs donat*|contribut*|fund* enough|everyone|everybody|use*|uses",
			"national defen*|defence|defense voluntar*|donat*",
			"public radio|broadcast*|television listener*|viewer* free*|freeload*|struggl*|enough|nobody|few",
			"underfund*|undersuppl*|underprovid* benefit* everyone|everybody|society|all",
			"market* underprovid*|underproduc*",
		},
		"free rider": {
			"freeload*|mooch* public|collective*|common|shared benefit*|good*|goods|contribut*",
			"ride* on others|other* effort*|contribut*",
			"others|other* bear*|shoulder*|carry* cost*|burden* nato|alliance*|treaty|defen*",
			"benefit* without|don't|not|never pay*|paying dues union*|member*|worker*|contract*",
			"everyone|everybody wait*|hope*|expect* someone|somebody|others contribut*|chip*",
		},
		"mixed strategy": {
			"pitcher*|goalie*|goalkeeper*|kicker*|quarterback* unpredictab*|randomi* why|batter*|hitter*|taker*|shooter*|guess*|exploit*|equilibri*|optimal|best",
			"randomi* over|among|across move*|moves|action*|strateg*",
			"bluff* sometimes|occasional*|randomly|unpredictab*|rarely optimal*|equilibri*|theor*|why|often|frequen*|probabilit*",
		},
		"best response": {
			"best|optimal move*|action*|reply given|knowing others|everyone|everybody|other*|rival*|opponent* doing|do|playing|plays|played|chose|chosen|pick*|choos*",
		},
		"separating equilibrium": {
			"high* low* abilit*|productiv*|talent* type*|types signal*|education*",
			"only good|high|strong type*|seller*|firm*|worker* afford*|willing* costly|expensive signal*|warrant*|education*|degree*",
			"type*|types different|distinct signal*|signals apart|distinguish*|identif*|told good|bad|high|low|worker*|employer*|seller*|buyer*|sender*|receiver*",
			"education*|degree*|signal* credib* reveal*|show*|prove* abilit*|talent*|productiv*|type* worker*|type*|types|equilibri*",
		},
		"pooling equilibrium": {
			"type*|types same|identical signal*|education* infer*|distinguish*|employer*",
		},
		"congestion pricing": {
			"charg*|fee* driver*|motorist* rush|peak* center|centre|enter*|entering|congest*",
			"toll* rush|peak* externalit*|selfish*|equilibri*|optimal|efficien*",
			"fee*|charg* road*|highway*|lane* peak*|rush|busy traffic*|jam*|congest*",
		},
		"approximate Nash equilibrium": {
			"gain*|benefit*|improv* much|little|tiny|slightly|small* deviat* unilateral*|strateg*|equilibri*|player*|players",
			"gain*|improv*|benefit* epsilon* deviat*|equilibri*|player*|profile*|strateg*",
		},
		"adverse selection": {
			"bad* drive*|crowd* good* out market* car*|cars|quality|product*|lemon*",
			"buyer*|insurer*|lender*|bank* can't|cannot|unable tell|distinguish* good|safe|healthy bad|risky|sick|lemon* borrower*|applicant*|customer*|client*|car*|driver*",
			"rise*|rises|rising|soar*|spike*|climb* premium* healthy|healthiest|safe* leave*|drop*|quit*|exit*",
			"only|mostly high risk buy*|purchase*|sign* insur* premium*|price*|same|why",
			"used car* market* collaps*|unravel*|fail*|disappear* lemon*|quality|information|bad|hidden|asymmetr*",
		},
		"Stackelberg equilibrium": {
			"commit* output*|quantit*|capacit* first other|others|second|rival* respon*|react*|adjust*",
		},
		"collusion": {
			"tacit*|implicit* price*|fare* coordinat*|agree*|collu*",
			"rival*|competitor* agree* raise|fix|high price*|fares",
			"firm*|rival*|competitor* high price* without talk*|talking|communicat*|speak* each",
			"oligopol*|rivals|competitors|cartel* act*|behave*|price* like|as monopol*|single",
		},
		"principal-agent problem": {
			"pay*|wage*|bonus*|contract*|incentiv* can't|cannot|unable|not see|observ*|monitor*|watch* how hard work*",
			"contract* effort* hidden|secret|invisible|unknown|unverifiab* worker*|employee*|agent*|manager*|pay*|wage*",
			"employee*|worker*|agent* work* hard can't|cannot|unable watch*|monitor*|see|observ*",
			"ceo*|executive*|manager* pay*|compensation|bonus* align*|shareholder* structur*|design*|incentiv*|contract*",
		},
		"cake cutting": {
			"cut* other choos*|pick* piece*|half|halves|slice*|portion* fair*|envy*|people|divid*|share*",
			"cake* least own|fair*|valu*|proportional* each|every|everyone|person|people",
		},
		"iterated prisoner's dilemma": {
			"prisoner* game*|play* over|every|weekly|forever|same cooperat*|defect*|dilemma*|betray*|strateg*",
		},
		"tit-for-tat": {
			"unto others|other* did strateg*|win*|winning|cooperat*|game*",
		},
		"generalized second-price auction": {
			"advertis* bid* spot*|top|rank*|placement* search*|google*|page*|result*|click*|keyword*",
			"google*|search* advertis* pay*|pays|charg* click* decid*|determin*|each|rank*|position*|slot*",
		},
		"minimax theorem": {
			"know*|knowing|learn* opponent*|other* mixed|random* strateg* advance|beforehand|ahead",
			"most|maximum guarantee* least|minimum opponent*|rival*|adversar*",
			"randomi*|mix*|random* guarantee* value* opponent*|player*|sum|zero",
		},
		"folk theorem": {
			"punish*|grim|trigger* forever|infinit*|indefinite*|permanent* cartel*|collu*",
			"repeat* infinit*|forever|indefinite* payoff*|outcome* support*|sustain*|achiev* game*|equilibri*|player*",
		},
		"revelation principle": {
			"any|every mechanism* replace*|simulat*|equivalent* report*|tell*|reveal*",
			"designer*|mechanism* assum*|restrict*|suppos* report*|reveal* honest*|truth*",
		},
		"Arrow's impossibility theorem": {
			"rank*|ranking* method*|rule*|procedure*|aggregat* dictator*|dictatorship*",
			"any|no voting system*|method*|rule* three candidate*|option*|alternative* fair* perfect*|perfectly|always|impossib*|possib*|every",
		},
		"Braess's paradox": {
			"extra|additional link*|shortcut*|edge* slow*|slower|worse|longer everyone|every|all commut*|driver*|traffic",
		},
		"winner's curse": {
			"win*|won|winning bid*|auction*|lease*|tract* overestimat*|overvalu* value|worth|oil|field*|tract*|lease*|item*",
			"win*|won|winning takeover*|acquisition* bid*|bidding destroy*|overpa*",
		},
		"battle of the sexes": {
			"two|both|couple want*|wants meet*|together one prefer*|prefers|rather other|another",
		},
		"stag hunt": {
			"partner*|together|hunt* play* safe|safer trust*|cooperat* bigger|larger|higher payoff*|reward*",
			"cooperat* both benefit* doubt*|distrust*|mistrust*|fear*|uncertain*",
			"cooperat* risky|risk* sure|unsure|uncertain* too|also",
			"cooperat* fragile|collapse* trust* low|lack*|little social*|society|group*|collective*|communit*",
		},
		"hawk-dove game": {
			"both|two|neither driver*|car* swerve*|swerves hope*|wait*|dare*|chicken|blink*",
			"aggressive* peaceful*|timid*|yield*|passive* contest*|resource*|territor*|strateg*|evolv*",
		},
		"potential game": {
			"player* improv* one|turn* always|eventually end*|ends|finish*|stop*|terminat* equilibri*|strateg*|deviat*",
			"improv* reach*|converge*|arriv* equilibri* player*|players",
		},
		"Bayesian persuasion": {
			"commit* disclos* information*|signal*|test*|data persuad*|convinc*|sway*|influenc*|receiver*|buyer*|sales|maximi*",
			"design* test*|trial*|experiment* persuad*|sway* patient*|judge*|regulator*|buyer*|receiver*|doctor*|prosecutor*|firm*|compan*",
			"sender* commit* signal*|experiment*|test*|disclosure* receiver*|persua*|influenc*|belief*|decision*",
		},
		"extensive-form game": {
			"one|side|player* move*|moves after other|another model*|tree*|represent*|draw*",
		},
		"normal-form game": {
			"represent*|model*|write*|payoff* same time choos*|choose|move*|decid* table*|matrix*|grid*",
		},
		"ultimatum game": {
			"turn* down unfair*|stingy|uneven* split*|share*|money",
			"propos* split* reject* dollars|money|cash|pie|pot responder*|accept*|offer*",
		},
		"pure strategy": {
			"plan* exactly|complete|full|entire|strateg* move*|moves every|each situation*|contingenc*|node*|history|circumstance*",
		},
		"information set": {
			"draw*|represent*|model*|diagram* player* doesn't|don't|not|cannot|can't know|see|observ* which|what move*|choice*|action* other|opponent*|rival*|tree*|node*",
		},
		"perfect information": {
			"kind|type*|class* game* player* see*|sees|observ* all|every move*|moves",
		},
		"imperfect information": {
			"poker|bridge chess|checkers differ*|unlike|versus|vs|compar* see*|hidden|information*|know*",
		},
		"perfect recall": {
			"driver* can't|cannot|doesn't|unable remember*|recall*|tell exit*|intersection* passed|already paradox*|game*|strateg*|optimal*|plan*|probabilit*",
		},
		"school choice": {
			"rank*|list*|put* true|honest* favourite*|favorite*|preferred|first|top school*",
			"assign*|allocat*|place* kids|children|pupils|students school* prefer*|preferen*|rank*|choice*",
		},
		"imitation dynamics": {
			"switch*|chang*|adopt* strateg*|behavio* more|most successful neighbo*",
			"copy*|imitat* whoever|whomever best|better|most|well strateg*|payoff*|population*|dynamic*|agents|players",
		},
		"focal point": {
			"heads|tails match*|coordinat* stranger*|without",
			"equilibri* no|without communicat*|talking|talk* coordinat*|choose*|pick*|select*",
		},
		"level-k thinking": {
			"assum* others|other*|opponent* think*|reason* step*",
			"two|three|few step* reason*|think* others|other*",
		},
		"coarse correlated equilibrium": {
			"regret* minimi* bidder*|bot|bots|player*|agent* outcome*|converge*|equilibri*",
		},
		"Stackelberg game": {
			"quantit*|output*|capacit* first earn*|profit*|advantage* follower*|leader*",
		},
		"cheap talk": {
			"talk*|message*|words free|costless conflict*|differ*|diverg*|misalign* interest* communicat*|credib*|believ*|useful|informative|sender*|receiver*",
			"advis*|expert* useful|informative|credible advice|information want*|wants|bias*|interest* still|any|anything|communicat*",
			"talk*|words|message* costless trust*|believ*|credib*",
		},
		"dictator game": {
			"give* money|cash other|recipient*|receiver*|partner* can't|cannot|unable refus*|reject*",
		},
		"median voter theorem": {
			"candidate*|parties move*|shift*|drift* moderate*",
		},
		"all-pay auction": {
			"auction* everyone|everybody pay*|pays only|win*|winner*|lose*|loser*|even",
		},
		"coordination game": {
			"everyone|everybody|all same app*|platform*|standard*|format* better|superior switch*|exist*|stuck",
			"lock* inferior*|worse standard*|technolog*|format*|convention*",
		},
		"moral hazard": {
			"insur* take*|taking|took less|little care|caution*",
			"bailout* reckless*|gambl*",
		},
		"Cournot competition": {
			"two|both|rival*|duopol*|oligopol* how much produc* simultaneous*|same",
			"two|both|rival*|duopol*|oligopol* output*|quantit* price* depend* total|combined|aggregate production|output|supply",
		},
		"tragedy of the commons": {
			"nobody|no owns|owner*|ownership resource*|pasture*|forest*|commons|meadow* deplet*|overus*|destroy*|ruin*|exhaust*",
			"fisher*|fishermen|fleet* keep|still|more|even collaps*|dwindl* stock* fish|catch*|catching",
		},
		"Hotelling's location model": {
			"two stand*|shop*|cart*|truck* middle end*|cluster*|locat*|compet*|rival*",
		},
		"war of attrition": {
			"blink*|quit*|yield* first both|each side* suffer*|lose*|losing|bleed*|pay* wait*|waiting",
		},
		"selfish routing": {
			"every|all route*|path* used same|equal travel|delay*|latenc* traffic*|driver*|flow*|settle*|equilibri*",
		},
		"strategy-proofness": {
			"voting|vote* rule*|method*|system* truth* always best|optimal",
		},
		"stable matching": {
			"match*|assign* no|nobody|none pair*|couple* want*|wants|wanting switch*|swap*|leave*|break*",
		},
		"evolutionary game theory": {
			"natural selection cooperat*|altruis*",
			"evolution*|evolv*|darwin* altruis*",
			"game theor* biolog*|species|animal*|darwin*|organism*",
		},
		"Bertrand competition": {
			"two|both|rival*|compet* firm*|shop*|seller* same|identical thing*|item* charg*|price* above|over cost",
		},
		"repeated game": {
			"firm*|compan*|rival*|airline* compet* every year*|repeatedly|forever price war*|collu*",
		},
		"congestion game": {
			"choos*|choose|pick*|among resource* worse|slower|costlier more people|users|players|player*",
		},
		"Gibbard-Satterthwaite theorem": {
			"lie*|lying|manipul*|misreport* ranking*|rank*|preferen*|ballot* dictator*|dictatorship* unless|only|rule*|method*|procedure*",
		},
		"common knowledge": {
			"generals messenger*|messages infinit*|sure|endless*|never",
		},
		"Zermelo's theorem": {
			"tac* toe* perfect* draw*|strateg*",
		},
		"optimal auction": {
			"seller*|auctioneer* refus* highest bid*|bidder*",
		},
		"Condorcet paradox": {
			"group*|collective*|social preferen*|ranking* intransitiv*|cyclic*|circular*",
		},
		"beauty contest": {
			"beauty game* guess*|pick*|choose* number*|average*|fraction*|thirds",
		},
	}
}
