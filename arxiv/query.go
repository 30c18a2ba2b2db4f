package arxiv

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// QueryOptions shape BuildQuery's output.
type QueryOptions struct {
	// Prefix scopes every result, for example "game theory" (searched as the
	// phrase all:"game theory"). A Prefix written in arXiv syntax, such as
	// `cat:cs.GT OR all:"game theory"`, is used as it is, in parentheses.
	Prefix string
	// Field is the arXiv field prefix for keywords and phrases: all (the
	// default), ti, abs, co, au, jr, cat, rn or id.
	Field string
	// MaxTerms caps the number of keywords taken from the question (phrases
	// in quotes always count); 0 means 8. Questions rarely have more content
	// words, and a long OR group drowns the relevance ranking.
	MaxTerms int
}

var queryFields = []string{"all", "ti", "abs", "co", "au", "jr", "cat", "rn", "id"}

// rawSyntax spots a query already written in arXiv syntax: a field prefix
// followed by a term, or an upper-case boolean operator between words.
var (
	rawField    = regexp.MustCompile(`(?:^|[\s(])(?:ti|au|abs|co|jr|cat|rn|id|all):\S`)
	rawOperator = regexp.MustCompile(`\S\s+(?:AND|OR|ANDNOT)\s+\S`)
)

// BuildQuery turns a question into an arXiv search_query.
//
// A question already in arXiv syntax (a field prefix such as ti:, au:,
// abs:, cat:, all:, id:, or an AND/OR/ANDNOT operator) passes through as
// typed; only a dangling quote, parenthesis or operator is dropped so arXiv
// does not answer with an error. Otherwise the question becomes keywords:
// stop words and punctuation go, "quoted phrases" stay phrases, hyphenated
// words (tit-for-tat, zero-sum) become phrases because arXiv's index splits
// them, and possessives lose their 's (prisoner's → prisoner).
//
// Without a Prefix every phrase and keyword is required (AND): the words are
// all the user gave. With a Prefix the result is
//
//	all:"game theory" AND <quoted phrases> AND (all:kw1 OR all:kw2 …)
//
// because an AND of every keyword of a natural question rarely matches any
// single abstract ("how do players learn to cooperate in repeated games"
// has five content words), while the prefix already confines the search to
// the topic: the OR group only has to rank the papers that share the most
// and rarest keywords first, which arXiv's relevance order does.
//
// The result has balanced quotes and parentheses. It is "" when the
// question holds nothing to search for; the caller reports that.
func BuildQuery(question string, opts QueryOptions) string {
	q := cleanText(question)
	if q == "" {
		return ""
	}
	if isRawQuery(q) {
		return repairRaw(q)
	}
	field := strings.ToLower(strings.TrimSpace(opts.Field))
	if !slices.Contains(queryFields, field) {
		field = "all"
	}
	maxTerms := opts.MaxTerms
	if maxTerms <= 0 {
		maxTerms = 8
	}

	phrases, keywords := extractTerms(q)
	prefix := cleanText(opts.Prefix)
	var prefixClause string
	var prefixWords []string
	switch {
	case prefix == "":
	case isRawQuery(prefix):
		if r := repairRaw(prefix); r != "" {
			prefixClause = "(" + r + ")"
		}
	default:
		ws := words(prefix)
		prefixWords = ws
		prefixClause = term(field, strings.Join(ws, " "))
	}

	// Keywords that only repeat the prefix add nothing under AND and would
	// match every paper under OR.
	keywords = slices.DeleteFunc(keywords, func(k string) bool {
		return slices.ContainsFunc(prefixWords, func(w string) bool { return sameWord(k, w) })
	})
	if len(keywords) > maxTerms {
		keywords = keywords[:maxTerms]
	}
	if len(phrases) == 0 && len(keywords) == 0 {
		return ""
	}

	var clauses []string
	if prefixClause != "" {
		clauses = append(clauses, prefixClause)
	}
	for _, p := range phrases {
		clauses = append(clauses, term(field, p))
	}
	if prefixClause == "" {
		for _, k := range keywords {
			clauses = append(clauses, term(field, k))
		}
	} else if len(keywords) > 0 {
		group := make([]string, len(keywords))
		for i, k := range keywords {
			group[i] = term(field, k)
		}
		if len(group) == 1 {
			clauses = append(clauses, group[0])
		} else {
			clauses = append(clauses, "("+strings.Join(group, " OR ")+")")
		}
	}
	return strings.Join(clauses, " AND ")
}

// term renders one keyword or phrase under a field; only letters, digits and
// spaces reach it, so quoting cannot break.
func term(field, t string) string {
	if strings.Contains(t, " ") {
		return field + `:"` + t + `"`
	}
	return field + ":" + t
}

func sameWord(a, b string) bool {
	return a == b || a == b+"s" || a+"s" == b
}

// cleanText makes text safe to put in a URL and to scan: valid UTF-8, no
// control characters, single spaces.
func cleanText(s string) string {
	s = strings.ToValidUTF8(s, " ")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return ' '
		}
		return r
	}, s)
	return normalizeSpace(s)
}

func isRawQuery(q string) bool {
	return rawField.MatchString(q) || rawOperator.MatchString(q)
}

var operators = []string{"AND", "OR", "ANDNOT"}

