package text

// secondCues2 describe glossary terms a second time, by a writer who read
// the first cues and added the wordings they miss (see Evoked for the cue
// syntax and the trade-off).
func secondCues2() map[string][]string {
	return map[string][]string{
		"centipede game": {
			"backward induction* stop*|end*|quit* first|immediately|right|start* pot*|pile*|pass*|continu*|keep*|cooperat*",
			"stop*|quit*|end* pot*|pile* doubl* pass*|passing",
		},
		"entry deterrence": {
			"threat* credib*|believ*|bluff* incumbent*|monopol* entr*|enter*|rival*|competitor*|newcomer*|market*",
			"keep*|scare*|stop* rival*|competitor*|newcomer* away|out capacit*|commit*",
		},
		"global game": {
			"private*|noisy* signal* coordinat* unique* equilibri*",
			"multiple equilibri* unique* noise|noisy|private signal*|information",
			"regime* change*|topple*|overthrow* private*|noisy*|unique*|threshold* coordinat*|attack*|protest*|revolt*|join*",
			"threshold* fundamental* attack*|run*|withdraw*|coordinat*",
		},
		"matching pennies": {
			"serve*|serving tennis* random*|unpredictab*|mix* guess*|returner*|outguess*",
			"pitcher*|pitch* batter*|hitter* mix*|equilibri* guess*|unpredictab*|random*|outguess*",
			"outguess* opponent*|other|each random*|predict*|mix*|equilibri*",
		},
		"Myerson-Satterthwaite theorem": {
			"buyer* seller* impossib*|impossibility efficien*|trade*|valuation*|private*",
			"efficient* trade* budget balanc*",
			"efficient* trade* incentive compatib*|truthful*",
			"buyer*|seller* both|each side* lie*|exaggerat*|misreport* valu*|worth|price*|cost* trade* efficien*|fail*|lost|never",
		},
		"first-mover advantage": {
			"first compan*|firm* enter*|entering|entrant*|be|being market*|industr* advantage*|better|benefit*|pay*",
			"leader* follower* advantage*|better|benefit*|worse game*|firm*|compan*|quantit*|price*|move*|output*",
			"first* commit* advantage*|better|benefit* firm*|market*|stackelberg*|duopol*",
			"move*|moving|act*|acting first* hurt*|disadvantage*|worse firm*|market*|stackelberg*|duopol*",
		},
		"handicap principle": {
			"wasteful|costly|expensive display*|ornament*|trait* mate*|mating|female*|male*",
			"strong*|healthy|fit|fitter afford* handicap*|burden*|ornament*|antler*|plumage|tail* male*|female*|mate*|signal*|predator*|honest*",
			"wasteful* signal*|display* honest*|reliab*|credib*|genuine*|quality",
		},
		"sequential equilibrium": {
			"belie*|believ* off|unreached|unexpected path*|move*|node* consistent*|rational*",
			"trembl*|mistake* belief* consistent*",
			"subgame perfect* not|isn't|enough|fails|weak* belief*|imperfect information",
			"believ*|belief* after unexpected* move*|action*|deviation* opponent*|rational*|equilibri*",
		},
		"dollar auction": {
			"losing|loser*|second* bidder* also|still pay* escalat*|keep*|outbid*|war*",
			"all pay* auction* escalat*|dollar|sunk*|bid*",
		},
		"Kalai-Smorodinsky bargaining solution": {
			"bargain*|negotiat* ideal|utopia*|best point*|possible* proportion*|ratio*|fraction*|equal* solution*|outcome*|side*|parties|player*",
			"monoton*|monotonic* bargain* solution*|axiom*",
			"bargain* solution* alternative* nash* monoton*|proportion*|ideal*|utopia*",
			"same|equal fraction*|percent*|proportion* maximum*|best|ideal gain*|payoff*|utilit*",
		},
		"Nash demand game": {
			"pie|dollar total*|sum*|add* exceed*|more|over nothing|neither name*|ask*|claim*|want*|request*",
			"demand*|claim* simultaneous*|secretly|secret* share*|portion*|percent*|fraction* exceed*|nothing|neither",
			"demands|claims compatible*|incompatible* nothing|share*|pie|bargain*",
			"write*|name* down* share*|percent*|portion* add*|sum*|total* more|exceed*|over nothing|neither|anything",
		},
		"Condorcet jury theorem": {
			"majority* vote*|voting probabilit*|chance* correct*|right* approach*|tend*|grow*|larger|more voter*|juror*",
			"independent* voter*|juror*|judge* better than chance|coin|random majority*",
			"each|every voter*|juror* slightly|little better than chance|coin|random",
			"majority* wiser|smarter|accura* individual*|single|lone voter*|juror*|vote*|person",
			"aggregat* votes|opinions|judgments correct*|accura*|truth majority*",
		},
		"Borda count": {
			"ranked|ranking ballot* points|score* position*|place*|add*|sum*|each",
			"last place* zero|point*|points ballot*|candidate*|voter*",
			"positional* vot*|scoring|rule*|method*|system*",
			"rank* option*|candidate*|choice* vote*|voter*|ballot* points first|second|last|place*",
		},
		"approval voting": {
			"approve*|disapprove* each candidate*|option* ballot*|vote*",
			"approv*|acceptable many|several|multiple|any candidate*|option* strateg*|sincere*|threshold*",
		},
		"Nash social welfare": {
			"multipl*|multiply* utilit*|happiness|welfare fair*|allocat*|divid*",
			"geometric mean* utilit*|welfare|happiness|allocat*|fair*",
			"sum* or|versus|vs product* utilit*|welfare|happiness",
			"maximi* product* payoff*|happiness|utilit*",
		},
		"maximin share": {
			"guarantee* divid*|split*|partition* item*|goods|objects* pick*|choose*|chosen last|after",
			"partition*|divid*|split* items*|goods|objects*|possessions* piles*|bundles* get*|receive*|keep* worst|least|smallest|last guarantee*|fair*|entitle*|deserv*",
			"guarantee* each* least* items*|goods|objects*|bundle*|pile* indivisib*|fair*|share*",
			"divid*|split*|cut* items*|goods|objects* others|everyone choose* first* guarantee*|worst|least",
		},
		"Fisher market": {
			"comput*|find* market* equilibri* budget*|budgets linear*|utilit*|goods",
			"proportional response* dynamic*|buyer*|bid*|market*",
			"eisenberg gale*",
			"spend* budget* goods|items market* equilibri*|clearing",
		},
		"trust game": {
			"trustee* return*|send*|keep*|back|repay* invest*|tripl*|multipl*|stranger*|experiment*",
			"investment game* trust*|stranger*|tripl*|experiment*|send*",
			"give*|send*|return* back tripled|doubled|multiplied|triple|double trust*|stranger*",
		},
		"kin selection": {
			"bird*|animal*|squirrel*|monkey*|meerkat* warn*|alarm* relatives*|kin|sibling*|family|offspring|others",
			"hamilton* relatedness|altruis*|kin",
			"hamilton* rule* altruis*|relatedness|evolv*|gene*",
			"gene|genes sacrific*|altruis*|selfless* relatives*|sibling*|brother*|cousin*",
			"bee|bees|ant|ants|wasp|wasps worker* sterile*|altruis*|evolv*|sacrific*|reproduc*",
			"die*|sacrific* save* two brothers|siblings eight cousins",
			"inclusive fitness* help*|altruis*|relative*|evolv*",
			"animal*|bird*|squirrel*|monkey* help*|alarm*|sacrific*|feed* relatives|sibling*|kin evolv*|altruis*",
		},
		"differential game": {
			"missile*|torpedo* pursu*|pursuit* evad*|evasion|evader*|escap*",
			"lion* man* arena*|circular|circle*",
			"homicidal chauffeur*",
			"pursuer*|chaser* evader*|evad*|escap*|fugitive* capture*|catch* optimal*|guarantee*|strateg*",
			"isaacs* equation*|game*|pursuit*",
		},
		"inspection game": {
			"fare* dodg*|evas*|evad* inspect*|check*|control* often|random*|probabilit*|deter*|optimal*",
			"tax* audit* evad*|evasion|cheat* deter*|optimal*|strateg*|equilibri*",
			"doping* test*|inspect* athlete*|cheat* optimal*|equilibri*|strateg*|mix*",
			"inspector*|auditor*|inspect*|audit* inspectee*|violator*|comply*|compliance mix*|equilibri*",
			"fine*|penalt* higher|increas*|bigger inspect*|audit* less|fewer|reduc*|rarely cheat*|violat*|comply*|complian*|evad*|evasion",
		},
		"Sprague-Grundy theorem": {
			"nim win*|strateg*|beat*|trick*|move*|heap*|pile*",
			"xor* pile*|heap*|nim*",
			"matchstick*|counters|tokens take*|remov* turn* last* win*|lose*|loses|wins",
			"losing|winning position* heap*|pile*|stone*|coin*|token*|counter*|matchstick*",
			"combin*|sum* several|multiple|two games* impartial*|nim*",
			"mex game*|position*|value*|grundy*",
		},
		"strategy-stealing argument": {
			"extra move*|stone*|piece* never|can't|cannot hurt*|harm*|disadvantage* first player*|board*",
			"second player* winning* strateg* contradict*|steal*|copy*|first*",
			"first player* winning strateg* exist*|prove*|proof*|without|nonconstructive*",
			"chomp* win*|strateg*|first*|game*",
			"prove* first player* win*|lose*|draw* without know*|finding|find*|explicit*",
		},
		"Coase conjecture": {
			"compet* against future self|selves monopol*|seller*|durable*|price*",
			"lease|leasing|leases|rent|renting instead|rather sell*|selling durable*|commit*",
			"planned obsolescence* durable*|monopol*|commit*",
			"price* fall*|drop*|approach* marginal cost* monopol*|seller* patient*|quickly|instant*|durable*",
		},
		"costly punishment": {
			"pay*|spend* fine*|deduct*|punish* free rider*|riding experiment*|public|contribut*|group*",
			"altruistic punish*",
			"antisocial punish*",
			"third party punish* norm*|fair*|unfair*|bystander*|observer*|experiment*|cooperat*|altruis*",
			"second order free rider*|punish*",
			"why* people* punish*|sanction* cheater*|freeload*|rider*|strangers|defector* cost*|costly|expense|themselves",
		},
		"chain-store paradox": {
			"shop|store|retailer*|chain*|monopol*|incumbent* fight*|war*|undercut* first|early|earliest|initial rival*|competitor*|entrant*|newcomer* town*|market*|row|twenty|several|series|sequence|many",
		},
		"information cascade": {
			"crowd*|everyone|everybody|whole wrong* copy|imitat*|herd* before|previous|predecessor*|earlier|ahead choice*|decision*|signal*|information|own|private",
		},
		"Bayesian game": {
			"know*|unsure|uncertain* whether|if opponent*|rival*|enemy* strong*|tough* weak* strateg*|equilibri*|bluff*|belief*|choose",
		},
		"behavioral game theory": {
			"human*|people|subjects|participants reason*|think* steps ahead theor*|assum*|predict*|rational*",
		},
		"best-response dynamics": {
			"keep* switch*|chang* best|better repl*|respon* equilibri*|converge*|settle*",
		},
		"volunteer's dilemma": {
			"only one* need*|needs everyone*|everybody benefit* cost*|costly|sacrific*|chore*|dishes|task*|volunteer*",
		},
		"grim trigger": {
			"cheat*|betray*|defect* once stop*|end*|quit*|cease* cooperat* forever|permanent*|never|again",
		},
		"zero-determinant strategies": {
			"force*|set*|fix*|pin* opponent*|other* score* fixed|value*|level* repeated*|dilemma*|unilateral*",
		},
		"job market signalling": {
			"employer*|hire*|hiring degree*|diploma* show*|shows|prove*|signal* smart*|clever*|intelligen*|able|ability|talent* learn*|taught|skill*|nothing|not|rather|instead",
		},
		"envy-freeness up to one good": {
			"envy remov*|drop*|without|except one|single item*|toy*|good*|object*|gift*|book*",
		},
		"imperfect public monitoring": {
			"cartel*|collu* can't|cannot|unable|don't see*|observ*|monitor* price*|output*|sales|quantit*|cheat*",
		},
		"sunspot equilibrium": {
			"event*|signal* nothing|unrelated|irrelevant economy|econom*|fundamental* price*|market*|output* believ*|belief*|expect*",
		},
		"core allocation": {
			"split*|divid*|share* profit*|saving*|surplus*|gain* no|nobody|none group*|coalition*|subgroup* break*|walk*|split* away|off",
		},
		"spectrum auction": {
			"auction* licen* 5g|4g|3g|frequen*|airwave*|spectrum|wireless|telecom*",
		},
		"Coase theorem": {
			"pollut*|smoke|noise|externalit* right*|entitle*|liab* bargain*|negotiat*|deal* matter*|regardless|whoever",
		},
		"peer prediction": {
			"reward*|pay*|incentiv* honest*|truthful* review*|rating*|report*|feedback can't|cannot|no|without check*|verif*|truth*",
		},
	}
}
