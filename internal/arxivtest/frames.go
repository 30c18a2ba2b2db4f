package arxivtest

// The sentence frames every family's abstracts are built from. A frame is
// lower-case (the writer capitalises sentences) and names slots in braces;
// families fill them with their own vocabulary (background_*.go). The
// frames are deliberately the formulaic moves of real abstracts — context,
// method, result, implication — so that vocabulary, not grammar, is what
// tells a game-theory paper from a distractor.

// titleFrames are shared title shapes, used next to a family's own.
var titleFrames = []string{
	"{topic} revisited",
	"{method} for {topic}",
	"new results on {topic}",
	"{topic} under {setting}",
	"a closer look at {topic}",
	"{topic}: the role of {setting}",
}

// subtitleFrames follow a colon in some titles.
var subtitleFrames = []string{
	"evidence from {data}",
	"the case of {setting}",
	"beyond {setting}",
	"{object}",
	"theory and experiments",
	"lessons for {area}",
	"a {n}-year perspective",
	"when {finding}",
}

var openerFrames = []string{
	"{topic} is a central problem in {area}.",
	"we study {topic} in {setting}.",
	"understanding {topic} remains difficult in {setting}.",
	"{topic} has received growing attention in {area}, but {setting} is still poorly understood.",
	"this paper revisits {topic} for {setting}.",
	"much of the literature on {topic} sets aside {setting}.",
	"{topic} underlies many questions in {area}.",
	"we consider {topic} in the presence of {setting}.",
}

var methodFrames = []string{
	"we propose {method} for {task}.",
	"our approach combines {method} with {method}.",
	"we develop {method} and apply it to {task}.",
	"using {method}, we address {task}.",
	"the analysis relies on {method}.",
	"we model {topic} with {method}.",
	"building on {method}, we revisit {task}.",
}

var empiricalFrames = []string{
	"experiments on {data} show that {finding}.",
	"on {data}, {finding}.",
	"compared with {baseline}, our approach reduces {metric} by {pct}%.",
	"we find that {finding}.",
	"results on {data} confirm that {finding}.",
	"across {data}, {finding}.",
}

var theoryFrames = []string{
	"we prove that {finding}.",
	"our main result shows that {finding}.",
	"we obtain {object} and show that {finding}.",
	"we also show that {finding}.",
	"in particular, {finding}.",
	"we derive {object}.",
}

var closerFrames = []string{
	"we discuss implications for {area}.",
	"these results open new directions for {task}.",
	"we conclude with open problems on {topic}.",
	"our findings matter for {audience}.",
}

// phraseFrames say "game theory" outright, which real abstracts rarely do;
// the writer uses one in a small share of papers (see gtPhraseRate).
var phraseFrames = []string{
	"the analysis draws on tools from game theory.",
	"we connect these findings to classical game theory.",
	"we borrow the language of game theory to describe {topic}.",
	"our framework sits at the intersection of game theory and {area}.",
}

// sharedSlots fill a slot a family leaves empty.
var sharedSlots = map[string][]string{
	"audience": {"practitioners", "policy makers", "system designers", "future empirical work"},
	"baseline": {"the standard approach", "recent baselines", "prior methods"},
	"metric":   {"error", "running time", "cost"},
}

// firstNames and worldSurnames are ordinary names from many countries.
var firstNames = []string{
	"Maria", "James", "Wei", "Aisha", "Lukas", "Sofia", "Hiroshi", "Priya", "Mateo", "Olga",
	"Kwame", "Elena", "Ahmed", "Chloe", "Rafael", "Yuki", "Ingrid", "Tomasz", "Fatima", "Daniel",
	"Mei", "Arjun", "Laura", "Sergei", "Amara", "Jonas", "Isabel", "Kenji", "Nadia", "Pablo",
	"Hannah", "Omar", "Lucia", "Dmitri", "Grace", "Ravi", "Anna", "Felipe", "Zeynep", "Thomas",
	"Leila", "Marco", "Sarah", "Jun", "Camille", "Emeka", "Ana", "Nikolai", "Julia", "Samuel",
	"Min-jun", "Chiara", "David", "Ines", "Viktor", "Naomi", "Andrea", "Tariq", "Eva", "Paulo",
}

var worldSurnames = []string{
	"Garcia", "Chen", "Müller", "Okafor", "Rossi", "Nakamura", "Patel", "Kowalski", "Silva", "Ivanova",
	"Johansson", "Haddad", "Dubois", "Kim", "Fernández", "Andersen", "Novak", "Singh", "Schmidt", "Tanaka",
	"Li", "Costa", "Moreau", "Petrov", "Mensah", "Becker", "Lopez", "Wang", "Yilmaz", "Nguyen",
	"Larsen", "Romano", "Sato", "Kumar", "Bauer", "Martins", "Zhang", "O'Brien", "Horvath", "Ortiz",
	"Lindqvist", "Ahmadi", "Fischer", "Herrera", "Suzuki", "Walker", "Dimitrov", "Nowak", "Santos", "Liu",
	"Ferreira", "Kaur", "Hoffmann", "Jensen", "Morales", "Takahashi", "Popescu", "Weber", "Adeyemi", "Zhou",
}

// wordSurnames are real worldSurnames that are also words a game-theory query
// uses (after stemming: Cooper ~ cooperation, Banks ~ bank, Prices ~
// price). A bare or all: query finds their papers whatever they are about.
var wordSurnames = []string{
	"Nash", "Price", "Fair", "Bidder", "Banks", "King", "Moral", "Cooper", "Best", "Field",
	"Winter", "Power", "Young", "Hart", "Game", "Player", "Hawk", "Dove", "Bond", "Sharp",
	"Trust", "Fairchild", "Mechanic", "Coyle", "Seller",
}

var venues = []string{"NeurIPS", "ICML", "EC", "WINE", "SODA", "STOC", "AAMAS", "IJCAI", "AAAI", "KDD", "SIGCOMM", "VLDB", "CHI", "MICCAI"}

// journals by primary category, for journal references.
var journals = map[string]string{
	"cs.GT": "Games and Economic Behavior", "econ.TH": "Journal of Economic Theory", "q-bio.PE": "Journal of Theoretical Biology",
	"math.OC": "SIAM Journal on Control and Optimization", "cond-mat.stat-mech": "Physical Review E", "astro-ph.GA": "Monthly Notices of the Royal Astronomical Society",
	"hep-ph": "Physical Review D", "quant-ph": "Quantum", "q-bio.NC": "Neural Computation", "cs.DC": "IEEE Transactions on Parallel and Distributed Systems",
	"stat.ME": "Biometrika", "stat.AP": "Annals of Applied Statistics", "physics.chem-ph": "Journal of Chemical Physics", "math.DG": "Journal of Differential Geometry",
	"econ.GN": "Economic Modelling", "cs.HC": "International Journal of Human-Computer Studies",
}