// repairRaw keeps a user's arXiv query as typed unless it cannot be valid:
// an odd quote loses its last quote, a ")" without its "(" goes, operators
// with nothing on one side go, and a "(" left open is closed at the end.
func repairRaw(q string) string {
	if strings.Count(q, `"`)%2 == 1 {
		i := strings.LastIndex(q, `"`)
		q = q[:i] + q[i+1:]
	}
	var b strings.Builder
	depth := 0
	for _, r := range q {
		switch r {
		case '(':
			depth++
		case ')':
			if depth == 0 {
				continue
			}
			depth--
		}
		b.WriteRune(r)
	}
	fs := strings.Fields(b.String())
	for len(fs) > 0 && slices.Contains(operators, fs[0]) {
		fs = fs[1:]
	}
	for len(fs) > 0 && slices.Contains(operators, fs[len(fs)-1]) {
		fs = fs[:len(fs)-1]
	}
	if len(fs) == 0 {
		return ""
	}
	return strings.Join(fs, " ") + strings.Repeat(")", depth)
}

// quoteFolder and joinerFolder spell typographic quotes, apostrophes and
// hyphens the ASCII way. They are built once: words runs for every token.
var (
	quoteFolder  = strings.NewReplacer("“", `"`, "”", `"`, "„", `"`, "«", `"`, "»", `"`)
	joinerFolder = strings.NewReplacer("’", "'", "‘", "'", "‐", "-", "‑", "-", "–", "-")
)

// extractTerms splits a natural-language question into quoted phrases and
// keywords (hyphenated words count as keywords, rendered as phrases), each
// lower-case and without duplicates.
func extractTerms(q string) (phrases, keywords []string) {
	q = quoteFolder.Replace(q)
	parts := strings.Split(q, `"`)
	seen := map[string]bool{}
	add := func(list *[]string, t string) {
		if t != "" && !seen[t] {
			seen[t] = true
			*list = append(*list, t)
		}
	}
	for i, part := range parts {
		// Odd parts sit between quotes; the last one of an odd count of
		// quotes was never closed and is ordinary text.
		quoted := i%2 == 1 && i < len(parts)-1
		if quoted {
			ws := words(part)
			switch {
			case len(ws) > 1:
				add(&phrases, strings.Join(ws, " "))
			case len(ws) == 1 && !isStopWord(ws[0]) && len([]rune(ws[0])) > 1:
				add(&keywords, ws[0])
			}
			continue
		}
		for _, tok := range tokens(part) {
			ws := words(tok)
			switch {
			case len(ws) == 0:
			case len(ws) > 1:
				// A hyphenated or apostrophised word: keep it unless it is
				// made of stop words only ("how-to").
				if slices.ContainsFunc(ws, func(w string) bool { return !isStopWord(w) }) {
					add(&keywords, strings.Join(ws, " "))
				}
			case !isStopWord(ws[0]) && len([]rune(ws[0])) > 1:
				add(&keywords, ws[0])
			}
		}
	}
	return phrases, keywords
}

// tokens splits text into words made of letters, digits and marks, keeping
// hyphens and apostrophes that join two such characters (tit-for-tat,
// prisoner's).
func tokens(s string) []string {
	rs := []rune(s)
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		switch {
		case isWordRune(r):
			cur = append(cur, r)
		case isJoiner(r) && len(cur) > 0 && i+1 < len(rs) && isWordRune(rs[i+1]):
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// words lower-cases a token or phrase and splits it into plain words: a
// possessive 's goes, hyphens and other apostrophes separate words.
func words(s string) []string {
	var out []string
	for _, tok := range tokens(s) {
		tok = strings.ToLower(tok)
		tok = joinerFolder.Replace(tok)
		tok = strings.TrimSuffix(tok, "'s")
		if isStopWord(tok) && strings.ContainsAny(tok, "'") {
			continue // contractions such as "don't" are stop words whole
		}
		for _, w := range strings.FieldsFunc(tok, func(r rune) bool { return r == '-' || r == '\'' }) {
			if w != "" {
				out = append(out, w)
			}
		}
	}
	return out
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

func isJoiner(r rune) bool {
	switch r {
	case '-', '\'', '’', '‐', '‑', '–':
		return true
	}
	return false
}

func isStopWord(w string) bool {
	_, ok := stopWords[w]
	return ok
}

// stopWords are English function words plus the verbs and nouns questions
// are phrased with ("explain", "difference between"), which say nothing
// about the topic and only narrow an arXiv search.
var stopWords = func() map[string]struct{} {
	list := `a about above after again against all also am an and any are aren't as at be because been
before being below between both but by can can't cannot could couldn't did didn't do does doesn't
doing don't down during each either else ever every few for from further get gets getting give
given gives had hadn't has hasn't have haven't having he her here here's hers herself him himself his
how how's however i i'd i'll i'm i've if in into is isn't it it's its itself just kind let's like
many may me might more most much must mustn't my myself no nor not now of off often on once only or
other ought our ours ourselves out over own per please quite rather really said same say says shall
shan't she should shouldn't so some such than that that's the their theirs them themselves then there
there's these they they'd they'll they're they've this those though through thus to too under until
up upon us use used uses using very via was wasn't we we'd we'll we're we've were weren't what what's
when when's where where's whether which while who who's whom whose why why's will with within without
won't would wouldn't yes yet you you'd you'll you're you've your yours yourself yourselves
define defined definition describe described description difference differences different does
example examples explain explained explanation find help know mean meaning means one paper papers
show tell think understand want way ways work works compare compared comparison versus vs better`
	m := make(map[string]struct{})
	for _, w := range strings.Fields(list) {
		m[w] = struct{}{}
	}
	return m
}()
