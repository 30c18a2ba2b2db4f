package text

// textbookCues describe the terms of textbookTerms (glossary_textbook.go)
// in the words students use, the way designCues do (see Evoked for the
// cue syntax and the trade-off). They were written in round 2 session 18
// from each term's textbook story: the oil tract every bidder guesses the
// same reserve of, the bottles of wine that sell for less in the
// afternoon, the supplier that tools up for one buyer and is then
// squeezed, the boss who lets an expert choose within a range, Ostrom's
// fishers writing their own rules. Each cue keeps a word of the idea
// (bidder, auction, contract, mechanism, prize, public good) so that a
// question about an office clock, a bike's reserve price or a fishing
// trip is not taken for the term; TestTextbookCuesStayOutOfEverydayQuestions
// holds the everyday questions they must not fire on.
//
// The second to fourth parts' cues were written the same way, one or two
// a term. A cue's words are groups: a phrase cannot be one alternative
// ("slot machine"), so each alternative is one word. "Matching with
// couples" has no cue: evoked from married doctors who want jobs in one
// town, it sent two tuning questions that were answered from their first
// search to a second one, with a caveat (the papers say "couples", not
// the term), and changed no hit.
//
// Not blind in two places, said so that the measurement can be read: the
// texts of some twenty tuning misses of testdata/world were read the same
// session (one asks how far below their value bidders should offer when
// the winner pays the bid, which the bid-shading cues describe), and one
// dev question of testdata/worldd weighs quality against price in public
// works tenders, which the scoring-auction cue describes.
func textbookCues() map[string][]string {
	return map[string][]string{
		"virtual valuation": {
			"optimal|revenue-maximizing|revenue-maximising auction* virtual*",
			"myerson* auction* reserve*|ironing|ironed|regular*",
			"revenue* maximi* auction*|seller* hazard",
			"marginal revenue* bidder*|buyer* auction*",
		},
		"common-value auction": {
			"auction*|bidder*|bid* same|common|single|one true|hidden|unknown value*|worth|amount",
			"bidder*|bidding estimat*|guess*|signal* same|common|shared value*|worth|amount|reserve*",
			"oil|mineral|drilling tract*|lease*|field*|right* bid*|bidder*|auction*",
		},
		"independent private values": {
			"bidder*|buyer* own|private value*|valuation* independent*|unrelated|uncorrelated",
			"each bidder*|buyer* knows|know only own value*|valuation*",
		},
		"bid shading": {
			"shad* bid*|bidder*|offer*",
			"bid*|offer* below|under|less true|own|real value*|valuation*|worth winner*|first-price|highest pay*|pays",
		},
		"position auction": {
			"slot*|position*|rank* click* bid*|auction*|advertiser*",
			"advertiser*|ads bid* slot*|position* search* page*|results",
		},
		"clock auction": {
			"clock* price* auction*|bidder*|bidding",
			"price* tick*|rais*|rising round* bidder*|bidding drop*|exit*|demand*",
		},
		"sequential auction": {
			"auction*|auctioned|sold identical|same item*|good*|lot*|bottle* sequen*|successive*|consecutive*",
			"identical|same item*|lot*|bottle* auction*|sold|sale* later|afternoon|second price* fall*|drop*|declin*|lower",
			"auction* sequen*|successive*|consecutive* item*|lot*|good*|round*",
		},
		"scoring auction": {
			"tender*|procure*|bid* price* quality score*|scoring|weigh*|weight*",
			"procure*|tender*|buyer* rank*|score*|judg* bids* price* quality",
		},
		"posted-price mechanism": {
			"post*|fixed|single price* versus|instead|rather|than auction*",
			"take-it-or-leave-it price* seller*|buyer*|surplus*|mechanism*|auction*",
			"post*|fixed price* buyer*|seller* arriv*|online|sequen* mechanism*|prophet*",
		},
		"budget-balanced mechanism": {
			"payment*|transfer* budget* balance*|deficit*|subsid* mechanism*|designer*|truthful*|efficient*",
			"mechanism*|designer* payment*|transfer* sum*|add* zero",
		},
		"implementation theory": {
			"implement* equilibri* mechanism*|game*|rule* outcome*|goal*|social",
			"design* game*|mechanism* every equilibri* desired|wanted|good outcome*",
		},
		"communication equilibrium": {
			"mediat* recommend*|message*|report* equilibri*|player*",
			"trusted|neutral mediat* privately message*|report*|recommend* players|agents",
		},
		"optimal delegation": {
			"delegat* decision*|choice*|choose* interval*|range*|cap|caps|limit*|restrict* agent*|expert*|subordinate*|biased",
			"boss*|principal*|manager* let|allow* biased|informed expert*|agent*|subordinate* choose*|decide* within|range*|cap|limit*",
		},
		"no-trade theorem": {
			"rational trader*|investor*|speculator* why|never|cannot|can't|won't|anyone|nobody trade|trading|bet*",
			"why|how rational* trade|trading|bet* private inform*|information common prior*|knowledge",
		},
		"succinct game": {
			"game* huge|large|exponential*|many player*|agents represent*|describ*|written|write|stor* compact*|short|concise*|succinct*",
			"payoff* table*|matrix exponential*|huge|too large player* represent*|compact*|concise*",
		},
		"hold-up problem": {
			"invest*|underinvest* specific|relationship|dedicated|tailor* supplier*|partner*|buyer* renegotiat*|squeez*|exploit*|hold*",
			"underinvest* contract*|renegotiat*|supplier*|partner*|specific",
			"relationship-specific invest*",
		},
		"incomplete contracts": {
			"contract* cannot|can't|impossible|unable foresee*|specify|verif*|write|writ* ownership|own*|asset*|control|right*|integrat*|renegotiat*",
			"contract* incomplete* ownership|control|right*|integrat*|firm*",
		},
		"relational contract": {
			"informal|handshake|unwritten|implicit agreement*|contract*|promise*|bonus* repeat*|future|ongoing|long-term relation*|enforc*|court*",
			"bonus* promise*|pay* court* enforc*|verif* employer*|worker*|firm*|supplier*",
		},
		"Lindahl equilibrium": {
			"personal*|individual*|different price*|share*|tax* public good* benefit*|valu*|willing*",
			"each|everyone|every person*|citizen*|resident* pay* according|proportion* benefit*|valu* public good*",
		},
		"common-pool resource": {
			"shared|common|community fishery|fisheries|fishers|fishermen|pasture*|grazing|groundwater|irrigation|forest* overuse*|overfish*|overgraz*|deplet*|self-govern*|rules",
			"ostrom* common*|resource*|fishery|fishers|pasture*|irrigation|forest*",
			"user* shared|common resource* rules|monitor*|sanction*|self-govern*|overuse*",
		},
		"contest theory": {
			"contestant*|competitor* effort* prize*|reward*",
			"prize*|reward* winner* effort* spend|exert|invest*|put",
		},

		"payoff dominance": {
			"equilibri* better|best|higher|superior both|everyone|everybody|all select*|choose*|pick*|coordinat*",
		},
		"equilibrium selection": {
			"several|multiple|many|two equilibri* which|select*|choose*|pick*|predict* game*|player*|coordinat*|strateg*",
		},
		"alpha-rank": {
			"rank* agent*|strateg*|polic* evolution*|markov* chain*|dynamic* multi-agent|multiplayer|games",
		},
		"Nash averaging": {
			"evaluat*|rank*|compar* agent*|algorithm*|bot*|ai redundan*|duplicat*|copies|clon* task*|opponent*|benchmark*",
		},
		"monotone game": {
			"concave game*|games gradient*|learn*|converg*|unique*",
		},
		"graphon game": {
			"large|infinit*|huge|dense network*|graph* game*|players limit*|continuum|graphon*",
		},
		"games on networks": {
			"neighbo*|friends|peers|connections effort*|action*|invest*|study* network* complement*|substitut*|spillover*|peer",
		},
		"Bonacich centrality": {
			"remov*|target* player*|agent*|criminal*|member* network* effort*|activity|crime",
		},
		"swing voter's curse": {
			"uninformed|unsure|ill-informed voter*|citizen* abstain*|abstention|skip*",
		},
		"Duverger's law": {
			"plurality|first-past-the-post|winner-take-all|winner-takes-all elect*|vote*|voting two-party|two parties|third part*|party system*",
		},
		"probabilistic voting": {
			"candidate*|part* platform*|polic* voter* probabil*|uncertain*|random* vote*|support*",
		},
		"citizen-candidate model": {
			"citizen*|ordinary|voter* decid*|choose*|whether run|stand|enter candidate*|election*|office",
		},
		"veto player": {
			"veto* polic*|status quo|change*|reform* player*|actor*|part*|president*|chamber*",
		},
		"Hotelling-Downs model": {
			"candidate*|part* platform*|position* converg*|middle|center|centre|moderat* voter*|elector*",
		},
		"spatial voting": {
			"voter* ideal|closest|nearest|distance point*|position*|platform*|candidate* left-right|dimension*|space|spectrum",
		},
		"audience costs": {
			"leader*|president*|government* back* down threat*|crisis|commit* public|domestic|voters|audience*",
		},
		"security dilemma": {
			"defen*|arm*|militar* build*|increas*|buildup rival*|neighbo*|other state*|countr* threat*|insecur*|fear*|spiral*",
		},
		"speculative attack": {
			"currency|peg|pegged|exchange-rate speculator*|trader*|investor* attack*|abandon*|devalu*|coordinat*",
		},
		"universal type space": {
			"belief* about others'|other belief* hierarch*|infinite|infinit*|type*",
		},
		"epistemic game theory": {
			"common knowledge|belief* rational*|rationality player*|game* assum*|foundation*|epistem*|justif*",
		},
		"social preferences": {
			"care*|concern*|weigh* others'|other* payoff*|earning*|welfare|well-being experiment*|lab*|laboratory|subjects|game*",
		},
		"conditional cooperation": {
			"contribut*|cooperat* only|if|when|provided others|other*|rest public good*|experiment*|lab*|pot|group",
		},
		"antisocial punishment": {
			"punish* cooperator*|contributor*|generous public good*|experiment*|lab*|group*|subjects",
		},
		"information elicitation": {
			"elicit*|extract*|obtain* honest*|truthful* report*|answer*|opinion*|belief*|forecast* pay*|reward*|score*|incentiv*",
		},
		"cost of stability": {
			"subsid*|external|outside|extra payment*|money|amount grand|coalition* stable|stabil*|core*",
		},
		"college admissions problem": {
			"college*|universit* applicant*|student*|admission* stable|match*|deferred",
		},
		"chore division": {
			"divid*|split*|allocat* chore*|burden*|undesirable|bads envy*|proportion*|procedure*|algorithm*|cake*",
		},
		"Owen value": {
			"priori union*|bloc*|coalition* shapley*|value*|payoff*|divid*",
		},
		"Myerson value": {
			"shapley*|fair* allocat*|share*|value* communicat*|network*|graph* restrict*|link*|connect*",
		},
		"epsilon-core": {
			"core empty|relax*|approximat*|almost coalition* epsilon|least|small|tax*|penalt*",
		},
		"core-selecting auction": {
			"combinatorial|package|bundle* auction* payment*|price*|pay* core|blocking|coalition*|loser*",
			"spectrum|package|bundle* auction* loser*|losing bidder* outbid*|block*|coalition*|together",
		},
		"winner determination problem": {
			"combinatorial|package|bundle* auction* winner*|winning|allocat* comput*|hard|np-hard|solv*|algorithm*",
		},
		"single-minded bidder": {
			"bidder*|buyer* want* only|exactly|single|one bundle*|package*|set* auction*|truthful*|approximat*",
		},
		"truthful in expectation": {
			"random*|lotter* mechanism*|auction* truthful*|honest* expect*|average",
		},
		"autobidding": {
			"automat*|auto|algorithm*|bot*|software bid*|bidder*|bidding advertiser*|ads|ad|campaign* target*|roi|return|budget*|cpa",
		},
		"pacing equilibrium": {
			"budget* pac*|shade*|scale*|multiplier* bid*|bidder*|advertiser*|auction*",
		},
		"budget-constrained bidder": {
			"bidder*|buyer*|advertiser* budget* limit*|constrain*|cap*|exhaust* auction*|bid*",
		},
		"interdependent values": {
			"bidder*|buyer* value*|worth depend*|rel* other*|others'|rival* information*|signal*|estimat*",
		},
		"repeated auction": {
			"same|repeated*|every|each auction*|bidder*|seller* repeat*|again|daily|round* learn*|reserve*|collu*|reputation*",
		},
		"McAfee mechanism": {
			"buyer*|seller* double auction* truthful*|honest*|budget* drop*|exclud*|sacrific*|reduc* trade*",
		},
		"assortative matching": {
			"best|high*|top|productive partner*|worker*|firm*|spouse*|men|women match*|pair*|marr* best|high*|top|productive|similar|alike",
		},
		"divide the dollar": {
			"divid*|split* dollar*|pie*|pot|money demand*|claim* exceed*|nothing|incompatible|total*",
		},
		"Dynkin game": {
			"two|both player*|sides|firm* optimal* stopping|stop*",
		},
		"attacker-defender game": {
			"attacker*|adversar*|terrorist* defender*|protect*|guard* target*|site*|node*|asset* game*|strateg*|equilibri*|allocat*",
		},
		"network interdiction": {
			"interdict*|block*|disrupt*|remov* link*|arc*|edge*|road*|route* smuggl*|flow|path* network*|attacker*|adversar*|enem*|police",
		},
		"rendezvous problem": {
			"two|both people|persons|agents|players meet|find rendezvous|lost|communicat*|coordinat*|strateg*",
		},
		"Banach-Mazur game": {
			"players alternat*|turns choos*|pick*|shrink* interval*|nested win*|strateg*",
		},
		"calibrated forecasting": {
			"forecast*|predict* calibrat* adversar*|nature|opponent*|worst-case|game*",
		},
		"adversarial bandit": {
			"bandit* adversar*|opponent*|worst-case|algorithm*|learner* regret*|arm*|learn*|reward*",
		},
		"Kreps-Scheinkman model": {
			"capacit* first|then|before|stage* price*|bertrand* cournot*|quantit*|outcome*|result*",
		},
		"imperfect private monitoring": {
			"repeated* game*|cooperat*|collu* privat*|noisy|imperfect* observ*|signal*|monitor*",
		},
		"belief-free equilibrium": {
			"repeated* game*|cooperat* privat* monitor*|signal*|observ* indifferen*|belief* regardless|whatever|any",
		},
		"Abreu-Pearce-Stacchetti": {
			"set* equilibri* payoff* repeated* recursiv*|self-generat*|fixed-point|bellman",
		},
		"optimal penal code": {
			"harshest|severest|strongest|worst|optimal punish*|penal* deviat*|cheat*|collu*|repeated*|cartel*",
		},
		"prior-free mechanism": {
			"auction*|mechanism*|pric* without|no|nothing know* prior*|distribut*|valuation*",
		},
		"digital goods auction": {
			"unlimited|infinite|digital|unlimited-supply copies|supply|goods|song*|software auction*|pric*|bidder*",
		},
		"random sampling auction": {
			"random* split*|sampl*|half bidder*|buyer* price* other|others|opposite",
		},
		"Smith dynamics": {
			"population* switch*|revis*|imitat* strateg* better|payoff* proportion*|difference*|excess",
		},
		"pairwise comparison dynamics": {
			"population* compar*|pairwise strateg* switch*|revis* payoff*|better",
		},
		"weakly acyclic game": {
			"best|better respons*|improvement* path*|sequence* some|exist* equilibri* reach*|lead*|end*",
		},
		"finite improvement property": {
			"improvement*|better-response|best-response path*|sequence*|step* always|every finite|end*|terminat*",
		},
		"Pigou's example": {
			"two road*|route*|link*|path* one|fixed congest*|delay*|latenc*|traffic selfish*|efficien*|optimal*|social*",
		},
		"Stackelberg routing": {
			"leader*|central*|planner*|authorit* rout*|control* fraction*|portion*|share* traffic selfish*|rest|remaining",
		},
		"PLS-completeness": {
			"pure|local equilibri*|optimum|optima find*|comput* hard*|complex*|polynomial* congestion*|potential*|local",
		},
		"Scarf's lemma": {
			"stable|core fractional*|exist* matching*|allocat*|hypergraph* nonempty|exist*|always",
		},
		"intrapersonal game": {
			"future|present|later self|selves game*|equilibri*|strateg*|commit*|procrastinat*",
		},
		"transaction fee mechanism": {
			"blockchain*|ethereum|bitcoin|crypto* transaction*|fee* fee*|tip*|base user*|miner*|validator*|block* truthful*|incentiv*|strateg*|design*|mechanism*|auction*",
		},
		"maximal extractable value": {
			"miner*|validator*|block*|builder* reorder*|front-run*|sandwich*|extract* transaction*|trade*|profit*",
		},
		"Glosten-Milgrom model": {
			"market maker*|dealer*|specialist* bid-ask|spread*|quote* informed|insider* trader*|adverse",
		},
		"frequent batch auction": {
			"high-frequency|hft|speed|latency trad*|trader*|arms auction*|batch*|discrete|every",
		},
		"popular matching": {
			"matching* prefer*|vote*|majority more|majority|compar* another|other|alternative* matching* popular|prefer*|vote*",
		},
		"rank-maximal matching": {
			"maximi*|most many|number first|top choice*|preference*|rank* match*|assign*|allocat*",
		},
		"leximin": {
			"maximi*|raise|improv* worst-off|poorest|minimum then|next|second worst|lexicograph*",
		},
		"egalitarian equivalence": {
			"allocat*|divid*|fair* every|each|everyone indifferen* reference|same bundle*",
		},
		"ex post equilibrium": {
			"optimal|best reveal*|learn*|hindsight other*|opponent*|rival* private|signal*|type*",
			"regret* hindsight other*|opponent*|rival* private|signal*|type*",
		},
		"strategic substitutes": {
			"player*|firm*|rival* invest*|produc*|effort* less|fewer|lower other*|rival* more|higher",
		},
		"quasi-perfect equilibrium": {
			"tremble*|mistake*|error* own|future|later future|later own tremble*|mistake*|error*",
		},
		"Kohlberg-Mertens stability": {
			"equilibri* set*|component* survive|robust every|any|all perturbation*|tremble*",
		},
		"evolutionarily stable set": {
			"set|family|continuum stable|resist* mutant*|invader*|invasion* drift*|neutral*",
		},
		"neutrally stable strategy": {
			"mutant*|invader* do|score|fare as well|equal*|same neutral*|drift*|stay*|remain*",
		},
		"open-loop equilibrium": {
			"commit* whole|entire|full path*|plan*|schedule* start|outset|beginning react*|respond*|feedback|state*",
		},
		"linear-quadratic game": {
			"linear dynamic*|system*|state* quadratic cost*|payoff*|loss* player*|controller*|agent*",
		},
		"Hamilton-Jacobi-Isaacs equation": {
			"pursuer*|chaser*|evader*|capture* value* function*|equation*|partial differential",
		},
		"Bertrand paradox": {
			"two|both|few firm*|seller*|shop*|store* price* compet*|undercut* marginal|zero|cost profit*|price*",
			"just|only two firm*|seller* enough|suffice* competitive|perfect* compet*|price*",
		},
		"limit pricing": {
			"incumbent*|monopol* price* low*|below entr*|entrant*|newcomer* deter*|discourag*|prevent*|keep*",
		},
		"partizan game": {
			"left right different|own move*|option*",
		},
		"misere play": {
			"last take*|remov* stone*|coin*|object*|token*|pile* los*|lose*",
		},
		"swap regret": {
			"regret* swap*|replac*|switch*|substitut* every|each action*|move*|choice* another|other|different",
		},
		"external regret": {
			"regret* compar*|against|versus best single|fixed|one action*|strateg*|expert* hindsight",
		},
		"WoLF-PHC": {
			"agent*|learner*|player* fast*|quick*|slow*|cautious* los*|losing win*|winning learn*|rate*|step*",
		},
		"independent Q-learning": {
			"agent*|learner*|robot* learn* each|separately|independent*|alone treat* other*|rest environment*|part",
		},
		"centralized training with decentralized execution": {
			"train* together|central*|shared|joint act*|execut*|deploy* alone|separately|local*|decentral* agent*|robot*|learner*",
		},
		"action-graph game": {
			"payoff* depend* only number*|count*|how many neighbour*|neighbor*|adjacent action*|choice*|graph*",
		},
		"Rosenthal potential": {
			"congestion*|route*|resource* potential* function* sum|add* cost*|delay*",
		},
		"single-parameter domain": {
			"bidder*|agent*|buyer* private|secret* single|one number*|value*|parameter* monoton*|threshold* payment*",
		},
		"subjective utility quantal response": {
			"attacker*|poacher*|adversar* bounded*|irrational*|human*|noisy defender*|ranger*|patrol*",
		},
		"Dodgson rule": {
			"swap*|exchange* adjacent|neighbour*|neighbor* candidate* condorcet|beat*",
		},
		"NTU game": {
			"coalition* utility|payoff*|benefit* cannot|can't|not transfer*|shar*|divid*|redistribut*",
		},
		"coalition structure generation": {
			"partition*|divid*|split*|group* agent*|player*|robot* coalition*|team* maxim*|best|optimal total|social|welfare|value*",
		},
		"glove game": {
			"left right glove*|shoe* own*|owner*|holder*|market*|core|value*|share*|price*",
		},
		"Crawford-Sobel model": {
			"sender*|expert*|adviser*|advisor* bias* interval*|partition*|coarse* messag*|report*|signal*",
		},
		"contest success function": {
			"probabilit*|chance*|odds win* depend* effort*|spend*|investment*|bid* contest*|prize*|rent*|lobby*",
		},
		"Jackson-Wolinsky model": {
			"link*|connection*|friendship* cost* benefit*|value* decay*|distance*|indirect* network*|form*",
		},
		"provision point mechanism": {
			"project*|fund*|good* threshold|target|goal refund*|money-back contribut*|donat*|pledge*",
		},
		"dominant assurance contract": {
			"bonus*|reward*|compensat* fail*|short|miss*|unsuccessful pledg*|contribut*|backer*|donor*|donat*",
		},
		"Debreu-Scarf theorem": {
			"replica*|cop*|clone*|duplicat* economy|trader*|agent*|market*|consumer* core|block*|unblock*|coalition*",
			"large|many|more trader*|consumer* core shrink*|converg*|competitive|walras*",
		},
		"improving path": {
			"link*|network* add*|form*|creat* drop*|delet*|sever*|cut* cycle*|circle*|forever|loop*",
		},
		// From a miss of dev35, a tuning set since its blind measurement:
		// the centipede game told by its name and the pot, as a search
		// box writes it ("centipede lab data: … grabbing the pot").
		"centipede game": {
			"centipede* pot*|pile*|lab|experiment*|player*|pass*|grab*",
		},
		"voluntary contribution mechanism": {
			"endowment*|token* group|public|common account*|pot",
			"contribut*|donat* private|own account* group|public|common account*|pot",
		},
		"quantum game": {
			"quantum entangl*|strateg*|qubit*|superposition* game*|player*|dilemma*|equilibri*",
			"entangl* strateg*|player*|dilemma*|game*",
		},
		"minimum cost spanning tree game": {
			"connect*|link*|pipe*|cable* source|supplier|root|central cost* shar*|divid*|split*|allocat* tree*|network*|village*|house*",
		},
	}
}
