package text

// secondCues3 describe glossary terms a second time, by a writer who read
// the first cues and added the wordings they miss (see Evoked for the cue
// syntax and the trade-off). Written blind to every question set.
func secondCues3() map[string][]string {
	return map[string][]string{
		"inequity aversion": {
			"reject*|refus*|turn* free money|cash other|others|partner* gets|get* more someone|people|rational*|players|subjects|experiment*",
			"behind ahead others|peers|earn*|income*|pay* care*|mind*|dislike*|hate*|bother*",
		},
		"Blackwell approachability": {
			"average* several|multiple|many objective*|criteria set*|region* opponent*|adversar*|learner*|guarantee*|ensure*|sure",
		},
		"adaptive dynamics": {
			"mutant*|mutation* slightly|small|tiny|little resident*|trait* evolv*|differ*",
		},
		"multilevel selection": {
			"natural selection groups|group individual*",
		},
		"diner's dilemma": {
			"everyone|everybody|diners|group order*|orders lobster|steak|expensive*|pricier check|bill|tab split|shared|divided",
		},
		"generous tit-for-tat": {
			"forgiv*|lenient* strateg* misread*|misperc*|misinterpret*|noise|noisy|mistake*|error* moves|opponent*|cooperat*|repeated|defect*|prisoner*",
		},
		"policy-space response oracles": {
			"repeated*|iterat* add*|adding best respon*",
		},
		"proper scoring rule": {
			"score*|grade*|reward* predict*|forecast* really|actually|genuinely believ*",
			"scoring* predict*|forecast* hedg*|overconfiden*|calibrat*",
		},
		"Schelling segregation model": {
			"preferen*|prefer* similar|alike neighbo* separat*|sort*|cluster*",
			"neighbo* become*|end* all|entirely|completely one|same group*|race*|color* mov*|move|leave*",
			"segregat* alike|themselves|similar* prefer*|want*|wants|wish*|tolera*",
			"grid*|checkerboard* unhappy*|dissatisf* mov*|relocat* neighbo*",
			"neighbo* segregat* nobody|though|mild*|slight* want*|wants|prefer*|intend*",
			"tipping point* neighbo* white|black|race*|ethnic*|segregat*",
		},
		"prophet inequality": {
			"twice|double|half knows|know*|knew future|advance|ahead offers|prizes|values|draws accept*|reject*|stop*|keep*|gambler*",
			"keep*|accept*|take discard*|reject* prize*|reward*|offer*|value* one|sequential*|sequence*|arriv*|order compar*|someone|versus|against knows|know*|foresee*|hindsight|omniscien*",
		},
		"quadratic voting": {
			"each|every|extra|additional vote* costs|cost* more than last|previous",
			"pay* more|extra|additional|each vote*|votes care*|intens*|strongly|deeply issue*|proposal*|preferen*",
			"credits|tokens vote*|votes intens*|minorit*|care*",
		},
		"Diamond-Dybvig model": {
			"bank* collaps*|fail* just|only|merely|simply|purely everyone|everybody|depositors|others expect*|believ*|fear*|think*",
		},
		"gift exchange game": {
			"wage*|salar* above|higher needed|necessary|required worker*|employee* effort*|reciproc*|loyal*|gift*|shirk*",
			"boss*|employer*|manager* pay*|paid|pays above|more|generous* worker*|employee*|staff effort*|reciproc*|repay*",
		},
		"Boston mechanism": {
			"immediate acceptance mechanism*|algorithm*|deferred*|assign*|manipul*|strateg*|rank*",
		},
		"liquid democracy": {
			"give*|hand*|lend* vote* friend*|expert* knows|knowledgeable|topic*|issue*",
			"delegat* vote* expert*|topic*|issue* trust*|knowledgeable|knows|better",
			"transitiv* delegat*|proxy*",
			"vote* directly|yourself or delegat*",
		},
		"participatory budgeting": {
			"residents|citizens|community decide*|choose* which project*|proposal* fund* budget*",
			"residents|citizens|community|neighbo* vote*|ballot* project*|proposal* budget*",
			"approval* vot*|ballot* project* budget*|cost*",
			"knapsack vot*|voting|ballot*|approval*",
			"fair* allocat*|divid* budget* project* vot*|voter*|group*",
		},
		"May's majority theorem": {
			"majority vot*|rule* two alternatives|options|candidates properties|axiom*|characteri*",
			"majority rule* anonym*|neutral*|responsive*|characteri*",
			"why* majority vote* two candidate*|options|alternatives fair*|fairest|unique*|justif*",
		},
		"liberal paradox": {
			"right* choose* own everyone|society prefer*|preferring",
			"individual* freedom*|liberty|liberties unanim*|pareto*",
			"prude* lewd*",
			"chatterley* prude*|lewd*|read*|book*|pareto*",
			"minimal* libera* pareto*|impossib*|unanim*",
			"rights* libera* unanim*|pareto*",
		},
		"preemption game": {
			"adopt*|enter* wait*|waiting rival* preempt*|jump*",
			"wait* move*|enter*|adopt* first rival* market|technolog*|preempt*",
			"timing* entry|enter*|invest*|adopt* rival*|competitor* preempt*|race*|equilibri*|game*",
			"first mover* advantag* timing*|wait*|delay* rival*|competitor*",
		},
		"anti-coordination game": {
			"player* gain*|better|payoff* differently|opposite partner*|opponent*",
			"better|best off* doing|do|choose* opposite|different* what others|other|everyone|everybody crowd*|payoff*|equilibri*",
			"player*|opponent* want*|prefer* opposite*|mismatch*",
		},
		"Lewis signaling game": {
			"signal* shared|common meaning* evolv*|emerge*|animal*|bees|monkey*",
			"sender* receiver* signal* evolv*|learn*|emerge*|convention*|meaning*",
			"signal*|symbol* arbitrar* meaning*|convention* evolv*|emerge*|learn*|coordinat*|game*|sender*",
			"one if by land",
		},
		"Maskin monotonicity": {
			"nash implement*|implementab*",
			"implement* social choice* function*|rule*|correspond*",
			"monotonic* implement*|mechanism*",
			"outcome* rank*|ranking* rise*|rises|higher|raise*|improv* implement*",
		},
		"Rothschild-Stiglitz screening": {
			"insur*|insurer* offer*|design*|screen* risky|riskier|high risk* safe|safer|low risk* plans|policies|contracts|menu*|deductible*",
			"insur* adverse selection* separat*|pooling|equilibri*|exist*|screen*",
			"insurance market* equilibri* exist*|fail*|unravel*|nonexist*",
		},
		"best-shot public goods": {
			"biggest|largest|highest contribution* count*|matter* network*|neighbo*|public",
			"only one* needs* buy|own|invest*|provide* neighbo* network*|benefit*|borrow*",
			"public good* only highest|best|largest contribution*|effort*",
			"neighbo*|friend* lend*|borrow*|share* one* buy*|own*|invest* network*",
		},
		"tragedy of the anticommons": {
			"too many* patent*|rights research|innovation|develop* stop*|block*|stifl*|hinder*",
			"owner*|holder*|gatekeeper* veto*|holdout* underus*|unused|stall*|block*|idle|gridlock*",
			"holdout* many|multiple|several owner*|parcels|landowners",
			"too many* permission*|licen*|permit* underus*|unused|idle",
		},
		"win-stay lose-shift": {
			"pavlov* strateg*|prisoner*|tit|defect*",
			"stick*|stay* win*|won switch*|shift* los*|lost|lose|loss strateg*|repeated*|prisoner*|cooperat*|opponent*|action*",
		},
		"parity game": {
			"forever|infinitely|infinite game* graph* colo*|priorit*",
			"even odd* priorit* game*|infinite*|winner*|graph*",
			"mu calculus* game*|model*|check*|parity*",
			"quasi* polynomial* game*|solv*|winner*",
			"infinite* play*|path* highest|largest|maximum priorit*|colo* even|odd|winner*",
		},
		"cops and robbers": {
			"pursuit* evasion* graph*|network*|vertices|pursuer*",
			"cop number*",
			"chase*|catch*|corner*|trap* thief|robber|fugitive|evader* graph*|vertices|vertex",
			"how many guards|police|cops|searchers|pursuers needed* catch*|corner*|trap* graph*|vertices|vertex",
		},
		"team contest": {
			"teams|groups compet*|contest* member*|teammate* shirk*|slack*|loaf*|freeload*",
			"teams|groups compet*|contest* free rid* effort*|member*|teammate*",
			"tug of war* team*|group* effort* equilibri*|free|shirk*|member*|contest*",
		},
		"nonatomic game": {
			"driver*|player*|agent*|trader* tiny|negligib* affect*|influence*|impact* equilibri*|price*|aggregate|outcome*|congestion",
		},
		"Nash Q-learning": {
			"stochastic|markov game* learn* equilibri* value*|values|update*",
		},
		"proper equilibrium": {
			"tremb* rank*|order* cost*|costl*|payoff*",
			"mistake*|error* rank*|order* costly|cost* equilibri*|refine*",
			"myerson* proper*|refine*|tremb*",
		},
		"strong Nash equilibrium": {
			"equilibri* resist*|immune*|robust*|stable* coalition*|group* deviat*|switch*",
			"no coalition* profitabl*|better*|gain* deviat*",
			"coalitions|groups cannot|can't gain*|benefit*|improve* deviat*|jointly",
		},
		"coalition-proof Nash equilibrium": {
			"subcoalition* deviat*|equilibri*|stable*|enforc*",
			"deviating group*|coalition* itself|themselves further|again deviat*",
			"strong nash* weak*|weaker|refine*|relax*",
			"strong nash* rarely|seldom|fails exist*",
		},
		"self-confirming equilibrium": {
			"player*|equilibri* learn* see*|seen|observ* wrong|mistaken|false|incorrect belief*",
			"belief* correct*|accurate*|right only|just path*|observ*|seen",
			"never* experiment*|tried|try* other action*|strateg* belief* wrong|mistaken|false|incorrect|equilibri*",
			"superstitio* equilibri*|player*",
			"conjectural* equilibri*",
		},
		"maximin strategy": {
			"assum* worst opponent*|adversar* strateg*|guarantee*|safest",
			"opponent*|adversar* always worst* me|you|us strateg*|guarantee*",
			"guarantee* minimum payoff* no|regardless|whatever others|opponent*|rival*|other",
			"maximi* worst* payoff*|opponent*|adversar*",
			"assume* opponent*|rival*|adversar* hurt*|harm*|worst|malicious guarantee*",
			"security level* payoff*|player*|mixed",
			"guarantee* least* no matter* opponent*|rival*|other player*",
		},
		"Pareto efficiency": {
			"equilibri* wasteful|inefficien* everyone|everybody|all|both nash|game*|players",
			"nobody|no better off* without* someone|anyone|others losing|lose|loses|worse|hurt*",
			"outcome*|allocation* waste*|wastes|wasted|wasteful gains|surplus",
			"inefficien*|wasteful|suboptimal* everyone|both|all better off* outcome*|equilibri*|alternative*",
			"no way* make* anyone|someone|somebody better off* without* worse|hurt*|harm*|expense",
			"pareto* optimal*|dominat*|frontier*|efficien*",
		},
		"Walrasian equilibrium": {
			"supply equal* demand* every|all market*|goods",
			"arrow debreu*",
			"competitive equilibri* price*|exist*|market*|economy*",
			"tatonnement*|tâtonnement* price*|walras*|auctioneer*|market*|converg*|stab*",
			"clearing price* vector*|simultaneous*|economy",
		},
		"forward induction": {
			"burn* money* tell*|mean*|say*|communicat*|convey* player*|opponent*",
			"earlier|previous|past move*|choice*|action* signal*|infer*|interpret* intend*|plan*|future* player*|opponent*|rival*",
			"outside option* pass*|declin*|forgo*|forwent|refus* signal*|reveal*|mean*|infer*",
		},
		"one-shot deviation principle": {
			"enough|suffic* check* deviat* once strateg*|profitab*|player*|gain*",
			"check*|verify*|test* subgame perfect*",
			"single* deviation* subgame*|profitabl*|equilibri*",
			"one stage deviation*",
			"deviat* once* then* return*|revert*|back profitabl*|subgame*|equilibri*|strateg*",
			"only* check* deviat* one period*|stage*|step*|node*",
		},
		"renegotiation-proof equilibrium": {
			"players agree* skip*|cancel*|drop*|forgo* punish* deviat*|defect*|equilibri*|repeated*",
			"both* gain*|better* forgiv* punish* player*|players|repeated*|equilibri*|threat*",
			"renegotiat* repeated* game*|punish*|equilibri*",
			"punish* phase* both* better off* renegotiat*|abandon*|skip*|forgive*",
			"bygones* punish* equilibri*|repeated*|threat*|credib*",
		},
		"common prior": {
			"same* initial|starting belief*|probabilit*|distribution* different information*|signals|private*",
			"harsanyi* doctrine*|consistent* belief*",
			"players|agents start*|share* same|common prior*",
		},
		"generalized Nash equilibrium": {
			"emission*|pollution cap*|limit*|quota* depend* others|rival*|other firm*|firms|player*|equilibri*|game*",
			"shared|common|joint resource*|capacity limit*|constrain* players|agents choice*|action*|strateg*",
			"shared|joint|common|coupled constraint* equilibri*|game*|player*",
			"feasible* set*|action*|choice* depend* others|rival*|opponent*|other",
		},
		"bimatrix game": {
			"two player* general|nonzero|non sum* matri*|table*|game*|equilibri*",
			"payoff table* both players* equilibri*|nash*",
		},
		"supermodular game": {
			"strategic complement*",
			"increasing* differences* game*|payoff*|strateg*",
			"largest|greatest smallest|least equilibri* monoton*|lattice*|complement*",
		},
		"Brouwer's fixed-point theorem": {
			"stir*|stirred coffee*|tea|cup|liquid spot|point|particle*|molecule* started|unmoved|original",
			"continuous* function*|map* itself unmoved|unchanged|fixed|stays|stay",
			"continuous* deform*|squish*|stretch*|shuffl* point* same place|spot|position*|fixed",
			"fixed point* exist* nash* equilibri*|proof*|prove*",
			"map* drop*|dropped|crumpl*|lay*|laid point* exactly|directly above|below location*|spot|place*|position*",
		},
		"Tarski's fixed-point theorem": {
			"lattice* fixed point* exist*|least|greatest|always",
			"monoton*|increasing* fixed point* least|greatest|smallest|largest",
		},
		"Sperner's lemma": {
			"triangulat*|subdivi* rainbow*|trichromatic|fully|completely colo*|colour*|label*",
			"rent* divid*|division|split* triangulat*|simplex*",
		},
		"von Neumann-Morgenstern utility": {
			"preferen* gambl*|bets expected utility*",
			"utility* function* lotter*|gambl* axiom*|rational*|represent*|exist*",
			"continuity* independence* completeness*|transitiv*|axiom*",
			"cardinal utility* lotter*|gambl*|probabilit*",
			"rational* prefer* gambl*|lotter* expected* axiom*|consisten*",
		},
		"coalitional game": {
			"coalition*|players|firms cooperat* split*|divid*|share* earn*|earnings|profit*|gain*|value together|jointly",
			"characteristic function* coalition*|game*|players|worth",
			"transferable utility* game*|coalition*",
			"coalition* form* divid*|split* payoff*|profit*|surplus",
		},
		"bargaining set": {
			"aumann* maschler*",
			"objection* counterobjection*|counter* payoff*|allocation*|imputation*",
		},
		"von Neumann-Morgenstern stable set": {
			"stable* set*|sets domination|dominat* outcome*|imputation*|allocation*",
			"lucas* stable* set*|game*|exist*|counterexample*",
			"standard* behavio* imputation*|dominat* set*|stable*",
			"dominat* imputation*|allocation* inside|within|outside set*",
		},
		"convex game": {
			"shapley value* in|inside|belongs core*",
			"bigger|larger|growing coalition* marginal* contribut* larger|bigger|increas*|grow*",
			"supermodular* characteristic*|coalition*|worth*",
		},
		"egalitarian bargaining solution": {
			"bargain* same|equal absolute gain*|utility|benefit*",
			"negotiat*|bargain* gain*|benefit* same|equal|equally without deal|agreement|no",
			"kalai* egalitarian*|proportional*|bargain*",
			"equal|same|equaliz* gain*|improvement*|utility* quo|disagreement bargain*|solution*|split*|point*",
		},
		"Nash program": {
			"noncooperative*|non bargaining* justify*|support*|derive*|foundation* nash*",
			"cooperative solution* derive*|justify*|outcome* offers|bargaining game*|noncooperative*",
			"alternating offer* nash* bargaining*|solution*|limit*",
			"cooperative solution* equilibri* noncooperative*|non|procedure*|bargaining",
			"rubinstein* nash* solution*|bargaining*|converg*|limit*",
		},
		"outside option principle": {
			"walk* away* alternative*|option* bargaining|share|split|surplus|pie",
			"alternative|offer|job* elsewhere negotiat*|bargain* credible|irrelevant|binding|threat*",
			"outside option* matter*|binding*|irrelevant*|threat*|bargain*|share*",
		},
		"social choice theory": {
			"combin*|aggregat* preferences many|everyone's|people|voters one|single|collective|group decision*|choice*|ranking*",
			"fairest|fair|ideal voting system*|method*|rule* axiom*|criterion|criteria|impossib*",
			"aggregat* vote*|voter*|ballot* preference* fair*|rule*",
		},
		"Condorcet winner": {
			"candidate* wins|win* every|each|all head|matchup*|pairwise",
			"candidate* beat*|defeat* every|each|all other|others matchup*|pairwise|runoff*|head",
			"pairwise majority* winner*|beat*|candidate*",
		},
		"Kemeny rule": {
			"combin*|merg* rankings judges|voters|experts|reviewers one|single|consensus|overall",
			"ranking* agree*|disagree* most|least judges|voters|rankings find*|closest|minimi*|best|overall|consensus",
			"combin*|aggregat* rankings|ranking* voter*|judges consensus",
			"median ranking* voter*|judges|aggregat*|consensus|set|combin*",
			"aggregat* ranking* minimi* swap*|disagree*|distance*",
			"kendall* distance* ranking*|aggregat*|consensus",
		},
		"Copeland rule": {
			"candidate* wins|win* most pairwise|head|matchup*|matches|contests",
			"round robin* candidate*|pairwise|vote*|voting|election*",
			"candidate* beat* most other*|most|many count*|rank*|winner*",
		},
		"Schulze method": {
			"beat path*|beatpath*",
			"resolve*|break* condorcet* cycle*|paradox*|tie*",
			"strongest|widest|strength* path* pairwise*|ballot*|ranked",
		},
		"instant-runoff voting": {
			"ranked choice* transfer*|redistribut*|spoiler*|monoton*|strateg*|paradox*",
			"alternative vote* eliminat*|fewest|transfer*|redistribut*",
			"candidate* eliminat* ballot*|votes second|next choice*|preference*|ranked|ranking",
		},
		"single transferable vote": {
			"droop* quota*",
			"ranked ballot*|choice* multi* seat*|winner*|member*",
			"surplus* ballot*|votes* transfer*|redistribut*",
		},
		"independence of irrelevant alternatives": {
			"adding|add* losing|loser|unpopular option*|candidate*|alternative* change*|flip*|switch* win*|winner*",
			"third option*|candidate*|alternative* added|adding|introduc*|enter*|drop*|remov* chang*|switch*|flip*|revers* preference*|choice*|winner*|ranking*",
			"morgenbesser* pie*|apple*|blueberry*|cherry*|joke*",
		},
		"Muller-Satterthwaite theorem": {
			"monoton* pareto* dictator*|dictatorial",
		},
		"no-show paradox": {
			"voting|vote* favorite|favourite|preferred make*|makes|cause* lose|loses|losing",
			"more|adding|additional|extra voters|supporters candidate* lose|loses|lost|losing like|support*|prefer*|favor* make|makes|cause*|hurt*|paradox*",
			"participation* criterion*|paradox* vot*|elect*|rule*|voting",
			"stay* home* better* vote*|voting|voter*|ballot* result*|outcome*|candidate*|winner*",
			"voting|vote* hurt* own|my|preferred|favorite* candidate* better* home|abstain*|not vot*",
		},
		"multiwinner voting": {
			"approval ballot*|ballots committee*|seats|winners|several",
			"elect|elected|electing board|members|seats proportional*|representation vot*|ballot*|rule*|method*",
			"elect|elected|electing|choose*|select* committee*|council* proportional*|representation vot*|ballot*|rule*|method*|approval*",
			"approval vot* several|multiple|committee* seat*|winner*",
			"several|multiple winner*|seat* vot*|election* proportional*",
		},
		"justified representation": {
			"committee* group* voter* large* enough*",
			"proportional* representation* approval* committee*",
			"minority* group* voter* guarantee*|deserve*|entitled* seat*|representative* committee*|approv*|cohesive*",
			"group* voter*|ballot*|approv* large* enough* deserve*|entitled* seat*|representative*",
		},
		"judgment aggregation": {
			"judges|judge* consistent* majority* verdict*|contradict*|inconsistent*",
			"doctrinal paradox*",
			"discursive dilemma*",
			"judges|judge* vote* each issue*|premise*|question* verdict* differ*|inconsistent*|contradict*",
			"majority* each* proposition*|premise* inconsistent*|contradict*|illogical",
		},
		"algorithmic game theory": {
			"computer scien* selfish* behavio*|agents|users|network*",
			"computer*|computation*|algorithm* selfish* agents",
			"economics* computation*",
			"internet* selfish* router*|routing|traffic|equilibri*",
		},
		"auction theory": {
			"auction* format*|type*|kind* revenue*",
			"english|dutch auction* sealed* bid*|compar*|revenue*|better",
		},
		"incentive compatibility": {
			"bidder*|mechanism* gain*|benefit*|better lie*|misreport*",
			"honest* report*|bid*|reveal* optimal|dominant mechanism*|auction*",
			"rules* truth* best|optimal|dominant* report*|bid*|reveal*",
		},
		"individual rationality": {
			"worse off* than* bid*|bidding|joining|join|staying|skip*|opt*|abstain* auction*|mechanism*",
			"participation constraint*",
			"willing* participat* mechanism*",
			"agent*|bidder*|player*|participant* join*|participat* at least* nothing|zero|outside",
		},
		"Myerson's lemma": {
			"payment* area|integral* allocation* curve*|rule*",
			"payment* determin*|unique*|pinned* allocation* truthful*|monoton*",
		},
		"Bulow-Klemperer theorem": {
			"more bidders* versus|instead|rather|beat*|better* optimal*|reserve*",
			"recruit*|attract* more|extra|additional bidder* instead|rather* optimal*|reserve*|design*",
		},
		"multi-unit auction": {
			"sell* many|several|multiple identical* licence*|permits|bonds",
			"treasury* auction* bidder* strateg*|shade*|shading|uniform*|discriminat*|demand*",
			"bid* demand curve* auction*",
			"demand reduction* auction*|bidder*|units*",
			"electricity* auction* supply curve*",
		},
		"uniform-price auction": {
			"single clearing price* bid*|auction*|winner*",
			"pay as bid* uniform*|same price*|clearing price*",
			"discriminatory auction* uniform*|compar*|versus",
		},
		"procurement auction": {
			"government|agency|city|public|ministry auction* buy|buying|purchasin*|procur*|supplies|supplier*|contract*",
			"government* contract* lowest* bid*|bidding|tender* firm*|supplier*|contractor* collu*|rigg*|strateg*|overrun*|renegotiat*|winner*",
			"reverse auction* buyer*|seller*|lowest|price*",
		},
		"market scoring rule": {
			"logarithmic market* scor*|maker*",
			"hanson* market*|prediction*|scor*",
		},
		"false-name-proofness": {
			"pretend* multiple|several|two bidder*|agents|voters",
			"sockpuppet*|puppet*|fake account*|identit* auction*|mechanism* gain*|benefit*|manipulat*|profit*|help*",
			"fictitious|fake identit*|name*|bidder* auction*|mechanism*|bid*",
		},
		"selfish mining": {
			"miner* hiding|hid|hidden block*|blocks",
			"miner* withhold*|reveal*|release*|publish* block*|blocks strateg*|later|delay*|private*",
			"bitcoin*|blockchain* miner*|mining deviat*|withhold* honest*|profitab*|incentive*",
			"mining pool* attack*|withhold*|infiltrat*",
		},
		"strategic classification": {
			"change*|alter*|adjust* behavio* algorithm*|classifier* loan*|credit|hiring|admission*|classif*",
			"applicant*|user*|people|agents gam*|manipulat* classifier*|predictor* feature*|decision*|threshold*",
			"goodhart* law* algorithm*|machine|learning|classifier*",
			"manipulat* classifier*|algorithm* strategic*|classif*",
		},
		"secretary problem": {
			"37 percent|rule* best*|applicant*|candidate*|partner*",
			"how many candidate*|applicant* interview*|reject*|skip* before|first best*|better|next",
			"optimal* stopping* best*|candidate*|partner*|hire*|marry*",
			"decide* spot|immediately|irrevocab* candidate*|applicant* best* interview*|sequence*|arriv*",
			"when stop* looking|searching|dating|interview* optimal*|math*|probabilit*|strateg* candidate*|partner*|spouse*|apartment*",
		},
		"many-to-one matching": {
			"capacit*|quota*|slots stable* match*|assign* college*|school*|hospital*|student*|doctor*|worker*",
			"deferred acceptance* college*|school*|hospital*|quota*|capacit*",
		},
		"rural hospitals theorem": {
			"same set* unmatched|unassigned every|any|all stable*",
			"vacan*|unfilled|empty seat*|slot*|position* same every|all|any stable*",
			"unpopular hospital*|school*|college* cannot|can't fill* stable*|matching",
		},
		"matching with contracts": {
			"hatfield* milgrom*",
			"kelso* crawford*",
			"gross substitut* match*|contract*|stable*",
			"cadet* branch* match*|mechanism*|priorit*|assign*",
		},
		"envy-freeness up to any good": {
			"envy free* up to any|every item*|good*",
			"remov*|drop*|without least|cheapest|smallest valu*|item*|good* envy*",
			"efx* exist*|alloc*",
		},
		"divide and choose": {
			"cut* you choose*|pick* cake*|piece*|slice*|half|halves|envy*",
			"cut*|split*|divid* other* choose*|picks|pick* piece*|half|halves",
		},
		"Selfridge-Conway procedure": {
			"three* trim* envy*|envies|jealous*|fair*",
			"three* cut* cake* envy*|envies|jealous*",
			"three* envy free* divid*|division|cut*",
		},
		"moving-knife procedure": {
			"austin* moving|knife*|knives cake*|fair*|procedure*|divid*",
			"dubins spanier*",
			"stromquist* knife*|cut*",
			"slide*|move* knife* until* someone|somebody|anyone stop|shout*|says|call*",
		},
		"multiplicative weights update": {
			"combin*|aggregat* advice|predictions expert* track*|record*|past weight*|algorithm*|online|regret*",
			"hedge* algorithm* regret*",
			"expert* weight* halv*|shrink*|exponential* advice|algorithm*|online",
			"weighted majority algorithm*",
		},
		"regret matching": {
			"positive regret* action*|choose*|probabilit*",
			"hart* mas colell*",
		},
		"follow the regularized leader": {
			"follow* best past action*|expert*|decision* regulari*|penalty|stabil*|perturb*",
			"follow* perturbed leader*",
			"follow* leader* unstable|oscillat*|adversar*|fail* regret*|online|algorithm*",
			"mirror descent* online*|regret*|game*",
		},
		"sequence form": {
			"game tree*|extensive compact*|realization strateg*|represent*",
			"realization plan*",
			"koller megiddo*",
			"extensive form* solv*|comput* polynomial*|linear program*",
		},
		"electronic mail game": {
			"two generals* problem*|message*|messenger*|acknowledg*",
			"coordinated attack* problem*|messenger*|message*|common",
			"almost|approximate* common knowledge* coordinat*|equilibri*|game*",
		},
		"muddy children puzzle": {
			"mud|muddy|dirty face*|foreheads|forehead figure|deduce*|reason*|puzzle*|logic*",
			"dirty face*|faces puzzle*|logic*|common|announc*|reason*",
			"at least one* muddy|dirty|mud* father|teacher|announc*|says|know*",
			"islander* eye* leave*|puzzle*|logic*",
		},
		"Stackelberg competition": {
			"firm*|company move*|moves first output|produc* larger|more|bigger",
			"firm*|leader* set*|choose*|commit* output|production|quantit* first|before rival*|follower*|competitor*",
			"first mover* advantag* quantit*|output*|capacit*|duopol*",
			"leader* follower* duopol*|quantit*|output*",
		},
		"Bertrand-Edgeworth competition": {
			"price* compet*|undercut* cannot|can't|unable serve|supply|meet all|whole|entire demand|market",
			"edgeworth* cycle*|price*",
			"capacit* limit*|constrain* undercut*",
			"no pure equilibri* price* capacit*",
			"cannot|can't|unable supply|serve whole|entire market undercut*|rival*",
		},
	}
}
